/**
 * The embedded storage endpoints driven by the official firebase/storage and firebase/auth SDKs in
 * Node, against the real server on loopback (connectStorageEmulator / connectAuthEmulator).
 * What the server saw is recorded from the HTTP server's 'request' event (headers only).
 */
import { signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
  type UploadTask,
} from 'firebase/storage';
import type { IncomingMessage } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type ServerHandle } from '../../src/server/app';
import { srcSetFor } from '../../src/shared/images';
import { disposeAuthClients, errorCode, newAuthClient } from './firebaseClient';
import { startTestServer, type TestServer } from './helpers';

const KiB = 1024;
const MiB = 1024 * KiB;
const EDITOR = { email: 'storage-editor@uhmi.example.org', password: 'editor-password-1' };
const VISITOR = { email: 'storage-visitor@uhmi.example.org', password: 'visitor-password-1' };

interface Seen {
  method: string;
  url: string;
  protocol?: string;
  command?: string;
  offset?: number;
  length?: number;
}

/** Records the storage requests a server receives (headers only; the body is left alone). */
function recordRequests(server: ServerHandle, into: Seen[]): void {
  server.app.server.on('request', (req: IncomingMessage) => {
    if (!req.url?.startsWith('/v0/')) return;
    const header = (name: string) => (req.headers[name] === undefined ? undefined : String(req.headers[name]));
    into.push({
      method: req.method ?? '',
      url: req.url,
      protocol: header('x-goog-upload-protocol'),
      command: header('x-goog-upload-command'),
      offset: header('x-goog-upload-offset') === undefined ? undefined : Number(header('x-goog-upload-offset')),
      length: header('content-length') === undefined ? undefined : Number(header('content-length')),
    });
  });
}

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');

/** The chunk sizes the spec prescribes: 256 KiB, doubling after each chunk while the double stays under 32 MiB. */
function expectedChunks(total: number): number[] {
  const sizes: number[] = [];
  let chunk = 256 * KiB;
  for (let sent = 0; sent < total;) {
    const n = Math.min(chunk, total - sent);
    sizes.push(n);
    sent += n;
    if (chunk * 2 < 32 * MiB) chunk *= 2;
  }
  return sizes;
}

/** A storage client of its own app (like another browser); signed in when credentials are given. */
async function storageClient(
  origin: string,
  bucket: string,
  user?: { email: string; password: string },
): Promise<{ storage: FirebaseStorage; auth: Auth }> {
  const auth = await newAuthClient(origin);
  if (user) await signInWithEmailAndPassword(auth, user.email, user.password);
  const storage = getStorage(auth.app, `gs://${bucket}`);
  connectStorageEmulator(storage, '127.0.0.1', Number(new URL(origin).port));
  return { storage, auth };
}

/** The error a promise (or a function that may throw synchronously) ends with. */
async function failure(run: () => unknown): Promise<{ code?: string; message: string; status?: number }> {
  try {
    await run();
  } catch (err) {
    return err as { code?: string; message: string; status?: number };
  }
  throw new Error('expected a failure');
}

/** Resolves once the task reports progress (after its first chunk), with that snapshot's bytes. */
function firstProgress(task: UploadTask): Promise<number> {
  return new Promise((resolve) => {
    const stop = task.on('state_changed', (snap) => {
      if (snap.bytesTransferred > 0 && snap.state === 'running') {
        stop();
        resolve(snap.bytesTransferred);
      }
    });
  });
}

let server: TestServer;
let origin: string;
let bucket: string;
let editor: FirebaseStorage;
let anonymous: FirebaseStorage;
const seen: Seen[] = [];

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false' });
  origin = await server.listen();
  bucket = server.config.firebase.storageBucket;
  recordRequests(server, seen);
  await server.identity.createAccount({ ...EDITOR, role: 'editor' });
  await server.identity.createAccount({ ...VISITOR, role: null });
  editor = (await storageClient(origin, bucket, EDITOR)).storage;
  anonymous = (await storageClient(origin, bucket)).storage;
});

