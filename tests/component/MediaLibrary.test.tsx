/**
 * QA finding 12 (first half): the media library with 120 files shows their names from the first
 * list() page at once, fetches the details of the 50 on screen with at most 6 storage requests in
 * flight, and the next 50 only on «Показати ще»; picking a file still hands back a working link. The
 * browser drives the real firebase/storage SDK against the real embedded server on loopback; the
 * SDK's requests are counted on their way to the network (Node's fetch, passed through unchanged).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import pLimit from 'p-limit';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AdminContext } from '../../src/client/admin/context';
import { MediaBrowser } from '../../src/client/admin/media/MediaBrowser';
import type { FileRef } from '../../src/shared/content/fields';
import { renderAdmin } from './render';
import { FIELD_ADMIN, useStorageEditor } from './storageEditor';

const client = vi.hoisted(() => ({ storage: null as FirebaseStorage | null }));
vi.mock('../../src/client/lib/storage', () => ({ firebaseStorage: () => client.storage }));

useStorageEditor('media-library-editor@uhmi.example.org', client);

const FILES = 120;
const nameOf = (i: number) => `f-${String(i).padStart(3, '0')}.txt`;

beforeAll(async () => {
  const limit = pLimit(8);
  await Promise.all(
    Array.from({ length: FILES }, (_, i) =>
      limit(() =>
        uploadBytes(
          ref(client.storage!, `public/media/${nameOf(i)}`),
          new Blob([`file ${String(i).padStart(3, '0')}\n`]),
          {
            contentType: 'text/plain',
          },
        ),
      ),
    ),
  );
}, 60_000);

/** Counts the SDK's requests for single objects (metadata, download URL), not the folder listings. */
function countObjectRequests() {
  const realFetch = globalThis.fetch;
  const stats = { started: 0, done: 0, inFlight: 0, maxInFlight: 0 };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!/\/v0\/b\/[^/]+\/o\/./.test(url.pathname)) return realFetch(input, init);
    stats.started++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      return await realFetch(input, init);
    } finally {
      stats.inFlight--;
      stats.done++;
    }
  });
  return stats;
}

afterEach(() => vi.restoreAllMocks());

/** A file's «Копіювати посилання» button, there once its details are shown (by label: *ByRole is slow on 50 cards). */
const copyButton = (name: string) =>
  waitFor(
    () => {
      const button = document.querySelector<HTMLElement>(`button[aria-label="Копіювати посилання на ${name}"]`);
      if (!button) throw new Error(`no card with details for ${name}`);
      return button;
    },
    { timeout: 90_000 },
  );

function renderLibrary(onPick?: (file: FileRef) => void) {
  renderAdmin(
    <AdminContext.Provider value={FIELD_ADMIN}>
      <MediaBrowser onPick={onPick} />
    </AdminContext.Provider>,
  );
}

describe('media library with 120 files', () => {
  it('names the files before their details arrive and fetches details 50 at a time, 6 requests at most', async () => {
    const user = userEvent.setup();
    const stats = countObjectRequests();
    renderLibrary();
    await screen.findByText(nameOf(0), {}, { timeout: 30_000 });
    // Shown from the listing itself: far from all 240 detail requests have been answered.
    expect(stats.done).toBeLessThan(FILES);
    expect(screen.getByText(nameOf(49))).toBeTruthy();
    expect(screen.queryByText(nameOf(50))).toBeNull();
    expect(screen.getByText('Показано 50 з 120')).toBeTruthy();

    await copyButton(nameOf(49));
    await waitFor(() => expect(stats.inFlight).toBe(0), { timeout: 30_000 });
    expect(stats.started).toBe(2 * 50);
    expect(screen.getAllByText('9 Б').length).toBeGreaterThan(0);

    await user.click(screen.getByText('Показати ще'));
    expect(screen.getByText(nameOf(99))).toBeTruthy();
    expect(screen.queryByText(nameOf(100))).toBeNull();
    await user.click(screen.getByText('Показати ще'));
    await copyButton(nameOf(119));
    expect(screen.queryByText('Показати ще')).toBeNull();
    await waitFor(() => expect(stats.inFlight).toBe(0), { timeout: 30_000 });
    expect(stats.started).toBe(2 * FILES);
    expect(stats.maxInFlight).toBeGreaterThan(1);
    expect(stats.maxInFlight).toBeLessThanOrEqual(6);
  }, 240_000);

  it('picks a file from the first page with a link that serves it', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn<(file: FileRef) => void>();
    renderLibrary(onPick);
    const card = (await copyButton(nameOf(3))).closest<HTMLElement>('.mantine-Card-root')!;
    await user.click(within(card).getByRole('button', { name: 'Обрати' }));
    expect(onPick).toHaveBeenCalledOnce();
    const picked = onPick.mock.calls[0]![0];
    expect(picked).toMatchObject({ path: `public/media/${nameOf(3)}`, contentType: 'text/plain', size: 9 });
    const served = await fetch(picked.url);
    expect(Buffer.from(await served.arrayBuffer()).toString()).toBe('file 003\n');
  }, 240_000);
});
