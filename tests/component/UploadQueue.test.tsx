/**
 * QA finding 12 (second half): files chosen together in the media library upload at most 3 at a
 * time, the rest waiting «У черзі»; a waiting file cancelled never starts, and a running one still
 * pauses and resumes. A paused upload frees its slot for the next waiting file; resumed while 3 run,
 * it waits «У черзі» and then continues its upload session where it stopped. The library drives the real firebase/storage SDK against the real embedded
 * server on loopback; upload requests (POST) are counted on their way to the network (Node's fetch,
 * passed through unchanged) and the running uploads on screen as they change.
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

/**
 * The most upload requests (POST to the store) in flight at once and the upload sessions started,
 * counted from now; the data requests of a file whose name is `hold`-ed wait (in flight) until
 * `release(name)`, so that the test decides when an upload can move on.
 */
function countUploadRequests() {
  vi.restoreAllMocks(); // an earlier test's spy on fetch
  const realFetch = globalThis.fetch;
  const stats = { inFlight: 0, maxInFlight: 0, total: 0, sessions: 0 };
  const held = new Map<string, { gate: Promise<void>; open: () => void }>();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method !== 'POST') return realFetch(input, init);
    const command = new Headers(init?.headers).get('X-Goog-Upload-Command') ?? '';
    if (command === 'start') stats.sessions++;
    stats.total++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      const url = decodeURIComponent(input instanceof Request ? input.url : String(input));
      const gate = [...held].find(([name]) => url.endsWith(`-${name}`) || url.includes(`-${name}&`))?.[1].gate;
      if (command.startsWith('upload') && gate) await gate;
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
  return { stats, hold, release };
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

/** The status line of an upload row. */
const statusOf = (row: HTMLElement) => row.querySelector('[aria-live="polite"]')?.textContent ?? '';

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

    const stored = async () => (await storedNames('public/media')).filter((n) => /-p-\d\.bin$/.test(n));
    await waitFor(async () => expect(await stored()).toHaveLength(5), { timeout: 180_000 });
    shown.stop();
    for (const name of names) expect((await stored()).filter((n) => n.endsWith(`-${name}`))).toHaveLength(1);
    // Each file was one upload session: the resumed ones continued theirs.
    expect(requests.sessions).toBe(5);
    expect(shown.stats.max).toBe(3);
    expect(requests.maxInFlight).toBeLessThanOrEqual(3);
  }, 300_000);
});
