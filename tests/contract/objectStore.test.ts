/**
 * The ObjectStorePort contract (src/server/storage/port.ts): one body of tests run against
 * - the embedded disk store, always (through a running server, whose `/v0/b/…` endpoints serve what
 *   the port wrote);
 * - Cloud Storage through firebase-admin on firebase-tools' Storage emulator run in this process
 *   without its Java rules runtime (tests/support/storageEmulator.ts), always;
 * - Cloud Storage through firebase-admin on the Storage emulator at STORAGE_EMULATOR_HOST when that
 *   is set (`firebase emulators:start --only storage`, which needs Java 21; bucket
 *   STORAGE_EMULATOR_BUCKET, default `demo-uhmi.appspot.com`). Without it only that backend is skipped.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CloudObjectStorePort, DOWNLOAD_TOKENS_KEY, firebaseStorageOrigin } from '../../src/server/storage/cloudPort';
import { DiskObjectStorePort } from '../../src/server/storage/diskPort';
import { ObjectNotFoundError, type ObjectListOptions, type ObjectStorePort } from '../../src/server/storage/port';
import { startTestServer, type TestServer } from '../integration/helpers';
import { emulatorBucket, startStorageEmulatorInProcess } from '../support/storageEmulator';

interface Backend {
  name: string;
  enabled: boolean;
  /** The port, and the origin a site-relative download URL is fetched from. */
  open(): Promise<{ port: ObjectStorePort; base: string; close: () => Promise<void> }>;
  /** What a download URL of `name` looks like (before the token). */
  urlPattern(bucket: string, name: string): RegExp;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const disk: Backend = {
  name: 'disk (embedded store)',
  enabled: true,
  async open() {
    const server: TestServer = await startTestServer({ SEED: 'false' });
    const base = await server.listen();
    return {
      port: new DiskObjectStorePort(server.objects, server.config.firebase.storageBucket),
      base,
      close: () => server.dispose(),
    };
  },
  urlPattern: (bucket, name) =>
    new RegExp(`^/v0/b/${escape(bucket)}/o/${escape(encodeURIComponent(name))}\\?alt=media&token=[0-9a-f-]{36}$`),
};

const cloud: Backend = {
  name: 'Cloud Storage (STORAGE_EMULATOR_HOST)',
  enabled: !!process.env.STORAGE_EMULATOR_HOST,
  async open() {
    const { initializeApp, deleteApp } = await import('firebase-admin/app');
    const { getStorage } = await import('firebase-admin/storage');
    const app = initializeApp({ projectId: 'demo-uhmi' }, `contract-${randomBytes(4).toString('hex')}`);
    const bucket = getStorage(app).bucket(process.env.STORAGE_EMULATOR_BUCKET ?? 'demo-uhmi.appspot.com');
    return { port: new CloudObjectStorePort(bucket), base: firebaseStorageOrigin(), close: () => deleteApp(app) };
  },
  urlPattern: (bucket, name) =>
    new RegExp(
      `^${escape(firebaseStorageOrigin())}/v0/b/${escape(bucket)}/o/${escape(encodeURIComponent(name))}\\?alt=media&token=[0-9a-f-]{36}$`,
    ),
};

let inProcessOrigin = '';
const inProcess: Backend = {
  name: "Cloud Storage (firebase-tools' Storage emulator in process, no Java rules runtime)",
  enabled: true,
  async open() {
    const emulator = await startStorageEmulatorInProcess();
    inProcessOrigin = emulator.origin;
    const { bucket, close } = await emulatorBucket(emulator.origin, 'demo-uhmi.appspot.com');
    return {
      port: new CloudObjectStorePort(bucket, emulator.origin),
      base: emulator.origin,
      close: async () => {
        await close();
        await emulator.stop();
      },
    };
  },
  urlPattern: (bucket, name) =>
    new RegExp(
      `^${escape(inProcessOrigin)}/v0/b/${escape(bucket)}/o/${escape(encodeURIComponent(name))}\\?alt=media&token=[0-9a-f-]{36}$`,
    ),
};

