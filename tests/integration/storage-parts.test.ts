/**
 * The storage modules on their own, on a real SQLite file and DATA_DIR: the multipart/related
 * reader, upload sessions (reconciling the file with the row, offsets, limits, MD5 after a restart),
 * listing, the access rules, metadata validation and srcset helpers.
 */
import type Database from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../src/server/identity/types';
import { StorageHttpError } from '../../src/server/storage/errors';
import { nodeStorageIo, writeAll } from '../../src/server/storage/io';
import { parseMetadataJson } from '../../src/server/storage/metadata';
import { MultipartRelatedReader, relatedBoundary } from '../../src/server/storage/multipart';
import { ObjectStore } from '../../src/server/storage/objects';
import { authorize, type Requester } from '../../src/server/storage/rules';
import { isResizableImage, srcSetFor, variantUrl } from '../../src/shared/images';
import { UploadSessions } from '../../src/server/storage/uploads';
import { openSqliteDatabase } from '../../src/server/store/sqlite';

const BUCKET = 'uhmi-test.appspot.com';
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('base64');

// eslint-disable-next-line @typescript-eslint/require-await -- an async source is what is under test; nothing to await
async function* pieces(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
}

/** What the firebase/storage SDK's multipartUpload sends. */
function sdkMultipart(boundary: string, metadata: object, contentType: string, file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify(metadata)}\r\n--${boundary}\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--`),
  ]);
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof StorageHttpError) return err.status;
    throw err;
  }
  throw new Error('expected a StorageHttpError');
}

describe('the multipart/related reader', () => {
  const boundary = '7716263423591844';

  it('finds the boundary in the Content-Type', () => {
    expect(relatedBoundary(`multipart/related; boundary=${boundary}`)).toBe(boundary);
    expect(relatedBoundary('multipart/related; boundary="a b:c"')).toBe('a b:c');
    expect(relatedBoundary('multipart/form-data; boundary=x')).toBeNull();
    expect(relatedBoundary(undefined)).toBeNull();
  });

  it.each([1, 7, 100, 65536])(
    'reads the metadata and the exact file bytes when the body arrives in pieces of %i bytes',
    async (size) => {
      // File bytes that look like the start of a delimiter must pass through untouched.
      const file = Buffer.concat([
        randomBytes(3000),
        Buffer.from(`\r\n--${boundary.slice(0, 8)}\r\n--`),
        randomBytes(500),
      ]);
      const reader = new MultipartRelatedReader(boundary);
      const out = await collect(
        reader.file(
          pieces(sdkMultipart(boundary, { name: 'a/b.bin', contentType: 'image/png' }, 'image/png', file), size),
        ),
      );
      expect(out.equals(file)).toBe(true);
      expect(JSON.parse(reader.metadataText!)).toEqual({ name: 'a/b.bin', contentType: 'image/png' });
      expect(reader.fileContentType).toBe('image/png');
    },
  );

  it('reads an empty file', async () => {
    const reader = new MultipartRelatedReader(boundary);
    expect(
      await collect(reader.file(pieces(sdkMultipart(boundary, {}, 'text/plain', Buffer.alloc(0)), 5))),
    ).toHaveLength(0);
  });

  it('refuses malformed bodies with 400', async () => {
    const body = sdkMultipart(boundary, {}, 'text/plain', Buffer.from('data'));
    const read = (bytes: Buffer, maxHead?: number) =>
      collect(new MultipartRelatedReader(boundary, maxHead).file(pieces(bytes, 16)));
    expect(await statusOf(read(body.subarray(0, body.length - 4)))).toBe(400); // no closing delimiter
    expect(await statusOf(read(Buffer.from(`--${boundary}\r\n\r\n{}\r\n--${boundary}--`)))).toBe(400); // no file part
    expect(await statusOf(read(Buffer.from('not multipart at all')))).toBe(400);
    expect(
      await statusOf(read(Buffer.concat([Buffer.from(`--${boundary}\r\n\r\n`), Buffer.alloc(5000, 'x')]), 1024)),
    ).toBe(400);
  });
});

describe('the batched file writer', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-writer-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes many small pieces across several batches, and into an existing file at an offset', async () => {
    const data = randomBytes(5 * 1024 * 1024 + 123); // more than two 2 MiB batches, and a tail
    const file = path.join(dir, 'a.bin');
    await writeAll(pieces(data, 64 * 1024 - 7), file, { start: 0, flags: 'w' });
    expect(readFileSync(file).equals(data)).toBe(true);
    const patch = randomBytes(3 * 1024 * 1024);
    await writeAll(pieces(patch, 65536), file, { start: 1000, flags: 'r+' });
    const expected = Buffer.from(data);
    patch.copy(expected, 1000);
    expect(readFileSync(file).equals(expected)).toBe(true);
  });

  it("rejects with the source's error after writing what came before it", async () => {
    const file = path.join(dir, 'b.bin');
    // eslint-disable-next-line @typescript-eslint/require-await -- an async source is what is under test; nothing to await
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(3 * 1024 * 1024, 1);
      throw new Error('client gone');
    }
    await expect(writeAll(failing(), file, { start: 0, flags: 'w' })).rejects.toThrow('client gone');
    expect(readFileSync(file).equals(Buffer.alloc(3 * 1024 * 1024, 1))).toBe(true);
    await expect(
      writeAll(pieces(Buffer.alloc(10), 4), path.join(dir, 'missing', 'c.bin'), { start: 0, flags: 'r+' }),
    ).rejects.toThrow(/ENOENT/);
  });

  it.runIf(existsSync('/dev/full'))(
    'rejects with the disk error when a write fails while the next batch is still arriving',
    async () => {
      async function* slow(): AsyncGenerator<Buffer> {
        yield Buffer.alloc(3 * 1024 * 1024, 2); // one full batch goes to the disk…
        await new Promise((resolve) => setTimeout(resolve, 300)); // …and fails while the client is slow
        yield Buffer.alloc(1024, 3);
      }
      await expect(writeAll(slow(), '/dev/full', { start: 0, flags: 'r+' })).rejects.toThrow(/ENOSPC/);
    },
  );
});

describe('upload sessions on disk', () => {
  let dir: string;
  let db: Database.Database;
  let objects: ObjectStore;
  let uploads: UploadSessions;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-storage-parts-'));
    db = await openSqliteDatabase(path.join(dir, 'site.db'));
    objects = new ObjectStore(db, path.join(dir, 'storage'));
    uploads = objects.uploads;
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = (name: string, totalSize: number, md5Hash?: string) =>
    uploads.create({
      bucket: BUCKET,
      name,
      uid: 'u1',
      totalSize,
      metadata: { contentType: 'application/octet-stream', md5Hash },
    });

  it('appends chunks, skips bytes re-sent below what was received, and answers 503 for a gap', async () => {
    const data = randomBytes(1000);
    const session = await start('s/one.bin', data.length);
    expect(await uploads.append(session, 0, pieces(data.subarray(0, 400), 64))).toBe(400);
    // A chunk re-sent from an earlier offset (its answer was lost): only the new bytes count.
    expect(await uploads.append(session, 300, pieces(data.subarray(300, 700), 64))).toBe(700);
    expect(await statusOf(uploads.append(session, 800, pieces(data.subarray(800), 64)))).toBe(503);
    expect(await statusOf(uploads.finalize(session, 0))).toBe(400); // incomplete
    expect(await uploads.append(session, 700, pieces(data.subarray(700), 64))).toBe(1000);
    const meta = await uploads.finalize(session, 0);
    expect(meta).toMatchObject({ name: 's/one.bin', size: '1000', md5Hash: md5(data) });
    expect(readFileSync(objects.blobFile(meta)).equals(data)).toBe(true);
    expect(uploads.get(session.id)).toMatchObject({ state: 'final', generation: meta.generation });
  });

  it('refuses more bytes than declared and keeps what was accepted before', async () => {
    const session = await start('s/two.bin', 100);
    await uploads.append(session, 0, pieces(randomBytes(60), 64));
    expect(await statusOf(uploads.append(session, 60, pieces(randomBytes(80), 16)))).toBe(400);
    expect(statSync(path.join(objects.uploadsDir, session.id)).size).toBe(60);
    expect(uploads.get(session.id)!.received).toBe(60);
  });

  it('survives a restart: cut-off bytes are dropped, the MD5 is rebuilt from the file', async () => {
    const data = randomBytes(5000);
    const session = await start('s/three.bin', data.length);
    await uploads.append(session, 0, pieces(data.subarray(0, 3000), 512));
    // As after a crash in the middle of the next chunk: bytes past `received` are in the file.
    writeFileSync(path.join(objects.uploadsDir, session.id), data.subarray(0, 3700));
    const restarted = new ObjectStore(db, path.join(dir, 'storage')).uploads;
    const again = restarted.get(session.id)!;
    expect(await restarted.reconcile(again)).toBe(3000);
    expect(statSync(path.join(objects.uploadsDir, session.id)).size).toBe(3000);
    await restarted.append(again, 3000, pieces(data.subarray(3000), 700));
    expect((await restarted.finalize(again, 0)).md5Hash).toBe(md5(data));
  });

  it('lowers the size received when the file lost bytes, and starts over when it is gone', async () => {
    const session = await start('s/four.bin', 1000);
    await uploads.append(session, 0, pieces(randomBytes(800), 100));
    truncateSync(path.join(objects.uploadsDir, session.id), 500);
    expect(await uploads.reconcile(uploads.get(session.id)!)).toBe(500);
    rmSync(path.join(objects.uploadsDir, session.id));
    expect(await uploads.reconcile(uploads.get(session.id)!)).toBe(0);
    expect(statSync(path.join(objects.uploadsDir, session.id)).size).toBe(0);
  });

  it('drops the session when the client md5Hash does not match, and on a quota failure', async () => {
    const data = randomBytes(100);
    const wrong = await start('s/five.bin', data.length, md5(Buffer.from('other')));
    await uploads.append(wrong, 0, pieces(data, 100));
    expect(await statusOf(uploads.finalize(wrong, 0))).toBe(400);
    expect(uploads.get(wrong.id)).toBeNull();
    const big = await start('s/six.bin', data.length);
    await uploads.append(big, 0, pieces(data, 100));
    expect(await statusOf(uploads.finalize(big, 1))).toBe(402);
    expect(uploads.get(big.id)).toBeNull();
    expect(await objects.getMetadata(BUCKET, 's/six.bin')).toBeNull();
  });

  it('refuses to finalize, and drops, a session whose background flush to disk failed', async () => {
    const data = randomBytes(2000);
    const session = await start('s/flush.bin', data.length);
    // The store's file-system calls with a failing fdatasync (an I/O error on a healthy disk).
    objects.io = {
      ...nodeStorageIo,
      sync: (handle, dataOnly) =>
        dataOnly
          ? Promise.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }))
          : nodeStorageIo.sync(handle, false),
    };
    try {
      await uploads.append(session, 0, pieces(data, 500));
    } finally {
      objects.io = nodeStorageIo;
    }
    const error = await uploads.finalize(session, 0).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StorageHttpError);
    expect((error as StorageHttpError).status).toBe(500);
    expect(uploads.get(session.id)).toBeNull();
    expect(await objects.getMetadata(BUCKET, 's/flush.bin')).toBeNull();
  });

  it('sweeps sessions idle for longer than the TTL, with their files and stray files', async () => {
    const session = await start('s/seven.bin', 10);
    writeFileSync(path.join(objects.uploadsDir, 'mp-stray'), 'x');
    const ttl = 60_000;
    await uploads.sweep(ttl);
    expect(uploads.get(session.id)).not.toBeNull();
    await uploads.sweep(ttl, Date.now() + ttl + 1);
    expect(uploads.get(session.id)).toBeNull();
    expect(() => statSync(path.join(objects.uploadsDir, session.id))).toThrow();
    expect(() => statSync(path.join(objects.uploadsDir, 'mp-stray'))).toThrow();
  });

  it('lists in name order with any delimiter, and refuses a page token it did not issue', async () => {
    for (const name of ['l/a', 'l/b-x', 'l/b-y', 'l/ä', 'l/c', 'm/z'])
      await objects.putObject({ bucket: BUCKET, name, bytes: Buffer.from(name) });
    expect(objects.list(BUCKET, { prefix: 'l/', delimiter: '-' })).toEqual({
      prefixes: ['l/b-'],
      items: ['l/a', 'l/c', 'l/ä'].map((name) => ({ bucket: BUCKET, name })),
    });
    const first = objects.list(BUCKET, { prefix: 'l/', maxResults: 3 });
    expect(first.items.map((i) => i.name)).toEqual(['l/a', 'l/b-x', 'l/b-y']);
    const second = objects.list(BUCKET, { prefix: 'l/', maxResults: 3, pageToken: first.nextPageToken });
    expect(second.items.map((i) => i.name)).toEqual(['l/c', 'l/ä']);
    expect(second.nextPageToken).toBeUndefined();
    expect(() => objects.list(BUCKET, { pageToken: 'garbage' })).toThrow('Invalid page token');
  });
});

describe('the access rules', () => {
  const user = (role: AuthUser['role']): Requester => ({
    kind: 'user',
    user: { uid: 'u', email: 'u@x.org', role, authTime: 0 },
  });
  const anonymous: Requester = { kind: 'anonymous' };
  const invalid: Requester = { kind: 'invalid-token' };
  const outcome = (
    action: 'read' | 'list' | 'write' | 'delete',
    path: string,
    requester: Requester,
    downloadToken = false,
  ) => {
    const decision = authorize({ action, path, requester, downloadToken });
    return decision.allow ? 'allow' : decision.status;
  };

  it.each([
    ['read', 'public/a.pdf', anonymous, false, 'allow'],
    ['list', 'public/', anonymous, false, 'allow'],
    ['read', 'docs/a.pdf', anonymous, false, 403],
    ['read', 'docs/a.pdf', anonymous, true, 'allow'],
    ['read', 'docs/a.pdf', invalid, false, 401],
    ['read', 'public/a.pdf', invalid, false, 'allow'],
    ['read', 'docs/a.pdf', user(null), false, 403],
    ['read', 'docs/a.pdf', user('editor'), false, 'allow'],
    ['list', '', user(null), false, 403],
    ['list', '', user('admin'), false, 'allow'],
    ['write', 'public/a.pdf', anonymous, false, 401],
    ['write', 'public/a.pdf', invalid, false, 401],
    ['write', 'public/a.pdf', user(null), false, 403],
    ['write', 'public/a.pdf', user('editor'), false, 'allow'],
    ['delete', 'docs/a.pdf', user('admin'), false, 'allow'],
    ['delete', 'docs/a.pdf', user(null), true, 403],
  ] as const)('%s %s by %o (token %s): %s', (action, path, requester, token, expected) => {
    expect(outcome(action, path, requester, token)).toBe(expected);
  });
});

describe('metadata and srcset helpers', () => {
  it('refuses header values that could break a response header, and oversized custom metadata', () => {
    expect(() => parseMetadataJson(JSON.stringify({ contentType: 'text/html\r\nSet-Cookie: a=b' }))).toThrow(
      /contentType/,
    );
    expect(() =>
      parseMetadataJson(
        JSON.stringify({ metadata: { big: 'x'.repeat(4096), more: 'y'.repeat(4096), again: 'z'.repeat(100) } }),
      ),
    ).toThrow(/8192/);
    expect(() => parseMetadataJson('[1]')).toThrow(/JSON object/);
    expect(
      parseMetadataJson(JSON.stringify({ contentType: 'image/png', bucket: 'ignored', metadata: { a: null } })),
    ).toEqual({ contentType: 'image/png', metadata: { a: null } });
  });

  it('builds variant URLs and srcset only for raster images', () => {
    expect(variantUrl('/v0/b/b/o/x.png?alt=media&token=t#top', 480)).toBe(
      '/v0/b/b/o/x.png?alt=media&token=t&width=480',
    );
    expect(variantUrl('https://cdn.example.org/x.png', 960)).toBe('https://cdn.example.org/x.png?width=960');
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'IMAGE/JPEG'].every(isResizableImage)).toBe(true);
    expect(['image/svg+xml', 'image/tiff', 'application/pdf', '', null].some(isResizableImage)).toBe(false);
    expect(srcSetFor({ url: '/x.jpg?alt=media', contentType: 'image/jpeg' })).toBe(
      [480, 720, 960, 1200, 1600].map((w) => `/x.jpg?alt=media&width=${w} ${w}w`).join(', '),
    );
  });

  it('lists no variant wider than the image: the first one at least as wide stands for its own width', () => {
    const srcset = (width: number | null) => srcSetFor({ url: '/x.png?alt=media', contentType: 'image/png', width });
    expect(srcset(1200)).toBe([480, 720, 960, 1200].map((w) => `/x.png?alt=media&width=${w} ${w}w`).join(', '));
    expect(srcset(1000)).toBe(
      '/x.png?alt=media&width=480 480w, /x.png?alt=media&width=720 720w, /x.png?alt=media&width=960 960w, /x.png?alt=media&width=1200 1000w',
    );
    expect(srcset(300)).toBe('/x.png?alt=media&width=480 300w');
    expect(srcset(4000)).toBe(srcset(null));
    expect(srcset(null)?.split(', ')).toHaveLength(5);
  });
});
