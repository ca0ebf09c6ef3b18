/**
 * Stored file links in both modes (issue 12 item 3). The bug: in firebase mode the admin cut the
 * SDK's download URL to its path (`/v0/b/…?alt=media&token=…`), a path on this site that 404s; the
 * URL must be kept whole there, and stay site-relative for the embedded store. The seed and the zip
 * redirects give the port's URLs: Firebase's absolute https URL for Cloud Storage, `/v0/b/…` on disk.
 * Images in Cloud Storage get their srcset variants from /api/image, made through the port.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRedirectWith, storageArchives, type RedirectRule } from '../../src/server/http/redirects';
import { loadSeedSet } from '../../src/server/seed/load';
import { seedSet } from '../../src/server/seed/content/index';
import { CloudObjectStorePort, DOWNLOAD_TOKENS_KEY, firebaseStorageOrigin } from '../../src/server/storage/cloudPort';
import { DiskObjectStorePort } from '../../src/server/storage/diskPort';
import { ObjectStore } from '../../src/server/storage/objects';
import type { ObjectStorePort } from '../../src/server/storage/port';
import { portImageVariants, variantObjectName } from '../../src/server/storage/portVariants';
import type { DocumentStore } from '../../src/server/store/port';
import { openSqliteDatabase } from '../../src/server/store/sqlite';
import { fileRefSchema } from '../../src/shared/content/fields';
import { contentTypes } from '../../src/shared/content/registry';
import { storedFileUrl } from '../../src/shared/fileUrls';
import { srcSetFor } from '../../src/shared/images';
import { stringMatching } from '../support/matchers';

const BUCKET = 'uhmi-prod.appspot.com';
const FIREBASE_URL = `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/public%2Fmedia%2Fmn3k2-zvit.pdf?alt=media&token=0b6c1f1e-2d7a-4c55-9d1e-6f2f1d7f3a10`;

/**
 * A stand-in for @google-cloud/storage's Bucket with just what CloudObjectStorePort.put and stat
 * use (file().save, file().getMetadata), holding objects in memory: the real port code runs.
 */
function memoryBucket(name: string) {
  const objects = new Map<string, Record<string, unknown>>();
  let generation = 1_700_000_000_000_000;
  return {
    name,
    objects,
    file(objectName: string) {
      return {
        name: objectName,
        save(bytes: Buffer, options: { metadata: Record<string, unknown> }) {
          generation += 1;
          objects.set(objectName, {
            ...options.metadata,
            name: objectName,
            bucket: name,
            size: String(bytes.length),
            generation: String(generation),
            md5Hash: createHash('md5').update(bytes).digest('base64'),
            updated: new Date().toISOString(),
          });
          return Promise.resolve();
        },
        getMetadata() {
          const meta = objects.get(objectName);
          if (!meta) return Promise.reject(Object.assign(new Error('No such object'), { code: 404 }));
          return Promise.resolve([meta]);
        },
      };
    },
  };
}

/** A document store that only records the seed's batch. */
function recordingStore(): { store: DocumentStore; written: Array<{ collection: string; id: string; data: unknown }> } {
  const written: Array<{ collection: string; id: string; data: unknown }> = [];
  const store = {
    createMany: (items: typeof written) => {
      written.push(...items);
      return Promise.resolve();
    },
  } as unknown as DocumentStore;
  return { store, written };
}

/** Every file reference (an object with path and url) in a value. */
function fileRefs(
  value: unknown,
  out: Array<{ path: string; url: string }> = [],
): Array<{ path: string; url: string }> {
  if (Array.isArray(value)) value.forEach((v) => fileRefs(v, out));
  else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (typeof obj.path === 'string' && typeof obj.url === 'string') out.push({ path: obj.path, url: obj.url });
    else Object.values(obj).forEach((v) => fileRefs(v, out));
  }
  return out;
}

describe('the URL a file reference keeps (admin media library and uploads)', () => {
  it('keeps a Firebase download URL whole: its path alone is not a page of this site', () => {
    expect(storedFileUrl(FIREBASE_URL, 'https://uhmi.org.ua')).toBe(FIREBASE_URL);
    expect(
      fileRefSchema.parse({
        path: 'public/media/mn3k2-zvit.pdf',
        name: 'zvit.pdf',
        size: 1,
        url: storedFileUrl(FIREBASE_URL, 'https://uhmi.org.ua'),
      }).url,
    ).toBe(FIREBASE_URL);
  });

  it('keeps a Storage emulator URL whole (another origin than the site)', () => {
    const url = 'http://127.0.0.1:9199/v0/b/demo.appspot.com/o/a.png?alt=media&token=t';
    expect(storedFileUrl(url, 'http://localhost:3000')).toBe(url);
  });

  it('makes the embedded store URL (the site origin) site-relative, over http, https and default ports', () => {
    const path = `/v0/b/${BUCKET}/o/public%2Fmedia%2Fa.pdf?alt=media&token=t`;
    expect(storedFileUrl(`http://127.0.0.1:3000${path}`, 'http://127.0.0.1:3000')).toBe(path);
    expect(storedFileUrl(`https://uhmi.org.ua:443${path}`, 'https://uhmi.org.ua')).toBe(path);
    expect(storedFileUrl(`http://uhmi.local:80${path}`, 'http://uhmi.local')).toBe(path);
    expect(
      fileRefSchema.parse({
        path: 'public/media/a.pdf',
        name: 'a.pdf',
        size: 1,
        url: storedFileUrl(`https://uhmi.org.ua${path}`, 'https://uhmi.org.ua'),
      }).url,
    ).toBe(path);
  });

  it('is what the admin stores (useMedia fileRefUrl, used by the media library and UploadProgress)', async () => {
    const g = globalThis as unknown as { window?: unknown };
    const previous = g.window;
    g.window = { location: { origin: 'https://uhmi.org.ua' } };
    try {
      const { fileRefUrl } = await import('../../src/client/admin/media/useMedia');
      expect(fileRefUrl(FIREBASE_URL)).toBe(FIREBASE_URL);
      expect(fileRefUrl('https://uhmi.org.ua/v0/b/b/o/x.pdf?alt=media&token=t')).toBe(
        '/v0/b/b/o/x.pdf?alt=media&token=t',
      );
    } finally {
      g.window = previous;
    }
  });
});

