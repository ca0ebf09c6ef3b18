/**
 * Issue 11, item 11: a full disk. Uploads through the official firebase/storage SDK against the real
 * server on loopback, with the store's file-system calls (`ObjectStore.io`) failing with ENOSPC,
 * EDQUOT or EFBIG at each step of the real code path (multipart write, resumable chunk, the fsync
 * and rename of finalize, image variants), and SQLite really raising SQLITE_FULL (`max_page_count`)
 * under uploads and admin document writes. Before the fix these were 500s, which the SDK retries
 * for up to ten minutes; now they are final errors with a clear message and nothing half-written.
 */
import { TRPCError } from '@trpc/server';
import { getBytes, getMetadata, ref, uploadBytes, uploadBytesResumable, type FirebaseStorage } from 'firebase/storage';
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../src/server/diskFull';
import { nodeStorageIo, type StorageIo } from '../../src/server/storage/io';
import { DISK_FULL_REASON, storageErrorMessage, STORAGE_ERROR_MESSAGES } from '../../src/shared/storageErrors';
import { errorCode } from '../integration/firebaseClient';
import {
  callerFor,
  disposeAuthClients,
  errnoError,
  idTokenOf,
  KiB,
  MiB,
  sessionCookie,
  startTestServer,
  storageClient,
  type Caller,
  type TestServer,
} from './helpers';

const EDITOR = { email: 'disk-editor@uhmi.example.org', password: 'editor-password-1' };

let server: TestServer;
let origin: string;
let bucket: string;
let editor: FirebaseStorage;
/** Storage requests the server received (method and URL). */
const seen: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false' });
  origin = await server.listen();
  bucket = server.config.firebase.storageBucket;
  server.app.server.on('request', (req: IncomingMessage) => {
    if (req.url?.startsWith('/v0/'))
      seen.push(`${req.method} ${req.url} ${String(req.headers['x-goog-upload-command'] ?? '')}`);
  });
  await server.identity.createAccount({ ...EDITOR, role: 'editor' });
  editor = await storageClient(origin, bucket, EDITOR);
});

afterEach(() => {
  server.objects.io = nodeStorageIo;
  server.db.pragma('max_page_count = 1073741823');
});

afterAll(async () => {
  await disposeAuthClients();
  server.app.server.closeAllConnections();
  await server.dispose();
});

/** Makes the store's file-system calls fail as `faults` says (the others stay real). */
function failWith(faults: Partial<StorageIo>): void {
  server.objects.io = { ...nodeStorageIo, ...faults };
}

