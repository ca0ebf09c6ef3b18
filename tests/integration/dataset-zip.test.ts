/**
 * «Завантажити все» (/api/data_repo/{slug}/files.zip) over real HTTP on a seeded SQLite data dir,
 * for the review's findings: HEAD answers the headers without reading any file; files too large
 * together for a ZIP without ZIP64 are refused (413, Ukrainian) before any byte, with sizes faked
 * in the storage index (no 4 GiB written); text is deflated and binary files stored; a repeated
 * `version` is a 400; archives past the concurrency cap get 503 with Retry-After.
 */
import Fastify from 'fastify';
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { datasetFileRoutes } from '../../src/server/datasetFiles/routes';
import { useDatasetServer } from './datasetServer';

const GIB = 2 ** 30;

const ds = useDatasetServer('zip-test', 'Перевірка архіву');
const { storeFile, createDataset } = ds;

/** Pretends the stored object is `size` bytes long, in the storage index only (the bytes stay small). */
function fakeSize(path: string, size: number): void {
  ds.server.db.prepare('UPDATE storage_objects SET size = ? WHERE name = ?').run(size, path);
}

/** Compression method of each entry, from the ZIP's central directory (APPNOTE 4.3.12: method at +10, name at +46). */
function methodsOf(zip: Buffer): Record<string, number> {
  const out: Record<string, number> = {};
  for (let at = zip.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4, 'latin1')) {
    const nameLength = zip.readUInt16LE(at + 28);
    out[zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')] = zip.readUInt16LE(at + 10);
  }
  return out;
}

describe('HEAD', () => {
  it('answers 200 with the headers of GET and no body, without reading any stored file', async () => {
    const reads = vi.spyOn(ds.server.objects, 'openRead');
    try {
      const head = await fetch(`${ds.origin}/api/data_repo/month/files.zip`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(await head.arrayBuffer()).toHaveProperty('byteLength', 0);
      // Before the fix Fastify drained the archive after answering: give it time to show.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reads).not.toHaveBeenCalled();
      const get = await fetch(`${ds.origin}/api/data_repo/month/files.zip`);
      for (const h of ['content-type', 'content-disposition', 'cache-control']) {
        expect(head.headers.get(h), h).toBe(get.headers.get(h));
      }
      expect(head.headers.get('content-type')).toBe('application/zip');
      await get.arrayBuffer();
      expect(reads).toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('answers 404 for a missing dataset, as GET does', async () => {
    const head = await fetch(`${ds.origin}/api/data_repo/no-such/files.zip`, { method: 'HEAD' });
    expect(head.status).toBe(404);
  });
});

describe('no ZIP64', () => {
  beforeAll(async () => {
    await createDataset('huge-one', [await storeFile('one.nc', Buffer.from('CDF\x01'), 'application/x-netcdf')]);
    await createDataset('huge-two', [
      await storeFile('a.nc', Buffer.from('CDF\x01'), 'application/x-netcdf'),
      await storeFile('b.nc', Buffer.from('CDF\x01'), 'application/x-netcdf'),
    ]);
    await createDataset('big-fits', [await storeFile('fits.nc', Buffer.from('CDF\x01'), 'application/x-netcdf')]);
    fakeSize('public/zip-test/one.nc', 4.5 * GIB);
    fakeSize('public/zip-test/a.nc', 2.5 * GIB);
    fakeSize('public/zip-test/b.nc', 2.5 * GIB);
  });

  it('refuses one file past 4 GiB with 413 and a Ukrainian message naming the one-by-one download', async () => {
    const reads = vi.spyOn(ds.server.objects, 'openRead');
    try {
      const res = await fetch(`${ds.origin}/api/data_repo/huge-one/files.zip`);
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toBeNull();
      const { error } = (await res.json()) as { error: string };
      expect(error).toMatch(/^Архів завеликий: файли цієї версії разом займають 4,5 ГБ/);
      expect(error).toContain('Завантажте файли по одному');
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('refuses files that pass 4 GiB together (2 × 2.5 GiB), on HEAD too', async () => {
    const res = await fetch(`${ds.origin}/api/data_repo/huge-two/files.zip`);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: string }).error).toMatch(/разом займають 5,0 ГБ/);
    expect((await fetch(`${ds.origin}/api/data_repo/huge-two/files.zip`, { method: 'HEAD' })).status).toBe(413);
  });

  it('still serves a version of 3.5 GiB (HEAD, so nothing is read)', async () => {
    fakeSize('public/zip-test/fits.nc', 3.5 * GIB);
    const res = await fetch(`${ds.origin}/api/data_repo/big-fits/files.zip`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
  });
});

describe('compression', () => {
  it('stores the NetCDF file, deflates the CSV and the manifest, and the archive still unpacks to the files', async () => {
    const res = await fetch(`${ds.origin}/api/data_repo/month/files.zip`);
    expect(res.status).toBe(200);
    const zip = Buffer.from(await res.arrayBuffer());
    expect(methodsOf(zip)).toEqual({
      'month-sample-2020.nc': 0,
      'month-sample-2020.csv': 8,
      'SHA256SUMS.txt': 8,
    });
    const entries = unzipSync(new Uint8Array(zip));
    expect(Buffer.from(entries['month-sample-2020.nc']!).subarray(0, 3).toString('latin1')).toBe('CDF');
    expect(Buffer.from(entries['SHA256SUMS.txt']!).toString('utf8').split('\n')).toHaveLength(3);
  });
});

describe('query', () => {
  it('answers a repeated version with 400 and a Ukrainian message', async () => {
    const res = await fetch(`${ds.origin}/api/data_repo/month/files.zip?version=1.0&version=2.0`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Параметр version можна вказати лише один раз' });
  });
});

describe('concurrency cap', () => {
  it('answers 503 with Retry-After while the cap is in use, and serves again once that download is gone', async () => {
    await createDataset('slow-big', [
      await storeFile('noise.bin', randomBytes(32 * 1024 * 1024), 'application/octet-stream'),
    ]);
    const app = Fastify({ logger: false });
    await app.register(datasetFileRoutes, { content: ds.server.content, objects: ds.port, maxStreams: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    try {
      const abort = new AbortController();
      const first = await fetch(`${base}/api/data_repo/slow-big/files.zip`, { signal: abort.signal });
      expect(first.status).toBe(200); // its body is not read: the archive waits on the client
      const second = await fetch(`${base}/api/data_repo/month/files.zip`);
      expect(second.status).toBe(503);
      expect(second.headers.get('retry-after')).toBe('30');
      expect(((await second.json()) as { error: string }).error).toMatch(/^Зараз готується забагато архівів/);
      expect((await fetch(`${base}/api/data_repo/month/files.zip`, { method: 'HEAD' })).status).toBe(200);
      abort.abort();
      await expect(first.arrayBuffer()).rejects.toThrow();
      await vi.waitFor(async () => {
        const third = await fetch(`${base}/api/data_repo/month/files.zip`);
        expect(third.status).toBe(200);
        await third.arrayBuffer();
      });
    } finally {
      await app.close();
    }
  });
});