describe('srcset in firebase mode', () => {
  it('points the srcset of an image in Cloud Storage at the variant route, keeps &width= for the embedded store', () => {
    const png = FIREBASE_URL.replace('.pdf', '.png');
    const srcset = srcSetFor({ url: png, contentType: 'image/png' })!;
    const first = srcset.split(', ')[0]!;
    expect(first).toMatch(/^\/api\/image\?\S+ 480w$/);
    const query = new URL(first.split(' ')[0]!, 'https://uhmi.org.ua').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      bucket: BUCKET,
      name: 'public/media/mn3k2-zvit.png',
      token: '0b6c1f1e-2d7a-4c55-9d1e-6f2f1d7f3a10',
      width: '480',
    });
    expect(
      srcSetFor({ url: `https://storage.googleapis.com/${BUCKET}/a.png`, contentType: 'image/png' }),
    ).toBeUndefined();
    expect(
      srcSetFor({
        url: `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/a.png?alt=media`,
        contentType: 'image/png',
      }),
    ).toBeUndefined();
    expect(srcSetFor({ url: '/v0/b/b/o/a.png?alt=media&token=t', contentType: 'image/png' })).toContain(
      '/v0/b/b/o/a.png?alt=media&token=t&width=480 480w',
    );
  });

  describe('variants made through the port', () => {
    let dir: string;
    let port: DiskObjectStorePort;
    let app: FastifyInstance;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-variants-'));
      const db = await openSqliteDatabase(path.join(dir, 'site.db'));
      port = new DiskObjectStorePort(new ObjectStore(db, path.join(dir, 'storage')), 'demo-uhmi.appspot.com');
      app = Fastify({ logger: false });
      await app.register(portImageVariants, { port, make: true });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('makes the variant once into the bucket and redirects to its download URL; anything else goes to the original', async () => {
      const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#2a6f97' } })
        .png()
        .toBuffer();
      const original = await port.put('public/media/river (1).png', png, { contentType: 'image/png' });
      const firebaseUrl = `https://firebasestorage.googleapis.com/v0/b/${port.bucket}/o/${encodeURIComponent(original.name)}?alt=media&token=${original.downloadToken}`;
      const candidate = srcSetFor({ url: firebaseUrl, contentType: 'image/png' })!
        .split(', ')
        .find((c) => c.endsWith(' 960w'))!
        .split(' ')[0]!;
      const res = await app.inject({ method: 'GET', url: candidate });
      expect(res.statusCode).toBe(302);
      const variantName = variantObjectName(original, 960);
      const variant = (await port.stat(variantName))!;
      expect(variant).toMatchObject({
        contentType: 'image/webp',
        metadata: { variantOf: original.name, width: '960' },
      });
      expect(res.headers.location).toBe(port.urlOf(variant));
      const bytes: Buffer[] = [];
      for await (const chunk of await port.stream(variantName)) bytes.push(chunk as Buffer);
      expect(await sharp(Buffer.concat(bytes)).metadata()).toMatchObject({ format: 'webp', width: 960, height: 480 });
      // The second request finds it.
      expect((await app.inject({ method: 'GET', url: candidate })).headers.location).toBe(res.headers.location);
      expect((await port.stat(variantName))!.generation).toBe(variant.generation);

      const wrongToken = candidate.replace(/token=[^&]+/, 'token=nope');
      const fallback = await app.inject({ method: 'GET', url: wrongToken });
      expect(fallback.statusCode).toBe(302);
      expect(fallback.headers.location).toBe(firebaseUrl.replace(original.downloadToken!, 'nope'));
      const otherBucket = await app.inject({
        method: 'GET',
        url: candidate.replace(/bucket=[^&]+/, 'bucket=other-project.appspot.com'),
      });
      expect(otherBucket.headers.location).toMatch(
        /^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/other-project\.appspot\.com\/o\//,
      );
      expect((await app.inject({ method: 'GET', url: candidate.replace('width=960', 'width=961') })).statusCode).toBe(
        400,
      );
      expect(
        (await app.inject({ method: 'GET', url: candidate.replace(/bucket=[^&]+/, 'bucket=evil.example%2Fx') }))
          .statusCode,
      ).toBe(400);

      // As registered in embedded mode (the disk port): nothing is made, the original is answered.
      const embedded = Fastify({ logger: false });
      await embedded.register(portImageVariants, { port });
      const other = await embedded.inject({ method: 'GET', url: candidate.replace('width=960', 'width=480') });
      await embedded.close();
      expect(other.headers.location).toBe(firebaseUrl);
      expect(await port.stat(variantObjectName(original, 480))).toBeNull();
    });
  });
});