/** The SDK's error, or a failure when it takes longer than `ms` (the SDK retrying a 5xx). */
async function sdkError(
  run: Promise<unknown>,
  ms = 15_000,
): Promise<{ code: string; status?: number; message: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no final error within ${ms} ms: the SDK is retrying`)), ms);
  });
  try {
    await Promise.race([run, timeout]);
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('no final error')) throw err;
    return err as { code: string; status?: number; message: string };
  } finally {
    clearTimeout(timer);
  }
  throw new Error('expected the upload to fail');
}

const uploadsDir = () => path.join(server.dataDir, 'storage', '.uploads');
const bucketFiles = () =>
  readdirSync(path.join(server.dataDir, 'storage', bucket))
    .filter((f) => f !== 'variants')
    .sort();
const sessionRows = () =>
  (
    server.db.prepare('SELECT count(*) AS n FROM storage_upload_sessions WHERE state = ?').get('active') as {
      n: number;
    }
  ).n;

/** What every failed upload must leave: no object, no upload bytes, no session, and the earlier objects intact. */
async function expectNothingPublished(
  name: string,
  filesBefore: string[],
  kept: Array<[string, Buffer]>,
): Promise<void> {
  expect(await errorCode(getMetadata(ref(editor, name)))).toBe('storage/object-not-found');
  expect(readdirSync(uploadsDir())).toEqual([]);
  expect(sessionRows()).toBe(0);
  expect(bucketFiles()).toEqual(filesBefore);
  for (const [keptName, bytes] of kept)
    expect(Buffer.from(await getBytes(ref(editor, keptName))).equals(bytes)).toBe(true);
}

describe('uploads on a full disk (firebase/storage SDK)', () => {
  const small = Buffer.from('Щоденний гідрологічний бюлетень\n');
  const large = randomBytes(700 * KiB);
  const kept: Array<[string, Buffer]> = [];

  beforeAll(async () => {
    await uploadBytes(ref(editor, 'docs/kept.txt'), small, { contentType: 'text/plain' });
    await uploadBytesResumable(ref(editor, 'docs/kept.bin'), large);
    kept.push(['docs/kept.txt', small], ['docs/kept.bin', large]);
  });

  it('a multipart upload whose write fails with ENOSPC is storage/quota-exceeded at once (one request, no retry)', async () => {
    const before = bucketFiles();
    failWith({ writev: async () => Promise.reject(errnoError('ENOSPC', 'write')) });
    const start = seen.length;
    const err = await sdkError(uploadBytes(ref(editor, 'docs/new.txt'), Buffer.from('новий файл')));
    expect(err.code).toBe('storage/quota-exceeded');
    expect(err.status).toBe(402);
    expect(seen.slice(start).filter((r) => r.startsWith('POST'))).toHaveLength(1);
    server.objects.io = nodeStorageIo;
    await expectNothingPublished('docs/new.txt', before, kept);
  });

  it('replacing an object on a full disk keeps the stored one (rename into place fails)', async () => {
    const before = bucketFiles();
    failWith({ rename: async () => Promise.reject(errnoError('ENOSPC', 'rename')) });
    const err = await sdkError(uploadBytes(ref(editor, 'docs/kept.txt'), Buffer.from('заміна, що не вдалася')));
    expect(err.code).toBe('storage/quota-exceeded');
    server.objects.io = nodeStorageIo;
    expect(readdirSync(uploadsDir())).toEqual([]);
    expect(bucketFiles()).toEqual(before);
    expect(Buffer.from(await getBytes(ref(editor, 'docs/kept.txt'))).equals(small)).toBe(true);
  });

  it('a resumable upload whose chunk write fails part-way with ENOSPC ends with storage/quota-exceeded and frees its bytes', async () => {
    const before = bucketFiles();
    let written = 0;
    failWith({
      writev: async (handle, buffers, position) => {
        written += buffers.reduce((n, b) => n + b.length, 0);
        if (written > 600 * KiB) throw errnoError('ENOSPC', 'write');
        return nodeStorageIo.writev(handle, buffers, position);
      },
    });
    const start = seen.length;
    const err = await sdkError(uploadBytesResumable(ref(editor, 'datasets/big.bin'), randomBytes(2 * MiB)).then());
    expect(err.code).toBe('storage/quota-exceeded');
    const chunks = seen.slice(start).filter((r) => r.includes('upload_id'));
    expect(chunks.filter((r) => r.endsWith('query'))).toEqual([]); // the SDK did not come back to retry
    server.objects.io = nodeStorageIo;
    await expectNothingPublished('datasets/big.bin', before, kept);
  });

  it('a failed fsync at finalize (EDQUOT) publishes nothing and is storage/quota-exceeded', async () => {
    const before = bucketFiles();
    failWith({
      sync: async (handle, dataOnly) =>
        dataOnly ? nodeStorageIo.sync(handle, true) : Promise.reject(errnoError('EDQUOT', 'fsync')),
    });
    const err = await sdkError(uploadBytesResumable(ref(editor, 'datasets/quota.bin'), randomBytes(300 * KiB)).then());
    expect(err.code).toBe('storage/quota-exceeded');
    server.objects.io = nodeStorageIo;
    await expectNothingPublished('datasets/quota.bin', before, kept);
  });

  it('EFBIG while writing a multipart upload is answered the same way', async () => {
    const before = bucketFiles();
    failWith({ writev: async () => Promise.reject(errnoError('EFBIG', 'write')) });
    expect((await sdkError(uploadBytes(ref(editor, 'docs/efbig.bin'), randomBytes(10 * KiB)))).code).toBe(
      'storage/quota-exceeded',
    );
    server.objects.io = nodeStorageIo;
    await expectNothingPublished('docs/efbig.bin', before, kept);
  });

  it('a resumable start on a full disk (the session file cannot be created) is storage/quota-exceeded', async () => {
    const before = bucketFiles();
    failWith({ writeFile: async () => Promise.reject(errnoError('ENOSPC', 'open')) });
    expect(
      (await sdkError(uploadBytesResumable(ref(editor, 'datasets/start.bin'), randomBytes(300 * KiB)).then())).code,
    ).toBe('storage/quota-exceeded');
    server.objects.io = nodeStorageIo;
    await expectNothingPublished('datasets/start.bin', before, kept);
  });

  it('SQLITE_FULL while recording the object removes its bytes and is storage/quota-exceeded', async () => {
    const before = bucketFiles();
    const db = server.db;
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
    const name = `docs/${'д'.repeat(200)}/${'ф'.repeat(200)}.bin`; // long row: needs a new page
    const customMetadata = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, 'x'.repeat(100)]));
    const err = await sdkError(uploadBytes(ref(editor, name), randomBytes(4 * KiB), { customMetadata }));
    expect(err.code).toBe('storage/quota-exceeded');
    db.pragma('max_page_count = 1073741823');
    await expectNothingPublished(name, before, kept);
  });

  it('answers with the Cloud Storage error body and a reason phrase the admin turns into a Ukrainian message', async () => {
    failWith({ writev: async () => Promise.reject(errnoError('ENOSPC', 'write')) });
    const token = await idTokenOf(server, EDITOR.email, EDITOR.password);
    const boundary = 'b0undary';
    const body = `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"docs/raw.txt"}\r\n--${boundary}\r\nContent-Type: text/plain\r\n\r\nhello\r\n--${boundary}--`;
    const res = await fetch(`${origin}/v0/b/${bucket}/o?name=docs%2Fraw.txt`, {
      method: 'POST',
      headers: {
        Authorization: `Firebase ${token}`,
        'Content-Type': `multipart/related; boundary=${boundary}`,
        'X-Goog-Upload-Protocol': 'multipart',
      },
      body,
    });
    expect(res.status).toBe(402);
    expect(res.statusText).toContain(DISK_FULL_REASON);
    expect(await res.json()).toEqual({
      error: { code: 402, message: `Quota for bucket '${bucket}' exceeded: ${DISK_FULL_REASON}.` },
    });
    // In a browser the SDK's error carries the reason phrase as serverResponse (XHR statusText).
    const message = storageErrorMessage({
      code: 'storage/quota-exceeded',
      customData: { serverResponse: res.statusText },
    });
    expect(message).toBe(STORAGE_ERROR_MESSAGES['disk-full']);
    expect(message).toMatch(/закінчилося місце/);
    // A quota of the bucket itself keeps its own message.
    expect(
      storageErrorMessage({
        code: 'storage/quota-exceeded',
        customData: { serverResponse: "Quota for bucket 'b' exceeded." },
      }),
    ).toBe(STORAGE_ERROR_MESSAGES['quota-exceeded']);
  });

  it('an image variant that cannot be written leaves nothing partial and the original is served', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    const { metadata } = await uploadBytes(ref(editor, 'public/photo.png'), png, { contentType: 'image/png' });
    const token = (await server.objects.getMetadata(bucket, 'public/photo.png'))!.downloadTokens;
    const url = `${origin}/v0/b/${bucket}/o/${encodeURIComponent('public/photo.png')}?alt=media&token=${token}&width=480`;
    failWith({ writeFile: async () => Promise.reject(errnoError('ENOSPC', 'write')) });
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
    const variants = path.join(server.dataDir, 'storage', bucket, 'variants', metadata.generation);
    expect(readdirSync(variants)).toEqual([]);
    server.objects.io = nodeStorageIo;
    const again = await fetch(url);
    expect(again.headers.get('content-type')).toBe('image/webp');
    expect(readdirSync(variants)).toEqual(['w480.webp']);
  });

  it('the server goes on: uploads work again once space is freed', async () => {
    const { metadata } = await uploadBytesResumable(ref(editor, 'datasets/after.bin'), randomBytes(400 * KiB));
    expect(metadata.size).toBe(400 * KiB);
    expect((await getMetadata(ref(editor, 'docs/kept.txt'))).size).toBe(small.length);
  });
});

describe('document writes on a full disk (tRPC, SQLite SQLITE_FULL)', () => {
  let editorCaller: Caller;
  let cookie: string;
  const title = (n: string) => `Новина про повінь ${n}`;

  beforeAll(async () => {
    cookie = await sessionCookie(server, EDITOR.email, EDITOR.password);
    editorCaller = await callerFor(server, cookie);
  });

  /** Fills the database to its current size: SQLite answers SQLITE_FULL for any write that needs a new page. */
  function diskFull(): void {
    const db = server.db;
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true }) as number}`);
  }

  const counts = () =>
    server.db
      .prepare('SELECT collection, count(*) AS n FROM documents GROUP BY collection ORDER BY collection')
      .all() as Array<{ collection: string; n: number }>;

  it('create and update fail with PAYMENT_REQUIRED and the Ukrainian message, and nothing earlier is lost', async () => {
    const first = await editorCaller.adminContent.news.create({
      data: { title: title('1'), date: '2026-03-23T10:00:00+02:00', body: '<p>Перша версія</p>' },
    });
    const second = await editorCaller.adminContent.news.update({
      id: first.id,
      version: 1,
      data: { title: title('1'), slug: first.slug, date: '2026-03-23T10:00:00+02:00', body: '<p>Друга версія</p>' },
    });
    expect(second.version).toBe(2);
    const before = counts();
    const big = `<p>${'Рівень води піднявся. '.repeat(20_000)}</p>`;

    diskFull();
    const created = await editorCaller.adminContent.news
      .create({ data: { title: title('2'), date: '2026-03-24T10:00:00+02:00', body: big } })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(created).toBeInstanceOf(TRPCError);
    expect((created as TRPCError).code).toBe('PAYMENT_REQUIRED');
    expect((created as TRPCError).message).toBe(DISK_FULL_MESSAGE);

    const updated = await editorCaller.adminContent.news
      .update({
        id: first.id,
        version: 2,
        data: { title: title('1'), slug: first.slug, date: '2026-03-23T10:00:00+02:00', body: big },
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect((updated as TRPCError).code).toBe('PAYMENT_REQUIRED');

    // Over HTTP, as the admin sees it: 402 with the Ukrainian message and data.reason.
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/adminContent.news.create',
      headers: { cookie: `__session=${cookie}` },
      payload: { json: { data: { title: title('3'), date: '2026-03-25T10:00:00+02:00', body: big } } },
    });
    expect(res.statusCode).toBe(402);
    const error = res.json<{
      error: { json: { message: string; data: { code: string; httpStatus: number; reason: string } } };
    }>().error.json;
    expect(error.message).toBe(DISK_FULL_MESSAGE);
    expect(error.message).toMatch(/^На сервері закінчилося місце/);
    expect(error.data).toMatchObject({ code: 'PAYMENT_REQUIRED', httpStatus: 402, reason: 'disk-full' });

    // No half-written rows: documents, revisions and audit entries are as before.
    expect(counts()).toEqual(before);
    const stored = await editorCaller.adminContent.news.get({ id: first.id });
    expect(stored.version).toBe(2);
    expect(stored.body).toBe('<p>Друга версія</p>');
    const revisions = await editorCaller.adminContent.news.revisions({ id: first.id });
    expect(revisions.map((r) => r.version)).toEqual([2, 1]);
    const firstRevision = await editorCaller.adminContent.news.revision({ id: first.id, revision: 1 });
    expect((firstRevision as { data: { body: string } }).data.body).toBe('<p>Перша версія</p>');

    // Space freed: the same write succeeds.
    server.db.pragma('max_page_count = 1073741823');
    const later = await editorCaller.adminContent.news.create({
      data: { title: title('2'), date: '2026-03-24T10:00:00+02:00', body: big },
    });
    expect(later.version).toBe(1);
  });
});
