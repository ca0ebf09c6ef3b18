/**
 * Issue 11, item 12f: the database (content, accounts, password hashes), its -wal/-shm files, the
 * signing keys and the stored files were created with the process umask (typically 0644 files in a
 * 0755 folder: readable by every local user). Now DATA_DIR is 0700 and every file the server
 * creates in it is 0600 (folders 0700), and a DATA_DIR left loose by an older version is tightened
 * at start. Checked on a real server with uploads through the firebase/storage SDK.
 */
import { getDownloadURL, ref, uploadBytes, uploadBytesResumable } from 'firebase/storage';
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app';
import { disposeAuthClients, KiB, startTestServer, storageClient, type TestServer } from './helpers';

const EDITOR = { email: 'modes-editor@uhmi.example.org', password: 'editor-password-1' };

let parent: string;
let dataDir: string;
let server: TestServer;

const modeOf = (p: string) => statSync(p).mode & 0o777;

/** Every entry under a folder (recursive), with its mode. */
function walk(dir: string): Array<{ path: string; mode: number; dir: boolean }> {
  const out: Array<{ path: string; mode: number; dir: boolean }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    out.push({ path: p, mode: modeOf(p), dir: entry.isDirectory() });
    if (entry.isDirectory()) out.push(...walk(p));
  }
  return out;
}

beforeAll(async () => {
  // The process umask of a typical service (022) would make 0755 folders and 0644 files.
  parent = mkdtempSync(path.join(os.tmpdir(), 'uhmi-modes-'));
  dataDir = path.join(parent, 'data'); // created by the server, not by the test
  server = await startTestServer({ SEED: 'false', DATA_DIR: dataDir });
  await server.identity.createAccount({ ...EDITOR, role: 'editor' });
});

afterAll(async () => {
  await disposeAuthClients();
  server.app.server.closeAllConnections();
  await server.close();
  rmSync(parent, { recursive: true, force: true });
  rmSync(server.dataDir, { recursive: true, force: true });
});

describe('modes of what the server writes under DATA_DIR', () => {
  it('creates DATA_DIR 0700 and site.db, -wal and -shm 0600', () => {
    expect(server.config.dataDir).toBe(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const file of ['site.db', 'site.db-wal', 'site.db-shm'])
      expect(modeOf(path.join(dataDir, file)), file).toBe(0o600);
  });

  it('stores uploads (multipart, resumable) and image variants readable by the owner only', async () => {
    const origin = await server.listen();
    const storage = await storageClient(origin, server.config.firebase.storageBucket, EDITOR);
    await uploadBytes(ref(storage, 'public/modes/small.txt'), Buffer.from('текст'), { contentType: 'text/plain' });
    await uploadBytesResumable(ref(storage, 'public/modes/large.bin'), randomBytes(300 * KiB));
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    await uploadBytes(ref(storage, 'public/modes/photo.png'), png, { contentType: 'image/png' });
    expect(
      (await fetch(`${await getDownloadURL(ref(storage, 'public/modes/photo.png'))}&width=480`)).headers.get(
        'content-type',
      ),
    ).toBe('image/webp');
    // A resumable session in progress (its file under .uploads).
    const task = uploadBytesResumable(ref(storage, 'public/modes/paused.bin'), randomBytes(3 * 256 * KiB));
    await new Promise<void>((resolve) => {
      const stop = task.on('state_changed', (snap) => {
        if (snap.bytesTransferred > 0) {
          stop();
          task.pause();
          resolve();
        }
      });
    });

    const storageDir = path.join(dataDir, 'storage');
    expect(modeOf(storageDir)).toBe(0o700);
    const entries = walk(dataDir);
    const files = entries.filter((e) => !e.dir);
    expect(files.filter((e) => e.path.includes(`${path.sep}variants${path.sep}`))).toHaveLength(1);
    expect(files.filter((e) => e.path.includes(`${path.sep}.uploads${path.sep}`)).length).toBeGreaterThanOrEqual(1);
    expect(files.filter((e) => e.path.startsWith(storageDir)).length).toBeGreaterThanOrEqual(5);
    for (const entry of entries) {
      expect({ path: entry.path, groupOrOther: entry.mode & 0o077 }).toEqual({ path: entry.path, groupOrOther: 0 });
      if (entry.dir) expect(entry.mode, entry.path).toBe(0o700);
    }
    task.cancel(); // not awaited: only its session file was needed
  });

  it('tightens a DATA_DIR an older version left readable by others, at the next start', async () => {
    server.app.server.closeAllConnections();
    await server.close();
    chmodSync(dataDir, 0o755);
    // (SQLite removed -wal and -shm when the last connection closed; they come back with site.db's mode.)
    chmodSync(path.join(dataDir, 'site.db'), 0o644);
    chmodSync(path.join(dataDir, 'storage'), 0o755);
    writeFileSync(path.join(dataDir, 'old-key.json'), '{}', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'old-key.json'), 0o644);

    const again = await createServer(server.config, { logger: false });
    try {
      expect(modeOf(dataDir)).toBe(0o700);
      for (const file of ['site.db', 'site.db-wal', 'site.db-shm', 'old-key.json'])
        expect(modeOf(path.join(dataDir, file)), file).toBe(0o600);
      expect(modeOf(path.join(dataDir, 'storage'))).toBe(0o700);
    } finally {
      await again.close();
    }
  });
});