describe('the seed writes through the object-store port', () => {
  it('in firebase mode puts files and archives into the bucket and keeps the Firebase download URLs', async () => {
    const bucket = memoryBucket(BUCKET);
    const port = new CloudObjectStorePort(bucket as never, 'https://firebasestorage.googleapis.com');
    const { store, written } = recordingStore();
    await loadSeedSet({ store, objects: port }, seedSet);
    const refs = written.flatMap((doc) => fileRefs(doc.data));
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const meta = bucket.objects.get(ref.path)!;
      const token = (meta.metadata as Record<string, string>)[DOWNLOAD_TOKENS_KEY];
      expect(ref.url).toBe(
        `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/${encodeURIComponent(ref.path)}?alt=media&token=${token}`,
      );
    }
    const archives = [...bucket.objects.keys()].filter((n) => n.startsWith('public/data_repo/'));
    expect(archives.length).toBe(written.filter((d) => d.collection === 'dataRepo').length);
    expect(bucket.objects.get(archives[0]!)).toMatchObject({
      contentType: 'application/zip',
      contentDisposition: stringMatching(/^attachment; filename="?[^"]+\.zip"?$/),
    });
  });

  describe('embedded', () => {
    let dir: string;
    let port: ObjectStorePort;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-links-'));
      const db = await openSqliteDatabase(path.join(dir, 'site.db'));
      port = new DiskObjectStorePort(new ObjectStore(db, path.join(dir, 'storage')), 'demo-uhmi.appspot.com');
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('keeps site-relative /v0/b/ URLs', async () => {
      const { store, written } = recordingStore();
      await loadSeedSet({ store, objects: port }, seedSet);
      const refs = written.flatMap((doc) => fileRefs(doc.data));
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) expect(ref.url).toBe(await port.downloadUrl(ref.path));
      for (const ref of refs)
        expect(ref.url).toMatch(
          /^\/v0\/b\/demo-uhmi\.appspot\.com\/o\/public%2Fseed%2F[^?]+\?alt=media&token=[0-9a-f-]{36}$/,
        );
    });
  });
});

describe('zip redirects through the port', () => {
  const rule = (input: Partial<RedirectRule> & { from: string }): RedirectRule =>
    contentTypes.redirects.schema.parse(input);
  const rules = [
    rule({ match: 'zip', from: '/data_repo', priority: 20 }),
    rule({ from: '/data_repo/old', to: '/data_repo', priority: 30, keepRest: false }),
  ];

  it('answers {name}.zip with the Firebase download URL of the archive in the bucket', async () => {
    const bucket = memoryBucket(BUCKET);
    const port = new CloudObjectStorePort(bucket as never, 'https://firebasestorage.googleapis.com');
    const put = await port.put('public/data_repo/month.zip', Buffer.from('PK'), { contentType: 'application/zip' });
    const archives = storageArchives(port);
    expect(await matchRedirectWith(rules, '/data_repo/month.zip', '', archives)).toBe(
      `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/public%2Fdata_repo%2Fmonth.zip?alt=media&token=${put.downloadToken}`,
    );
    expect(await matchRedirectWith(rules, '/data_repo/none.zip', '', archives)).toBeNull();
    // A missing archive lets later rules match.
    expect(await matchRedirectWith(rules, '/data_repo/old/none.zip', '', archives)).toBe('/data_repo');
  });

  it('asks the store only when a zip rule wants an archive', async () => {
    const asked: string[] = [];
    const lookup = (name: string) => (asked.push(name), Promise.resolve(null));
    expect(await matchRedirectWith(rules, '/data_repo/old', '', lookup)).toBe('/data_repo');
    expect(await matchRedirectWith(rules, '/elsewhere/x.zip', '', lookup)).toBeNull();
    expect(asked).toEqual([]);
    await matchRedirectWith(rules, '/data_repo/a.zip', '', lookup);
    expect(asked).toEqual(['a.zip']);
  });

  it('points download URLs at the Storage emulator when STORAGE_EMULATOR_HOST is set', () => {
    expect(firebaseStorageOrigin({})).toBe('https://firebasestorage.googleapis.com');
    expect(firebaseStorageOrigin({ STORAGE_EMULATOR_HOST: 'http://127.0.0.1:9199' })).toBe('http://127.0.0.1:9199');
    expect(firebaseStorageOrigin({ FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199' })).toBe('http://127.0.0.1:9199');
  });
});
