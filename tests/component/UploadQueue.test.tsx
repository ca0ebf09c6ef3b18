/**
 * QA finding 12 (second half): files chosen together in the media library upload at most 3 at a
 * time, the rest waiting «У черзі»; a waiting file cancelled never starts, and a running one still
 * pauses and resumes. The library drives the real firebase/storage SDK against the real embedded
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

/** The most upload requests (POST to the store) in flight at once, counted from now. */
function countUploadRequests() {
  const realFetch = globalThis.fetch;
  const stats = { inFlight: 0, maxInFlight: 0, total: 0 };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method !== 'POST') return realFetch(input, init);
    stats.total++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    try {
      return await realFetch(input, init);
    } finally {
      stats.inFlight--;
    }
  });
  return stats;
}

/** The most uploads shown running or paused at once (UploadProgress's status line), from now. */
function countShownUploads() {
  const stats = { max: 0 };
  const observer = new MutationObserver(() => {
    const shown = [...document.querySelectorAll('[aria-live="polite"]')].filter((el) =>
      /^(Завантаження|Призупинено):/.test(el.textContent ?? ''),
    ).length;
    stats.max = Math.max(stats.max, shown);
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  return { stats, stop: () => observer.disconnect() };
}

const binary = (name: string, megabytes: number) =>
  new File([randomBytes(megabytes * 1024 * 1024)], name, { type: 'application/octet-stream' });

describe('upload queue', () => {
  it('runs at most 3 uploads at once; a cancelled waiting file never starts; pause and resume still work', async () => {
    const user = userEvent.setup();
    const requests = countUploadRequests();
    const shown = countShownUploads();
    renderAdmin(
      <AdminContext.Provider value={FIELD_ADMIN}>
        <MediaBrowser />
      </AdminContext.Provider>,
    );
    const input = screen
      .getByRole('button', { name: 'Завантажити файли' })
      .parentElement!.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = [binary('big.bin', 12), ...Array.from({ length: 7 }, (_, i) => binary(`q-${i + 2}.bin`, 2))];
    await user.upload(input, files);

    const group = (name: string) => screen.getByRole('group', { name: `Завантаження ${name}` });
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
    for (let i = 2; i <= 7; i++) expect(names.filter((n) => n.endsWith(`-q-${i}.bin`))).toHaveLength(1);
    expect(names.some((n) => n.endsWith('q-8.bin'))).toBe(false);
    expect(shown.stats.max).toBe(3);
    expect(requests.total).toBeGreaterThanOrEqual(7);
    expect(requests.maxInFlight).toBeGreaterThan(1);
    expect(requests.maxInFlight).toBeLessThanOrEqual(3);
  }, 240_000);
});
