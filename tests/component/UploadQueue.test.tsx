/**
 * QA finding 12 (second half): files chosen together in the media library upload at most 3 at a
 * time, the rest waiting «У черзі»; a waiting file cancelled never starts, and a running one still
 * pauses and resumes. A paused upload frees its slot for the next waiting file; resumed while 3 run,
 * it waits «У черзі» and then continues its upload session where it stopped. A failed upload tried
 * again while 3 run waits «У черзі» too; a paused upload (or one waiting to continue) cancelled ends
 * «Скасовано» with nothing stored. The library drives the real firebase/storage SDK against the real
 * embedded server on loopback; upload requests (POST) are counted on their way to the network (Node's
 * fetch, passed through unchanged) and the running uploads on screen as they change.
 */
import { randomBytes } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FirebaseStorage } from 'firebase/storage';
import { describe, expect, it, vi } from 'vitest';
import { AdminContext } from '../../src/client/admin/context';
import { MediaBrowser } from '../../src/client/admin/media/MediaBrowser';
import { renderAdmin } from './render';
import { FIELD_ADMIN, useStorageEditor } from './storageEditor';

const client = vi.hoisted(() => ({ storage: null as FirebaseStorage | null }));
vi.mock('../../src/client/lib/storage', () => ({ firebaseStorage: () => client.storage }));

const { storedNames } = useStorageEditor('upload-queue-editor@uhmi.example.org', client);

/** Which of `names` the upload request to `url` belongs to (object names end in `-<file name>`). */
const fileOfRequest = (url: string, names: Iterable<string>) =>
  [...names].find((name) => url.endsWith(`-${name}`) || url.includes(`-${name}&`));

/**
 * The most upload requests (POST to the store) in flight at once and the upload sessions started,
 * counted from now; the data requests of a file whose name is `hold`-ed wait (in flight) until
 * `release(name)`, so that the test decides when an upload can move on. The next data request of a
 * file whose name is `expire`-d finds its upload session gone (cancelled on the server first, as the
 * server drops sessions idle too long), so that upload fails.
 */
function countUploadRequests() {
  vi.restoreAllMocks(); // an earlier test's spy on fetch
  const realFetch = globalThis.fetch;
  const stats = { inFlight: 0, maxInFlight: 0, total: 0, sessions: 0 };
  const held = new Map<string, { gate: Promise<void>; open: () => void }>();
  const expiring = new Set<string>();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method !== 'POST') return realFetch(input, init);
    const command = new Headers(init?.headers).get('X-Goog-Upload-Command') ?? '';
    if (command === 'start') stats.sessions++;
    stats.total++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      const url = input instanceof Request ? input.url : String(input);
      const gate = held.get(fileOfRequest(decodeURIComponent(url), held.keys()) ?? '')?.gate;
      if (command.startsWith('upload') && gate) await gate;
      const expired = fileOfRequest(decodeURIComponent(url), expiring);
      if (command.startsWith('upload') && expired) {
        expiring.delete(expired);
        const headers = new Headers(init?.headers);
        headers.set('X-Goog-Upload-Command', 'cancel');
        headers.delete('X-Goog-Upload-Offset');
        await realFetch(url, { method: 'POST', headers });
      }
      return await realFetch(input, init);
    } finally {
      stats.inFlight--;
    }
  });
  const hold = (name: string) => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    held.set(name, { gate, open });
  };
  const release = (name: string) => {
    held.get(name)?.open();
    held.delete(name);
  };
  return { stats, hold, release, expire: (name: string) => expiring.add(name) };
}