afterAll(async () => {
  await disposeAuthClients();
  server.app.server.closeAllConnections(); // see the restart test: no keep-alive connection may hold close()
  await server.dispose();
});

describe('uploads through the SDK', () => {
  it('stores a small file with one multipart/related request, with the metadata the spec lists', async () => {
    const bytes = new TextEncoder().encode('Гідрологічний бюлетень\n');
    const before = seen.length;
    const { metadata } = await uploadBytes(ref(editor, 'docs/bulletin.txt'), bytes, {
      contentType: 'text/plain; charset=utf-8',
      cacheControl: 'public, max-age=300',
      contentLanguage: 'uk',
      customMetadata: { department: 'hydrology' },
    });
    const requests = seen.slice(before);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', protocol: 'multipart' });
    expect(requests[0]!.url).toBe(`/v0/b/${bucket}/o?name=docs%2Fbulletin.txt`);
    expect(metadata).toMatchObject({
      type: 'file',
      bucket,
      fullPath: 'docs/bulletin.txt',
      name: 'bulletin.txt',
      size: bytes.length,
      md5Hash: md5(bytes),
      contentType: 'text/plain; charset=utf-8',
      cacheControl: 'public, max-age=300',
      contentLanguage: 'uk',
      customMetadata: { department: 'hydrology' },
      metageneration: '1',
    });
    expect(metadata.generation).toMatch(/^\d+$/);
    expect(Date.parse(metadata.timeCreated)).toBeGreaterThan(Date.now() - 60_000);
    expect(metadata.updated).toBe(metadata.timeCreated);
  });

  it('gives application/octet-stream to an upload without a content type', async () => {
    const { metadata } = await uploadBytes(ref(editor, 'docs/blob.bin'), new Uint8Array([1, 2, 3]));
    expect(metadata.contentType).toBe('application/octet-stream');
    const resumable = await uploadBytesResumable(ref(editor, 'docs/blob-large.bin'), new Uint8Array(300 * KiB));
    expect(resumable.metadata.contentType).toBe('application/octet-stream');
  });

  it('uploads 40 MiB resumably in chunks that grow as the spec says, and the bytes and md5 match', async () => {
    const data = randomBytes(40 * MiB);
    const before = seen.length;
    const snapshot = await uploadBytesResumable(ref(editor, 'datasets/run-40.bin'), data, {
      contentType: 'application/octet-stream',
    });
    const requests = seen.slice(before);
    expect(requests[0]).toMatchObject({ method: 'POST', protocol: 'resumable', command: 'start' });
    const chunks = requests.filter((r) => r.command?.includes('upload'));
    expect(chunks.map((r) => r.length)).toEqual(expectedChunks(40 * MiB));
    expect(chunks.map((r) => r.offset)).toEqual(
      chunks.map((_, i) => chunks.slice(0, i).reduce((n, c) => n + c.length!, 0)),
    );
    expect(chunks.at(-1)!.command).toBe('upload, finalize');
    expect(chunks.slice(0, -1).every((c) => c.command === 'upload')).toBe(true);
    expect(new URL(chunks[0]!.url, origin).searchParams.get('upload_id')).toMatch(/^[\w-]{32}$/);

    expect(snapshot.state).toBe('success');
    expect(snapshot.metadata.size).toBe(data.length);
    expect(snapshot.metadata.md5Hash).toBe(md5(data));
    const back = Buffer.from(await getBytes(ref(editor, 'datasets/run-40.bin')));
    expect(back.equals(data)).toBe(true);
  });

  it('pauses after a chunk, sends nothing while paused, and completes after resume', async () => {
    const data = randomBytes(3 * MiB);
    const task = uploadBytesResumable(ref(editor, 'datasets/paused.bin'), data);
    const states: string[] = [];
    task.on('state_changed', (snap) => states.push(snap.state));
    await firstProgress(task);
    expect(task.pause()).toBe(true);
    await new Promise<void>((resolve) => {
      const stop = task.on('state_changed', (snap) => {
        if (snap.state === 'paused') {
          stop();
          resolve();
        }
      });
    });
    const whilePaused = seen.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.length).toBe(whilePaused);
    expect(task.snapshot.state).toBe('paused');
    expect(task.snapshot.bytesTransferred).toBeLessThan(data.length);
    expect(task.resume()).toBe(true);
    const done = await task;
    expect(states).toContain('paused');
    expect(done.metadata.md5Hash).toBe(md5(data));
    expect(Buffer.from(await getBytes(ref(editor, 'datasets/paused.bin'))).equals(data)).toBe(true);
  });

  it('cancel ends the task with storage/canceled, publishes nothing, and the session is swept later', async () => {
    const sessionsBefore = readdirSync(path.join(server.dataDir, 'storage', '.uploads')).length;
    const task = uploadBytesResumable(ref(editor, 'datasets/canceled.bin'), randomBytes(3 * MiB));
    await firstProgress(task);
    expect(task.cancel()).toBe(true);
    expect(await errorCode(task.then())).toBe('storage/canceled');
    expect(task.snapshot.state).toBe('canceled');
    expect(await errorCode(getMetadata(ref(editor, 'datasets/canceled.bin')))).toBe('storage/object-not-found');
    // The abandoned session keeps its partial bytes until it is older than UPLOAD_SESSION_TTL_HOURS.
    expect(readdirSync(path.join(server.dataDir, 'storage', '.uploads')).length).toBe(sessionsBefore + 1);
    const ttl = server.config.storage.uploadSessionTtlMs;
    expect(await server.objects.uploads.sweep(ttl)).toBe(0);
    expect(await server.objects.uploads.sweep(ttl, Date.now() + ttl + 1000)).toBeGreaterThanOrEqual(1);
    expect(readdirSync(path.join(server.dataDir, 'storage', '.uploads'))).toHaveLength(0);
  });
});

