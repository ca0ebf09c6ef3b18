/**
 * Issue 12, item 5: export and import. A seeded embedded site with admin edits (revisions, audit
 * entries, a deletion) and an uploaded file linked from a document goes SQLite → archive →
 * Firestore emulator + Storage emulator (firebase mode, firebase-tools' Storage emulator in this
 * process) → archive → a fresh SQLite DATA_DIR, and ends with the same documents (ids, data,
 * versions, timestamps) and files (names, bytes, content types, metadata, download tokens); in
 * Firestore the links point at the bucket and download. Truncated, corrupted and foreign archives
 * are refused with one line and the target unchanged, even with --replace; an import refuses a
 * DATA_DIR a server runs on, and a non-empty target without --replace.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createServer } from '../../src/server/app';
import { openBackend, type OpenBackend } from '../../src/server/backup/backend';
import { allObjectNames, exportArchive } from '../../src/server/backup/export';
import { backupCollections, BackupError } from '../../src/server/backup/format';
import { importArchive } from '../../src/server/backup/import';
import { rewriteLinks } from '../../src/server/backup/links';
import { loadConfig, type Config } from '../../src/server/config';
import { ContentAdminService, type Actor } from '../../src/server/content/admin';
import { startStorageEmulatorInProcess, type InProcessStorageEmulator } from '../support/storageEmulator';

const ADMIN: Actor = { uid: 'backup-admin', email: 'webmaster@uhmi.example.org', role: 'admin' };
const PROJECT = `demo-backup-${randomBytes(4).toString('hex')}`;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-backup-'));
  dirs.push(dir);
  return dir;
};
const embeddedConfig = (dataDir: string, env: Record<string, string> = {}): Config =>
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://uhmi.example.org',
    SEED: 'false',
    ...env,
  });

interface Snapshot {
  documents: Record<string, Record<string, { data: unknown; version: number; createdAt: string; updatedAt: string }>>;
  files: Record<
    string,
    {
      bytes: string;
      contentType: string;
      metadata: Record<string, string>;
      downloadToken: string | null;
      cacheControl?: string;
      contentDisposition?: string;
    }
  >;
}

/** Everything a backend holds, read through the two ports. */
async function snapshot(backend: OpenBackend): Promise<Snapshot> {
  const out: Snapshot = { documents: {}, files: {} };
  for (const collection of backupCollections()) {
    const docs: Snapshot['documents'][string] = {};
    let cursor: string | undefined;
    do {
      const page = await backend.store.list(collection, {
        orderBy: { fields: [], direction: 'asc' },
        limit: 500,
        ...(cursor ? { cursor } : {}),
      });
      for (const d of page.items)
        docs[d.id] = { data: d.data, version: d.version, createdAt: d.createdAt, updatedAt: d.updatedAt };
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    out.documents[collection] = docs;
  }
  for await (const name of allObjectNames(backend.files)) {
    const stat = (await backend.files.stat(name))!;
    const chunks: Buffer[] = [];
    for await (const chunk of await backend.files.stream(name)) chunks.push(chunk as Buffer);
    out.files[name] = {
      bytes: Buffer.concat(chunks).toString('base64'),
      contentType: stat.contentType,
      metadata: stat.metadata,
      downloadToken: stat.downloadToken,
      ...(stat.cacheControl ? { cacheControl: stat.cacheControl } : {}),
      ...(stat.contentDisposition ? { contentDisposition: stat.contentDisposition } : {}),
    };
  }
  return out;
}

const count = (s: Snapshot) => Object.values(s.documents).reduce((n, docs) => n + Object.keys(docs).length, 0);

let storage: InProcessStorageEmulator;
let original: Snapshot;
let embeddedArchive: string;
let firebaseArchive: string;
let restoredDir: string;
const savedEnv = { ...process.env };

beforeAll(async () => {
  storage = await startStorageEmulatorInProcess(PROJECT);
});
afterAll(async () => {
  process.env = savedEnv;
  await storage?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Firebase mode on the emulators: Firestore (globalSetup) and Storage (this process). */
function firebaseConfig(): Config {
  process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreEmulatorHost');
  process.env.STORAGE_EMULATOR_HOST = storage.origin;
  // firebase-admin's app is made without Application Default Credentials when an Auth emulator is named (adminApp.ts); none is asked here.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9';
  return loadConfig({
    DATA_DIR: tempDir(),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    BACKEND: 'firebase',
    FIREBASE_API_KEY: 'demo-backup-api-key',
    FIREBASE_PROJECT_ID: PROJECT,
    FIREBASE_APP_ID: '1:000000000000:web:demo-backup',
    FIREBASE_STORAGE_BUCKET: `${PROJECT}.appspot.com`,
  });
}

describe('export and import', () => {
  it('round-trips SQLite → Firestore and Cloud Storage → SQLite with identical documents and files', async () => {
    const started = Date.now();
    // A seeded embedded site, a file uploaded and linked, edits that leave revisions and audit entries.
    const sourceDir = tempDir();
    const server = await createServer(
      embeddedConfig(sourceDir, { SEED: 'true', ADMIN_PASSWORD: 'backup-test-password-1' }),
      { logger: false },
    );
    let linkedId: string;
    try {
      const files = (await openFilesOf(server)).port;
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000)]);
      const uploaded = await files.put('uploads/звіт 2025.pdf', pdf, {
        contentType: 'application/pdf',
        contentDisposition: 'inline',
        metadata: { uploadedBy: ADMIN.uid },
      });
      const url = files.urlOf(uploaded)!;
      const admin = new ContentAdminService(server.content);
      const news = await admin.create(
        'news',
        {
          title: 'Звіт за 2025 рік',
          date: '2026-01-15T10:00:00+02:00',
          status: 'published',
          body: `<p>Див. <a href="${url}">звіт</a>.</p>`,
          attachments: [
            { path: uploaded.name, name: 'Звіт 2025.pdf', contentType: 'application/pdf', size: uploaded.size, url },
          ],
        },
        ADMIN,
      );
      linkedId = news.id;
      const updated = await admin.update(
        'news',
        news.id,
        news.version,
        { ...stripMeta(news), title: 'Звіт за 2025 рік (оновлено)' },
        ADMIN,
      );
      expect(updated.version).toBe(2);
      const other = (
        await server.store.list<Record<string, unknown>>('news', {
          orderBy: { fields: [], direction: 'asc' },
          limit: 2,
        })
      ).items.find((d) => d.id !== news.id)!;
      await admin.delete('news', other.id, { version: other.version }, ADMIN);
    } finally {
      await server.close();
    }

    // 1. Embedded → archive.
    embeddedArchive = path.join(tempDir(), 'embedded.tar.gz');
    const source = await openBackend(embeddedConfig(sourceDir), 'export');
    try {
      original = await snapshot(source);
      const summary = await exportArchive({
        store: source.store,
        files: source.files,
        backend: source.backend,
        file: embeddedArchive,
      });
      expect(summary.files).toBe(Object.keys(original.files).length);
    } finally {
      await source.close();
    }
    expect(Object.keys(original.documents._revisions!).length).toBeGreaterThanOrEqual(2); // create, update
    expect(Object.keys(original.documents._audit!).length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(original.files)).toContain('uploads/звіт 2025.pdf');
    expect(count(original)).toBeGreaterThan(100);

    // 2. Archive → firebase mode (emulators), links moved to the bucket; then → a second archive.
    const fbConfig = firebaseConfig();
    const firebase = await openBackend(fbConfig, 'import');
    firebaseArchive = path.join(tempDir(), 'firebase.tar.gz');
    try {
      const imported = await importArchive({ store: firebase.store, files: firebase.files, file: embeddedArchive });
      expect(imported.documents).toBe(count(original));
      const inFirebase = await snapshot(firebase);
      expect(inFirebase.files).toEqual(original.files);
      const rewrite = {
        from: { origin: '', bucket: source.files.bucket },
        to: { origin: storage.origin, bucket: fbConfig.firebase.storageBucket },
        names: new Set(Object.keys(original.files)),
      };
      for (const [collection, docs] of Object.entries(original.documents)) {
        for (const [id, doc] of Object.entries(docs)) {
          expect(inFirebase.documents[collection]![id], `${collection}/${id}`).toEqual({
            ...doc,
            data: rewriteLinks(doc.data, rewrite),
          });
        }
        expect(Object.keys(inFirebase.documents[collection]!).sort()).toEqual(Object.keys(docs).sort());
      }
      // The linked file downloads from the bucket with the URL the document now holds.
      const attachment = (inFirebase.documents.news![linkedId!]!.data as { attachments: Array<{ url: string }> })
        .attachments[0]!;
      expect(attachment.url.startsWith(`${storage.origin}/v0/b/${fbConfig.firebase.storageBucket}/o/uploads%2F`)).toBe(
        true,
      );
      const res = await fetch(attachment.url);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).toString('base64')).toBe(
        original.files['uploads/звіт 2025.pdf']!.bytes,
      );
      expect((inFirebase.documents.news![linkedId!]!.data as { body: string }).body).toContain(
        `href="${storage.origin}/v0/b/`,
      );

      await exportArchive({
        store: firebase.store,
        files: firebase.files,
        backend: firebase.backend,
        file: firebaseArchive,
      });
      // --replace on Firestore and the bucket: everything deleted, then the same loaded again.
      const again = await importArchive({
        store: firebase.store,
        files: firebase.files,
        file: embeddedArchive,
        replace: true,
      });
      expect(again.replaced).toEqual({ documents: count(original), files: Object.keys(original.files).length });
      expect(await snapshot(firebase)).toEqual(inFirebase);
    } finally {
      await firebase.close();
    }

    // 3. Second archive → a fresh embedded DATA_DIR: what the site started with.
    restoredDir = tempDir();
    const restored = await openBackend(embeddedConfig(restoredDir), 'import');
    try {
      await importArchive({ store: restored.store, files: restored.files, file: firebaseArchive });
      const back = await snapshot(restored);
      expect(back.documents).toEqual(original.documents);
      expect(back.files).toEqual(original.files);
    } finally {
      await restored.close();
    }
    console.log(
      `round trip of ${count(original)} documents and ${Object.keys(original.files).length} files in ${Date.now() - started} ms`,
    );
  });

  it('refuses truncated, corrupted and foreign archives and changes nothing, even with --replace', async () => {
    const bytes = readFileSync(embeddedArchive);
    const dir = tempDir();
    const truncated = path.join(dir, 'truncated.tar.gz');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const flipped = path.join(dir, 'flipped.tar.gz');
    const corrupt = Buffer.from(bytes);
    corrupt[Math.floor(corrupt.length / 2)]! ^= 0x5a;
    writeFileSync(flipped, corrupt);
    // A byte changed inside a document entry, in a well-formed gzip: only the checksum can tell.
    const tarBytes = gunzipSync(bytes);
    const at = tarBytes.indexOf(Buffer.from('"version":1'));
    expect(at).toBeGreaterThan(0);
    tarBytes[at + '"version":'.length] = '2'.charCodeAt(0);
    const tampered = path.join(dir, 'tampered.tar.gz');
    writeFileSync(tampered, gzipSync(tarBytes));
    const foreign = path.join(dir, 'foreign.tar.gz');
    writeFileSync(foreign, gzipSync(Buffer.alloc(10_240)));
    const notGzip = path.join(dir, 'notes.txt');
    writeFileSync(notGzip, 'not an archive\n');

    const target = await openBackend(embeddedConfig(restoredDir), 'import');
    try {
      const before = await snapshot(target);
      const cases: Array<[string, RegExp]> = [
        [truncated, /truncated/],
        [flipped, /damaged|checksum|truncated|not valid JSON|not a document/],
        [tampered, /documents\/\w+\.jsonl does not match its SHA-256 checksum/],
        [foreign, /empty|manifest\.json/],
        [notGzip, /damaged \(gzip/],
        [path.join(dir, 'missing.tar.gz'), /no such file/],
      ];
      for (const [file, message] of cases) {
        const err = await importArchive({ store: target.store, files: target.files, file, replace: true }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(err, path.basename(file)).toBeInstanceOf(BackupError);
        expect((err as Error).message, path.basename(file)).toMatch(message);
        expect((err as Error).message).not.toContain('\n');
      }
      expect(await snapshot(target)).toEqual(before);

      // A good archive into a non-empty target needs --replace, and then gives the archive's content.
      await expect(importArchive({ store: target.store, files: target.files, file: embeddedArchive })).rejects.toThrow(
        /not empty.*--replace/,
      );
      expect(await snapshot(target)).toEqual(before);
      await target.store.create('news', { title: 'Зайва новина' }, { id: 'extra-news' });
      await target.files.put('uploads/extra.txt', Buffer.from('extra'), { contentType: 'text/plain' });
      const summary = await importArchive({
        store: target.store,
        files: target.files,
        file: firebaseArchive,
        replace: true,
      });
      expect(summary.replaced).toEqual({
        documents: count(original) + 1,
        files: Object.keys(original.files).length + 1,
      });
      expect(await snapshot(target)).toEqual(original);
    } finally {
      await target.close();
    }
  });

  it('refuses to import into a DATA_DIR a server runs on', async () => {
    const server = await createServer(embeddedConfig(restoredDir, { ADMIN_PASSWORD: 'backup-test-password-1' }), {
      logger: false,
    });
    try {
      await expect(openBackend(embeddedConfig(restoredDir), 'import')).rejects.toThrow(
        /a server is running on DATA_DIR .*stop it before importing/,
      );
      // Export beside the running server is fine.
      const source = await openBackend(embeddedConfig(restoredDir), 'export');
      try {
        const summary = await exportArchive({
          store: source.store,
          files: source.files,
          backend: source.backend,
          file: path.join(tempDir(), 'live.tar.gz'),
        });
        expect(Object.values(summary.documents).reduce((a, b) => a + b, 0)).toBe(count(original));
      } finally {
        await source.close();
      }
    } finally {
      await server.close();
    }
  });
});