/** The most uploads shown running at once (UploadProgress's status line), from now. */
function countShownUploads() {
  const stats = { max: 0 };
  const observer = new MutationObserver(() => {
    const shown = [...document.querySelectorAll('[aria-live="polite"]')].filter((el) =>
      /^Завантаження:/.test(el.textContent ?? ''),
    ).length;
    stats.max = Math.max(stats.max, shown);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { stats, stop: () => observer.disconnect() };
}

const binary = (name: string, megabytes: number) =>
  new File([randomBytes(megabytes * 1024 * 1024)], name, { type: 'application/octet-stream' });

/** The media library with `files` chosen in its upload button; returns the upload row of a file by name. */
async function uploadInLibrary(user: ReturnType<typeof userEvent.setup>, files: File[]) {
  renderAdmin(
    <AdminContext.Provider value={FIELD_ADMIN}>
      <MediaBrowser />
    </AdminContext.Provider>,
  );
  const input = screen
    .getByRole('button', { name: 'Завантажити файли' })
    .parentElement!.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, files);
  return (name: string) => screen.getByRole('group', { name: `Завантаження ${name}` });
}

/** The stored names in the library's folder of the files named `<prefix>-<digit>.bin`. */
const storedOf = async (prefix: string) =>
  (await storedNames('public/media')).filter((n) => new RegExp(`-${prefix}-\\d\\.bin$`).test(n));

/** The status line of an upload row. */
const statusOf = (row: HTMLElement) => row.querySelector('[aria-live="polite"]')?.textContent ?? '';

/**
 * Waits until the uploads that succeeded have left the list and the library shows its files with
 * their details (nothing loading), so that none of its requests or timers outlives the test.
 */
async function libraryIdle() {
  await waitFor(
    () => {
      for (const row of screen.queryAllByRole('group', { name: /^Завантаження / }))
        expect(statusOf(row)).toMatch(/^(Помилка|Скасовано):/);
      expect(screen.queryAllByLabelText(/^Завантаження (списку файлів|відомостей про )/)).toHaveLength(0);
    },
    { timeout: 20_000 },
  );
}

describe('upload queue', () => {
  it('runs at most 3 uploads at once; a cancelled waiting file never starts; pause and resume still work', async () => {
    const user = userEvent.setup();
    const { stats: requests } = countUploadRequests();
    const shown = countShownUploads();
    const files = [binary('big.bin', 12), ...Array.from({ length: 7 }, (_, i) => binary(`q-${i + 2}.bin`, 2))];
    const group = await uploadInLibrary(user, files);
    expect(screen.getAllByText(/^У черзі/)).toHaveLength(5);
    expect(within(group('q-8.bin')).getByText(/^У черзі/)).toBeTruthy();
    await user.click(within(group('q-8.bin')).getByRole('button', { name: 'Скасувати' }));
    expect(screen.queryByRole('group', { name: 'Завантаження q-8.bin' })).toBeNull();

    await user.click(within(group('big.bin')).getByRole('button', { name: 'Пауза' }));
    await within(group('big.bin')).findByText(/^Призупинено:/, {}, { timeout: 20_000 });
    await user.click(within(group('big.bin')).getByRole('button', { name: 'Продовжити' }));

    await waitFor(async () => expect(await storedNames('public/media')).toHaveLength(7), { timeout: 120_000 });
    shown.stop();
    await libraryIdle();
    const names = await storedNames('public/media');
    expect(names.filter((n) => n.endsWith('-big.bin'))).toHaveLength(1);
    expect(requests.sessions).toBe(7);
    for (let i = 2; i <= 7; i++) expect(names.filter((n) => n.endsWith(`-q-${i}.bin`))).toHaveLength(1);
    expect(names.some((n) => n.endsWith('q-8.bin'))).toBe(false);
    expect(shown.stats.max).toBe(3);
    expect(requests.total).toBeGreaterThanOrEqual(7);
    expect(requests.maxInFlight).toBeGreaterThan(1);
    expect(requests.maxInFlight).toBeLessThanOrEqual(3);
  }, 240_000);

  it('gives a paused upload’s slot to the next file; resumed while 3 run, it waits «У черзі» and continues where it stopped', async () => {
    const user = userEvent.setup();
    const { stats: requests, hold, release } = countUploadRequests();
    const shown = countShownUploads();
    const names = ['p-1.bin', 'p-2.bin', 'p-3.bin', 'p-4.bin', 'p-5.bin'];
    for (const name of names) hold(name);
    const group = await uploadInLibrary(
      user,
      names.map((name) => binary(name, 24)),
    );
    expect(within(group('p-4.bin')).getByText(/^У черзі \(/)).toBeTruthy();

    // Two paused uploads (each pauses once its request in flight ends): each frees its slot, and
    // the next waiting file starts.
    await user.click(within(group('p-1.bin')).getByRole('button', { name: 'Пауза' }));
    release('p-1.bin');
    await within(group('p-1.bin')).findByText(/^Призупинено:/, {}, { timeout: 20_000 });
    await waitFor(() => expect(statusOf(group('p-4.bin'))).toMatch(/^Завантаження:/), { timeout: 20_000 });
    const pausedAt = statusOf(group('p-1.bin')).replace(/^Призупинено/, 'У черзі');
    await user.click(within(group('p-2.bin')).getByRole('button', { name: 'Пауза' }));
    release('p-2.bin');
    await within(group('p-2.bin')).findByText(/^Призупинено:/, {}, { timeout: 20_000 });
    await waitFor(() => expect(statusOf(group('p-5.bin'))).toMatch(/^Завантаження:/), { timeout: 20_000 });

    // p-3, p-4 and p-5 run: p-1 asked to continue waits in the queue with the bytes it had sent.
    await user.click(within(group('p-1.bin')).getByRole('button', { name: 'Продовжити' }));
    expect(statusOf(group('p-1.bin'))).toBe(pausedAt);
    expect(within(group('p-1.bin')).queryByRole('button', { name: 'Пауза' })).toBeNull();
    await user.click(within(group('p-2.bin')).getByRole('button', { name: 'Продовжити' }));
    for (const name of names) release(name);

    const stored = () => storedOf('p');
    await waitFor(async () => expect(await stored()).toHaveLength(5), { timeout: 180_000 });
    shown.stop();
    await libraryIdle();
    for (const name of names) expect((await stored()).filter((n) => n.endsWith(`-${name}`))).toHaveLength(1);
    // Each file was one upload session: the resumed ones continued theirs.
    expect(requests.sessions).toBe(5);
    expect(shown.stats.max).toBe(3);
    expect(requests.maxInFlight).toBeLessThanOrEqual(3);
  }, 300_000);

  it('starts a failed upload tried again while 3 run once a slot frees, waiting «У черзі»; with a free slot at once', async () => {
    const user = userEvent.setup();
    const { stats: requests, hold, release, expire } = countUploadRequests();
    const shown = countShownUploads();
    const names = ['r-1.bin', 'r-2.bin', 'r-3.bin', 'r-4.bin'];
    for (const name of names.slice(1)) hold(name);
    expire('r-1.bin');
    expire('r-2.bin');
    const group = await uploadInLibrary(
      user,
      names.map((name) => binary(name, 4)),
    );

    // r-1's session is gone when its first chunk arrives: it fails, and r-4 takes its slot.
    await within(group('r-1.bin')).findByText(/^Помилка:/, {}, { timeout: 20_000 });
    expect(within(group('r-1.bin')).getByRole('alert').textContent).toMatch(/[А-Яа-яІіЇїЄє]/);
    await waitFor(() => expect(statusOf(group('r-4.bin'))).toMatch(/^Завантаження:/), { timeout: 20_000 });

    // Tried again while r-2, r-3 and r-4 run: it waits in the queue, without starting a session.
    hold('r-1.bin');
    await user.click(within(group('r-1.bin')).getByRole('button', { name: 'Спробувати ще раз' }));
    expect(statusOf(group('r-1.bin'))).toMatch(/^У черзі \(/);
    expect(within(group('r-1.bin')).queryByRole('alert')).toBeNull();
    for (const name of names.slice(1)) expect(statusOf(group(name))).toMatch(/^Завантаження:/);
    expect(requests.sessions).toBe(4);

    // r-2 fails in turn (its session gone too): r-1 takes its slot.
    release('r-2.bin');
    await within(group('r-2.bin')).findByText(/^Помилка:/, {}, { timeout: 20_000 });
    await waitFor(() => expect(statusOf(group('r-1.bin'))).toMatch(/^Завантаження:/), { timeout: 20_000 });
    for (const name of ['r-1.bin', 'r-3.bin', 'r-4.bin']) release(name);
    // Finished uploads leave the list.
    await waitFor(() => expect(screen.getAllByRole('group', { name: /^Завантаження r-/ })).toHaveLength(1), {
      timeout: 120_000,
    });

    // Nothing runs now: r-2 tried again starts at once.
    hold('r-2.bin');
    await user.click(within(group('r-2.bin')).getByRole('button', { name: 'Спробувати ще раз' }));
    expect(statusOf(group('r-2.bin'))).toMatch(/^Завантаження:/);
    release('r-2.bin');
    await waitFor(async () => expect(await storedOf('r')).toHaveLength(4), { timeout: 120_000 });
    shown.stop();
    await libraryIdle();
    for (const name of names) expect((await storedOf('r')).filter((n) => n.endsWith(`-${name}`))).toHaveLength(1);
    expect(requests.sessions).toBe(6);
    expect(shown.stats.max).toBe(3);
    expect(requests.maxInFlight).toBeLessThanOrEqual(3);
  }, 180_000);

  it('cancels a paused upload and one waiting to continue: each ends «Скасовано», stores nothing, holds no slot', async () => {
    const user = userEvent.setup();
    const { stats: requests, hold, release } = countUploadRequests();
    const shown = countShownUploads();
    const names = ['c-1.bin', 'c-2.bin', 'c-3.bin', 'c-4.bin', 'c-5.bin', 'c-6.bin'];
    for (const name of names) hold(name);
    const group = await uploadInLibrary(
      user,
      names.map((name) => binary(name, 4)),
    );

    // c-1 and c-2 paused: c-4 and c-5 take their slots. c-2 asked to continue waits ahead of c-6.
    for (const [paused, next] of [
      ['c-1.bin', 'c-4.bin'],
      ['c-2.bin', 'c-5.bin'],
    ] as const) {
      await user.click(within(group(paused)).getByRole('button', { name: 'Пауза' }));
      release(paused);
      await within(group(paused)).findByText(/^Призупинено:/, {}, { timeout: 20_000 });
      await waitFor(() => expect(statusOf(group(next))).toMatch(/^Завантаження:/), { timeout: 20_000 });
    }
    await user.click(within(group('c-2.bin')).getByRole('button', { name: 'Продовжити' }));
    expect(statusOf(group('c-2.bin'))).toMatch(/^У черзі:/);

    for (const name of ['c-1.bin', 'c-2.bin']) {
      await user.click(within(group(name)).getByRole('button', { name: 'Скасувати' }));
      await within(group(name)).findByText(/^Скасовано:/, {}, { timeout: 20_000 });
      expect(within(group(name)).getByRole('alert').textContent).toBe('Завантаження скасовано.');
      expect(within(group(name)).queryAllByRole('button')).toHaveLength(0);
    }
    expect(statusOf(group('c-6.bin'))).toMatch(/^У черзі \(/);

    // c-3 ends: its slot goes to c-6, not to the cancelled c-2.
    release('c-3.bin');
    await waitFor(() => expect(statusOf(group('c-6.bin'))).toMatch(/^Завантаження:/), { timeout: 20_000 });
    for (const name of names) release(name);
    await waitFor(async () => expect(await storedOf('c')).toHaveLength(4), { timeout: 120_000 });
    shown.stop();
    await libraryIdle();
    const stored = await storedOf('c');
    for (const name of names.slice(2)) expect(stored.filter((n) => n.endsWith(`-${name}`))).toHaveLength(1);
    for (const name of ['c-1.bin', 'c-2.bin']) {
      expect(stored.some((n) => n.endsWith(`-${name}`))).toBe(false);
      expect(statusOf(group(name))).toMatch(/^Скасовано:/);
    }
    expect(requests.sessions).toBe(6);
    expect(shown.stats.max).toBe(3);
    expect(requests.maxInFlight).toBeLessThanOrEqual(3);
  }, 180_000);
});