async function text(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

for (const backend of [disk, inProcess, cloud]) {
  describe.runIf(backend.enabled)(`ObjectStorePort contract: ${backend.name}`, () => {
    let port: ObjectStorePort;
    let base: string;
    let close: () => Promise<void>;
    // Every test writes under its own folder, so the tests share the store but nothing else.
    const root = () => `contract-${randomBytes(5).toString('hex')}`;

    beforeAll(async () => {
      ({ port, base, close } = await backend.open());
    });
    afterAll(async () => {
      await close?.();
    });

    it('puts an object and reports its metadata with a download token', async () => {
      const name = `${root()}/звіт 2025.txt`;
      const put = await port.put(name, Buffer.from('Привіт, світе'), {
        contentType: 'text/plain; charset=utf-8',
        cacheControl: 'public, max-age=60',
        contentDisposition: 'attachment; filename="report.txt"',
        metadata: { source: 'contract' },
      });
      expect(put).toMatchObject({
        bucket: port.bucket,
        name,
        size: Buffer.byteLength('Привіт, світе'),
        contentType: 'text/plain; charset=utf-8',
        cacheControl: 'public, max-age=60',
        contentDisposition: 'attachment; filename="report.txt"',
        metadata: { source: 'contract' },
      });
      expect(put.metadata[DOWNLOAD_TOKENS_KEY]).toBeUndefined();
      expect(put.downloadToken).toMatch(/^[0-9a-f-]{36}$/);
      expect(put.generation).toMatch(/^\d+$/);
      expect(put.md5Hash).toBe(
        (await import('node:crypto')).createHash('md5').update('Привіт, світе').digest('base64'),
      );
      expect(await port.stat(name)).toEqual(put);
      expect(await port.stat(`${name}.missing`)).toBeNull();
    });

    it('replaces an object of the same name with a new generation and token', async () => {
      const name = `${root()}/a.txt`;
      const first = await port.put(name, Buffer.from('one'), { contentType: 'text/plain' });
      const second = await port.put(name, Buffer.from('second'), { contentType: 'text/plain' });
      expect(BigInt(second.generation) > BigInt(first.generation)).toBe(true);
      expect(second.downloadToken).not.toBe(first.downloadToken);
      expect(second.size).toBe(6);
      expect(await text(await port.stream(name))).toBe('second');
    });

    it('stores a stream and streams whole objects and byte ranges', async () => {
      const name = `${root()}/digits.bin`;
      const chunks = Array.from({ length: 40 }, () => Buffer.from('0123456789'.repeat(1000)));
      const put = await port.put(name, Readable.from(chunks), { contentType: 'application/octet-stream' });
      expect(put.size).toBe(400_000);
      const whole = await text(await port.stream(name));
      expect(whole.length).toBe(400_000);
      expect(whole.slice(0, 12)).toBe('012345678901');
      expect(await text(await port.stream(name, { start: 3, end: 7 }))).toBe('34567');
      expect(await text(await port.stream(name, { start: 399_995 }))).toBe('56789');
      expect(await text(await port.stream(name, { end: 2 }))).toBe('012');
      await expect(port.stream(`${root()}/none`)).rejects.toBeInstanceOf(ObjectNotFoundError);
    });

    it('stores an empty object', async () => {
      const name = `${root()}/empty`;
      expect((await port.put(name, Buffer.alloc(0), { contentType: 'text/plain' })).size).toBe(0);
      expect(await text(await port.stream(name))).toBe('');
    });

    it('lists by prefix and delimiter, in name order, across pages', async () => {
      const dir = root();
      const names = ['a/1.txt', 'a/2.txt', 'b.txt', 'c/d/e.txt', 'c.txt', 'd.txt'].map((n) => `${dir}/${n}`);
      for (const name of [...names].reverse()) await port.put(name, Buffer.from(name), { contentType: 'text/plain' });
      await port.put(`${dir}-other/x.txt`, Buffer.from('x'), { contentType: 'text/plain' });

      const flat = await port.list({ prefix: `${dir}/` });
      expect(flat).toEqual({ prefixes: [], items: names.slice().sort() });

      const folders = await port.list({ prefix: `${dir}/`, delimiter: '/' });
      expect(folders.prefixes).toEqual([`${dir}/a/`, `${dir}/c/`]);
      expect(folders.items).toEqual([`${dir}/b.txt`, `${dir}/c.txt`, `${dir}/d.txt`]);
      expect(folders.nextPageToken).toBeUndefined();

      expect((await port.list({ prefix: `${dir}/c/`, delimiter: '/' })).prefixes).toEqual([`${dir}/c/d/`]);
      expect(await port.list({ prefix: `${dir}/zzz/` })).toEqual({ prefixes: [], items: [] });

      // Pages of at most two entries add up to the one-page answer. (Cloud Storage and the embedded
      // store count items and prefixes together; firebase-tools' emulator counts items only and
      // repeats the prefixes on every page, so prefixes are compared without repeats.)
      const all = { prefixes: [] as string[], items: [] as string[] };
      let options: ObjectListOptions = { prefix: `${dir}/`, delimiter: '/', maxResults: 2 };
      let pages = 0;
      for (;;) {
        const page = await port.list(options);
        pages += 1;
        expect(page.items.length).toBeLessThanOrEqual(2);
        if (backend !== inProcess) expect(page.prefixes.length + page.items.length).toBeLessThanOrEqual(2);
        all.prefixes.push(...page.prefixes);
        all.items.push(...page.items);
        if (!page.nextPageToken) break;
        options = { ...options, pageToken: page.nextPageToken };
        expect(pages).toBeLessThan(10);
      }
      expect(pages).toBeGreaterThan(1);
      expect({ prefixes: [...new Set(all.prefixes)], items: all.items }).toEqual({
        prefixes: folders.prefixes,
        items: folders.items,
      });
    });

    it('gives the Firebase download URL, which downloads the bytes with its token only', async () => {
      const name = `${root()}/файл (1).csv`;
      const put = await port.put(name, Buffer.from('a,b\n1,2\n'), { contentType: 'text/csv' });
      const url = await port.downloadUrl(name);
      expect(url).toMatch(backend.urlPattern(port.bucket, name));
      expect(url).toBe(port.urlOf(put));
      expect(url).toContain(`token=${put.downloadToken}`);
      const res = await fetch(new URL(url!, base));
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('a,b\n1,2\n');
      const forged = await fetch(
        new URL(url!.replace(/token=.*$/, `token=${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`), base),
      );
      expect(forged.ok).toBe(false);
      expect(await port.downloadUrl(`${name}.missing`)).toBeNull();
    });

    it('deletes an object: it is gone from stat, list and its download URL', async () => {
      const dir = root();
      const name = `${dir}/gone.txt`;
      await port.put(name, Buffer.from('bye'), { contentType: 'text/plain' });
      const url = (await port.downloadUrl(name))!;
      expect(await port.delete(name)).toBe(true);
      expect(await port.stat(name)).toBeNull();
      expect((await port.list({ prefix: `${dir}/` })).items).toEqual([]);
      expect((await fetch(new URL(url, base))).ok).toBe(false);
      expect(await port.delete(name)).toBe(false);
    });
  });
}

describe('ObjectStorePort contract backends', () => {
  it('runs the disk store always; Cloud Storage only with STORAGE_EMULATOR_HOST', () => {
    expect(disk.enabled).toBe(true);
    expect(cloud.enabled).toBe(!!process.env.STORAGE_EMULATOR_HOST);
  });
});