describe('authorisation', () => {
  it('refuses an anonymous upload with storage/unauthenticated (multipart and resumable)', async () => {
    expect(await errorCode(uploadBytes(ref(anonymous, 'docs/anon.txt'), new Uint8Array([1])))).toBe(
      'storage/unauthenticated',
    );
    expect(
      await errorCode(uploadBytesResumable(ref(anonymous, 'docs/anon.bin'), new Uint8Array(300 * KiB)).then()),
    ).toBe('storage/unauthenticated');
    expect(await errorCode(uploadBytes(ref(anonymous, 'public/anon.txt'), new Uint8Array([1])))).toBe(
      'storage/unauthenticated',
    );
  });

  it('refuses a forged token with 401', async () => {
    const res = await fetch(`${origin}/v0/b/${bucket}/o/${encodeURIComponent('docs/bulletin.txt')}`, {
      method: 'DELETE',
      headers: { Authorization: 'Firebase not.a.token' },
    });
    expect(res.status).toBe(401);
    expect((await res.json()) as unknown).toMatchObject({ error: { code: 401 } });
  });

  it('refuses a signed-in user without a staff role with storage/unauthorized', async () => {
    const visitor = (await storageClient(origin, bucket, VISITOR)).storage;
    expect(await errorCode(uploadBytes(ref(visitor, 'public/visitor.txt'), new Uint8Array([1])))).toBe(
      'storage/unauthorized',
    );
    expect(await errorCode(deleteObject(ref(visitor, 'docs/bulletin.txt')))).toBe('storage/unauthorized');
    expect(await errorCode(updateMetadata(ref(visitor, 'docs/bulletin.txt'), { contentType: 'text/html' }))).toBe(
      'storage/unauthorized',
    );
    expect(await errorCode(getMetadata(ref(visitor, 'docs/bulletin.txt')))).toBe('storage/unauthorized');
  });

  it('lets anyone read under public/ but not elsewhere without a token', async () => {
    await uploadBytes(ref(editor, 'public/open.txt'), new TextEncoder().encode('open'), { contentType: 'text/plain' });
    expect(new TextDecoder().decode(await getBytes(ref(anonymous, 'public/open.txt')))).toBe('open');
    expect((await getMetadata(ref(anonymous, 'public/open.txt'))).size).toBe(4);
    expect(await errorCode(getBytes(ref(anonymous, 'docs/bulletin.txt')))).toBe('storage/unauthorized');
    expect(await errorCode(getMetadata(ref(anonymous, 'docs/missing.txt')))).toBe('storage/unauthorized');
    expect(await errorCode(list(ref(anonymous, 'docs')))).toBe('storage/unauthorized');
    expect((await list(ref(anonymous, 'public'))).items.map((r) => r.fullPath)).toContain('public/open.txt');
  });

  it('refuses a session started by another user', async () => {
    const other = { email: 'storage-editor-2@uhmi.example.org', password: 'editor-password-2' };
    await server.identity.createAccount({ ...other, role: 'editor' });
    const { auth } = await storageClient(origin, bucket, EDITOR);
    const { auth: otherAuth } = await storageClient(origin, bucket, other);
    const start = await fetch(`${origin}/v0/b/${bucket}/o?name=docs%2Fmine.bin`, {
      method: 'POST',
      headers: {
        Authorization: `Firebase ${await auth.currentUser!.getIdToken()}`,
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': '10',
        'Content-Type': 'application/json; charset=utf-8',
      },
      body: '{}',
    });
    const url = start.headers.get('X-Goog-Upload-URL')!;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Firebase ${await otherAuth.currentUser!.getIdToken()}`,
        'X-Goog-Upload-Command': 'query',
      },
    });
    expect(res.status).toBe(403);
  });
});

describe('metadata, delete, list and downloads', () => {
  it('updates metadata: given fields change, null removes, metageneration goes up', async () => {
    const target = ref(editor, 'docs/meta.txt');
    const first = (
      await uploadBytes(target, new TextEncoder().encode('x'), {
        contentType: 'text/plain',
        customMetadata: { a: '1', b: '2' },
      })
    ).metadata;
    const updated = await updateMetadata(target, {
      contentType: 'text/markdown',
      cacheControl: 'no-cache',
      contentDisposition: 'attachment; filename="meta.md"',
      customMetadata: { b: '3', c: '4', a: null as unknown as string },
    });
    expect(updated).toMatchObject({
      fullPath: 'docs/meta.txt',
      contentType: 'text/markdown',
      cacheControl: 'no-cache',
      contentDisposition: 'attachment; filename="meta.md"',
      customMetadata: { b: '3', c: '4' },
      metageneration: '2',
      generation: first.generation,
      md5Hash: first.md5Hash,
    });
    expect(Date.parse(updated.updated)).toBeGreaterThanOrEqual(Date.parse(first.updated));
    const again = await updateMetadata(target, { cacheControl: null as unknown as string });
    expect(again.cacheControl).toBeUndefined();
    expect(again.metageneration).toBe('3');
    expect(await errorCode(updateMetadata(ref(editor, 'docs/none.txt'), { contentType: 'text/plain' }))).toBe(
      'storage/object-not-found',
    );
  });

  it('deletes an object and its bytes on disk', async () => {
    const target = ref(editor, 'docs/to-delete.txt');
    const { metadata } = await uploadBytes(target, new TextEncoder().encode('bye'));
    const blob = path.join(server.dataDir, 'storage', bucket, metadata.generation);
    expect(existsSync(blob)).toBe(true);
    await deleteObject(target);
    expect(existsSync(blob)).toBe(false);
    expect(await errorCode(getMetadata(target))).toBe('storage/object-not-found');
    expect(await errorCode(deleteObject(target))).toBe('storage/object-not-found');
  });

  it('lists with prefix and delimiter, page by page', async () => {
    const names = [
      'list/a.txt',
      'list/b.txt',
      'list/sub/c.txt',
      'list/sub/deeper/d.txt',
      'list/z/e.txt',
      'listing-not-under/f.txt',
    ];
    for (const name of names) await uploadBytes(ref(editor, name), new TextEncoder().encode(name));
    const all = await listAll(ref(editor, 'list'));
    expect(all.items.map((r) => r.fullPath)).toEqual(['list/a.txt', 'list/b.txt']);
    expect(all.prefixes.map((r) => r.fullPath)).toEqual(['list/sub', 'list/z']);
    const pages: string[][] = [];
    let pageToken: string | undefined;
    do {
      const page = await list(ref(editor, 'list'), { maxResults: 1, pageToken });
      pages.push([...page.prefixes.map((r) => `${r.fullPath}/`), ...page.items.map((r) => r.fullPath)]);
      pageToken = page.nextPageToken;
    } while (pageToken);
    expect(pages).toEqual([['list/a.txt'], ['list/b.txt'], ['list/sub/'], ['list/z/']]);
    const sub = await list(ref(editor, 'list/sub'), { maxResults: 10 });
    expect(sub.items.map((r) => r.fullPath)).toEqual(['list/sub/c.txt']);
    expect(sub.prefixes.map((r) => r.fullPath)).toEqual(['list/sub/deeper']);
    expect(sub.nextPageToken).toBeUndefined();
  });

  it('answers storage/object-not-found for a missing object', async () => {
    expect(await errorCode(getMetadata(ref(editor, 'docs/nothing-here.pdf')))).toBe('storage/object-not-found');
    expect(await errorCode(getDownloadURL(ref(editor, 'docs/nothing-here.pdf')))).toBe('storage/object-not-found');
    expect(await errorCode(getBytes(ref(anonymous, 'public/nothing-here.pdf')))).toBe('storage/object-not-found');
  });

  it('getDownloadURL gives a URL that returns the same bytes to anyone, with safe download headers', async () => {
    const bytes = randomBytes(64 * KiB);
    await uploadBytes(ref(editor, 'docs/report.pdf'), bytes, { contentType: 'application/pdf' });
    const url = await getDownloadURL(ref(editor, 'docs/report.pdf'));
    expect(url).toMatch(
      new RegExp(`^${origin}/v0/b/${bucket.replace(/\./g, '\\.')}/o/docs%2Freport\\.pdf\\?alt=media&token=[\\w-]+$`),
    );
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('etag')).toBe(`"${md5(bytes)}"`);
    expect((await fetch(url.replace(/token=[\w-]+/, 'token=wrong'))).status).toBe(403);
  });

  it('serves a Range request with 206 and exactly the slice', async () => {
    const bytes = randomBytes(300 * KiB);
    await uploadBytesResumable(ref(editor, 'docs/ranged.bin'), bytes);
    const url = await getDownloadURL(ref(editor, 'docs/ranged.bin'));
    const res = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    const head = Buffer.from(await getBytes(ref(editor, 'docs/ranged.bin'), 100));
    expect(head.equals(bytes.subarray(0, 100))).toBe(true);
  });

  it('answers 416 to a suffix Range on an empty file and ignores a range that ends before it starts', async () => {
    await uploadBytes(ref(editor, 'public/test/empty.bin'), new Uint8Array(0));
    const empty = await getDownloadURL(ref(editor, 'public/test/empty.bin'));
    const suffix = await fetch(empty, { headers: { Range: 'bytes=-5' } });
    expect(suffix.status).toBe(416);
    expect(suffix.headers.get('content-range')).toBe('bytes */0');
    await suffix.arrayBuffer();
    const bytes = randomBytes(10 * KiB);
    await uploadBytes(ref(editor, 'docs/backwards.bin'), bytes);
    const url = await getDownloadURL(ref(editor, 'docs/backwards.bin'));
    const backwards = await fetch(url, { headers: { Range: 'bytes=5-3' } });
    expect(backwards.status).toBe(200);
    expect(backwards.headers.get('content-range')).toBeNull();
    expect(Buffer.from(await backwards.arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe('names and strings', () => {
  it('refuses a name with `..` (and an absolute one) with 400 and the reason', async () => {
    const err = await failure(() => uploadBytes(ref(editor, 'public/../../etc/passwd'), new Uint8Array([1])));
    expect(err.code).toBe('storage/unknown');
    expect(err.status).toBe(400);
    const raw = await fetch(`${origin}/v0/b/${bucket}/o/${encodeURIComponent('../x')}`);
    expect(raw.status).toBe(400);
    expect(raw.statusText).toContain('Invalid object name');
    const { auth } = await storageClient(origin, bucket, EDITOR);
    const absolute = await fetch(`${origin}/v0/b/${bucket}/o?name=${encodeURIComponent('/etc/passwd')}`, {
      method: 'POST',
      headers: {
        Authorization: `Firebase ${await auth.currentUser!.getIdToken()}`,
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': '1',
      },
    });
    expect(absolute.status).toBe(400);
    expect(((await absolute.json()) as { error: { message: string } }).error.message).toMatch(/Invalid object name/);
    expect(existsSync(path.join(server.dataDir, 'etc'))).toBe(false);
    const repeated = await fetch(`${origin}/v0/b/${bucket}/o?prefix=public%2F&prefix=docs%2F`);
    expect(repeated.status).toBe(400);
    expect(existsSync(path.join(server.dataDir, '..', 'etc', 'passwd.uhmi'))).toBe(false);
  });

  it('uploadString rejects base64, base64url and data URLs that break the spec’s rules', async () => {
    const target = ref(editor, 'docs/string.txt');
    const base64 = await failure(() => uploadString(target, 'ab-c', 'base64'));
    expect(base64.code).toBe('storage/invalid-format');
    expect(base64.message).toContain("Invalid character '-' found: is it base64url encoded?");
    const base64Underscore = await failure(() => uploadString(target, 'ab_c', 'base64'));
    expect(base64Underscore.message).toContain("Invalid character '_' found: is it base64url encoded?");
    const base64url = await failure(() => uploadString(target, 'ab+c', 'base64url'));
    expect(base64url.code).toBe('storage/invalid-format');
    expect(base64url.message).toContain("Invalid character '+' found: is it base64 encoded?");
    const base64urlSlash = await failure(() => uploadString(target, 'ab/c', 'base64url'));
    expect(base64urlSlash.message).toContain("Invalid character '/' found: is it base64 encoded?");
    const notDataUrl = await failure(() => uploadString(target, 'text/plain;hello', 'data_url'));
    expect(notDataUrl.code).toBe('storage/invalid-format');
    expect(notDataUrl.message).toContain("Must be formatted 'data:[<mediatype>][;base64],<data>");
    const malformed = await failure(() => uploadString(target, 'data:text/plain,%E0%A4%A', 'data_url'));
    expect(malformed.code).toBe('storage/invalid-format');
    expect(malformed.message).toContain('Malformed data URL.');
    const badBase64Payload = await failure(() => uploadString(target, 'data:text/plain;base64,ab-c', 'data_url'));
    expect(badBase64Payload.message).toContain('is it base64url encoded?');
  });

  it('uploadString accepts valid data_url, base64 and base64url input', async () => {
    const fromDataUrl = await uploadString(
      ref(editor, 'docs/hello.txt'),
      'data:text/plain;base64,0J/RgNC40LLRltGC',
      'data_url',
    );
    expect(fromDataUrl.metadata.contentType).toBe('text/plain');
    expect(new TextDecoder().decode(await getBytes(ref(editor, 'docs/hello.txt')))).toBe('Привіт');
    const bytes = Uint8Array.from([0xfb, 0xff, 0xfe, 0x01]);
    await uploadString(ref(editor, 'docs/b64.bin'), Buffer.from(bytes).toString('base64'), 'base64');
    await uploadString(ref(editor, 'docs/b64url.bin'), Buffer.from(bytes).toString('base64url'), 'base64url');
    expect(new Uint8Array(await getBytes(ref(editor, 'docs/b64.bin')))).toEqual(bytes);
    expect(new Uint8Array(await getBytes(ref(editor, 'docs/b64url.bin')))).toEqual(bytes);
  });
});

describe('images', () => {
  it('serves resized WebP variants for srcset, made once and cached on disk', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const { metadata } = await uploadBytes(ref(editor, 'public/images/river.png'), png, { contentType: 'image/png' });
    const url = await getDownloadURL(ref(editor, 'public/images/river.png'));
    const srcset = srcSetFor({ url, contentType: metadata.contentType });
    expect(srcset).toBe([480, 720, 960, 1200, 1600].map((w) => `${url}&width=${w} ${w}w`).join(', '));
    // 720: what a phone takes for a full-width image.
    const phone = await fetch(`${url}&width=720`);
    expect(await sharp(Buffer.from(await phone.arrayBuffer())).metadata()).toMatchObject({ width: 720, height: 360 });
    const res = await fetch(`${url}&width=960`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('etag')).toBe(`"${metadata.md5Hash}-w960"`);
    const info = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(info).toMatchObject({ format: 'webp', width: 960, height: 480 });
    const cached = path.join(server.dataDir, 'storage', bucket, 'variants', metadata.generation, 'w960.webp');
    expect(existsSync(cached)).toBe(true);
    expect((await fetch(`${url}&width=960`)).status).toBe(200);
    expect((await fetch(`${url}&width=961`)).status).toBe(400);
    // Deleting the image removes its variants too.
    await deleteObject(ref(editor, 'public/images/river.png'));
    expect(existsSync(cached)).toBe(false);
  });

  it('gives no srcset for files that are not resizable images', () => {
    expect(srcSetFor({ url: '/v0/b/x/o/a.svg?alt=media&token=t', contentType: 'image/svg+xml' })).toBeUndefined();
    expect(srcSetFor({ url: '/v0/b/x/o/a.pdf?alt=media&token=t', contentType: 'application/pdf' })).toBeUndefined();
    expect(srcSetFor(null)).toBeUndefined();
  });
});

describe('limits', () => {
  let limited: TestServer;
  let limitedOrigin: string;
  let storage: FirebaseStorage;

  beforeAll(async () => {
    limited = await startTestServer({
      SEED: 'false',
      STORAGE_QUOTA_BYTES: String(1_000_000),
      STORAGE_MAX_OBJECT_BYTES: String(700_000),
    });
    limitedOrigin = await limited.listen();
    await limited.identity.createAccount({ ...EDITOR, role: 'editor' });
    storage = (await storageClient(limitedOrigin, limited.config.firebase.storageBucket, EDITOR)).storage;
  });
  afterAll(async () => {
    limited.app.server.closeAllConnections();
    await limited.dispose();
  });

  it('answers storage/quota-exceeded once the bucket would pass its quota', async () => {
    await uploadBytesResumable(ref(storage, 'docs/first.bin'), randomBytes(600_000));
    expect(await errorCode(uploadBytesResumable(ref(storage, 'docs/second.bin'), randomBytes(600_000)).then())).toBe(
      'storage/quota-exceeded',
    );
    expect(await errorCode(uploadBytes(ref(storage, 'docs/third.bin'), randomBytes(450_000)))).toBe(
      'storage/quota-exceeded',
    );
    // Replacing an object counts only the difference.
    await uploadBytesResumable(ref(storage, 'docs/first.bin'), randomBytes(650_000));
    expect(limited.objects.bucketBytes(limited.config.firebase.storageBucket)).toBe(650_000);
  });

  it('refuses an object over STORAGE_MAX_OBJECT_BYTES with 413 and a clear message', async () => {
    const err = await failure(() => uploadBytesResumable(ref(storage, 'docs/huge.bin'), randomBytes(800_000)));
    expect(err.code).toBe('storage/unknown');
    expect(err.status).toBe(413);
    const multipart = await failure(() => uploadBytes(ref(storage, 'docs/huge.bin'), randomBytes(800_000)));
    expect(multipart.status).toBe(413);
    const { auth } = await storageClient(limitedOrigin, limited.config.firebase.storageBucket, EDITOR);
    const res = await fetch(`${limitedOrigin}/v0/b/${limited.config.firebase.storageBucket}/o?name=docs%2Fhuge.bin`, {
      method: 'POST',
      headers: {
        Authorization: `Firebase ${await auth.currentUser!.getIdToken()}`,
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': '800000',
      },
    });
    expect(res.status).toBe(413);
    expect(res.statusText).toBe('Object too large: 800000 bytes; the maximum object size is 700000 bytes');
    expect(await res.json()).toEqual({
      error: { code: 413, message: 'Object too large: 800000 bytes; the maximum object size is 700000 bytes' },
    });
  });
});

describe('a server restart in the middle of an upload', () => {
  it('keeps the session: a query to the new server answers the bytes received, and the SDK completes the upload', async () => {
    const first = await startTestServer({ SEED: 'false' });
    const firstOrigin = await first.listen();
    const port = Number(new URL(firstOrigin).port);
    await first.identity.createAccount({ ...EDITOR, role: 'editor' });
    const { storage, auth } = await storageClient(firstOrigin, first.config.firebase.storageBucket, EDITOR);
    const before: Seen[] = [];
    const after: Seen[] = [];
    recordRequests(first, before);

    // On the third chunk, as soon as its body starts arriving: drop the connection (the chunk is cut
    // short, as in a crash), stop the server, and start another one on the same DATA_DIR and port.
    let second: ServerHandle | undefined;
    let cut: { url: string; offset: number } | undefined;
    let restarted: Promise<void> | undefined;
    let uploads = 0;
    first.app.server.on('request', (req: IncomingMessage) => {
      if (restarted || req.headers['x-goog-upload-command'] !== 'upload' || ++uploads < 3) return;
      cut = { url: req.url!, offset: Number(req.headers['x-goog-upload-offset']) };
      restarted = new Promise((resolve, reject) => {
        req.socket.once('data', () => {
          req.socket.destroy();
          (async () => {
            await first.close();
            second = await createServer(first.config, { logger: false });
            recordRequests(second, after);
            await second.app.listen({ port, host: '127.0.0.1' });
          })().then(resolve, reject);
        });
      });
    });

    try {
      const data = randomBytes(6 * MiB);
      const task = uploadBytesResumable(ref(storage, 'datasets/restart.bin'), data);
      const failed = task.then(
        () => null,
        (err: unknown) => err,
      );
      await vi.waitUntil(() => restarted !== undefined, { timeout: 20_000, interval: 5 });
      await restarted;
      // The SDK waits (backoff) before retrying; meanwhile the new server answers a query from the
      // persisted session: the bytes of the first two chunks, without the part of the cut chunk.
      const query = await fetch(new URL(cut!.url, firstOrigin), {
        method: 'POST',
        headers: {
          Authorization: `Firebase ${await auth.currentUser!.getIdToken()}`,
          'X-Goog-Upload-Command': 'query',
        },
      });
      expect(query.status).toBe(200);
      expect(query.headers.get('X-Goog-Upload-Status')).toBe('active');
      expect(Number(query.headers.get('X-Goog-Upload-Size-Received'))).toBe(cut!.offset);
      expect(cut!.offset).toBe(
        expectedChunks(6 * MiB)
          .slice(0, 2)
          .reduce((a, b) => a + b, 0),
      );

      expect(await failed).toBeNull();
      const snapshot = await task;
      expect(snapshot.metadata.size).toBe(data.length);
      expect(snapshot.metadata.md5Hash).toBe(md5(data));
      // The new server continued the same session from where the old one stopped; no new start.
      const uploadId = (url: string) => new URL(url, firstOrigin).searchParams.get('upload_id');
      expect(after.some((r) => r.command === 'start')).toBe(false);
      const continued = after.filter((r) => r.command?.includes('upload'));
      expect(continued[0]!.offset).toBe(cut!.offset);
      expect(continued.every((r) => uploadId(r.url) === uploadId(cut!.url))).toBe(true);
      expect(continued.at(-1)!.command).toBe('upload, finalize');
      const back = Buffer.from(await getBytes(ref(storage, 'datasets/restart.bin')));
      expect(back.equals(data)).toBe(true);
      expect(readdirSync(path.join(first.dataDir, 'storage', '.uploads'))).toHaveLength(0);
    } finally {
      await restarted;
      // The SDK may have its last answer before the server's socket is done with it; a keep-alive
      // connection still busy when close() starts would hold the server open (Fastify closes only the
      // idle ones), so drop the connections of this finished exchange first.
      second?.app.server.closeAllConnections();
      await second?.close();
      await first.close();
      rmSync(first.dataDir, { recursive: true, force: true });
    }
  });
});