describe('the CLIs', () => {
  const ROOT = fileURLToPath(new URL('../..', import.meta.url));
  const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  const run = (cli: 'export' | 'import', args: string[], dataDir: string) =>
    spawnSync(process.execPath, ['--import', TSX, path.join(ROOT, `src/server/cli/${cli}.ts`), ...args], {
      cwd: tempDir(), // no .env
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('export and import with one-line errors and exit statuses', () => {
    const archive = path.join(tempDir(), 'cli.tar.gz');
    const exported = run('export', [archive], restoredDir);
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(
      new RegExp(`^Exported ${count(original)} documents and ${Object.keys(original.files).length} files `),
    );
    const checked = run('import', [archive, '--check'], tempDir());
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toMatch(/is a complete archive/);

    const truncated = path.join(tempDir(), 'cut.tar.gz');
    writeFileSync(truncated, readFileSync(archive).subarray(0, 20_000));
    const empty = path.join(tempDir(), 'data');
    const refused = run('import', [truncated], empty);
    expect(refused.status).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toMatch(/^Error: .*cut\.tar\.gz: the archive is truncated .*; nothing was changed$/m);
    expect(existsSync(empty)).toBe(false); // the target was not even opened

    const busy = run('import', [archive], restoredDir);
    expect(busy.status).toBe(1);
    expect(busy.stderr).toMatch(/not empty.*--replace/);
    expect(run('import', [], restoredDir).status).toBe(2);

    const loaded = run('import', [archive], empty);
    expect(loaded.status, loaded.stderr).toBe(0);
    expect(loaded.stdout).toMatch(new RegExp(`^Imported ${count(original)} documents`));
  });
});

/** The disk port on a running embedded server's objects (what its seed and uploads use). */
async function openFilesOf(server: Awaited<ReturnType<typeof createServer>>) {
  const { DiskObjectStorePort } = await import('../../src/server/storage/diskPort');
  return { port: new DiskObjectStorePort(server.objects, server.config.firebase.storageBucket) };
}

/** A document as the admin API returns it, without its bookkeeping (for an update's input). */
function stripMeta(doc: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...rest } = doc;
  return (rest.data as Record<string, unknown>) ?? rest;
}

describe('download links across backends', () => {
  const rewrite = {
    from: { origin: '', bucket: 'uhmi-embedded.appspot.com' },
    to: { origin: 'https://firebasestorage.googleapis.com', bucket: 'uhmi-prod.appspot.com' },
    names: new Set(['public/a b.pdf']),
  };
  const token = '0f0e0d0c-0000-4000-8000-000000000001';

  it('moves links to archived objects, in file references and rich text, and leaves the rest', () => {
    const relative = `/v0/b/uhmi-embedded.appspot.com/o/public%2Fa%20b.pdf?alt=media&token=${token}`;
    const moved = `https://firebasestorage.googleapis.com/v0/b/uhmi-prod.appspot.com/o/public%2Fa%20b.pdf?alt=media&token=${token}`;
    const data = {
      file: { path: 'public/a b.pdf', url: relative },
      body: `<p><a href="${relative.replace('&', '&amp;')}">звіт</a> <img src="${relative}"></p>`,
      list: [relative, 42, null, true],
      // Another host, another bucket, an object the archive lacks: not ours to move.
      elsewhere: `https://example.org${relative}`,
      otherBucket: relative.replace('uhmi-embedded', 'someone-else'),
      unknown: relative.replace('a%20b.pdf', 'c.pdf'),
    };
    expect(rewriteLinks(data, rewrite)).toEqual({
      file: { path: 'public/a b.pdf', url: moved },
      body: `<p><a href="${moved.replace('&', '&amp;')}">звіт</a> <img src="${moved}"></p>`,
      list: [moved, 42, null, true],
      elsewhere: data.elsewhere,
      otherBucket: data.otherBucket,
      unknown: data.unknown,
    });
    // And back: Firebase's URLs become site-relative again.
    const back = { ...rewrite, from: rewrite.to, to: rewrite.from };
    expect(rewriteLinks(rewriteLinks(data, rewrite), back)).toEqual(data);
  });
});
