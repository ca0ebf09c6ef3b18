/**
 * Firebase mode's files on Cloud Storage, through firebase-admin, against firebase-tools' Storage
 * emulator run in this process (tests/support/storageEmulator.ts; no Java): the seed's files and
 * archives land in the bucket with Firebase download URLs that download, the zip redirect answers
 * with such a URL, image variants are made into the bucket, and an object put there without a
 * token (by another tool) gets one for its download URL.
 */
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRedirectWith, storageArchives } from '../../src/server/http/redirects';
import { seedSet } from '../../src/server/seed/content/index';
import { loadSeedSet } from '../../src/server/seed/load';
import { CloudObjectStorePort, DOWNLOAD_TOKENS_KEY } from '../../src/server/storage/cloudPort';
import { portImageVariants, variantObjectName } from '../../src/server/storage/portVariants';
import type { DocumentStore } from '../../src/server/store/port';
import { contentTypes } from '../../src/shared/content/registry';
import { srcSetFor } from '../../src/shared/images';
import {
  emulatorBucket,
  startStorageEmulatorInProcess,
  type InProcessStorageEmulator,
} from '../support/storageEmulator';

const BUCKET = 'demo-uhmi.appspot.com';
let emulator: InProcessStorageEmulator;
let port: CloudObjectStorePort;
let bucket: ReturnType<ReturnType<typeof import('firebase-admin/storage').getStorage>['bucket']>;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  emulator = await startStorageEmulatorInProcess();
  const made = await emulatorBucket(emulator.origin, BUCKET);
  bucket = made.bucket;
  closeApp = made.close;
  port = new CloudObjectStorePort(bucket, emulator.origin);
});
afterAll(async () => {
  await closeApp?.();
  await emulator?.stop();
});

describe('firebase mode on the Storage emulator', () => {
  it('seeds files and archives into the bucket, keeping their download URLs', async () => {
    const written: Array<{ collection: string; data: unknown }> = [];
    const store = {
      createMany: (items: typeof written) => {
        written.push(...items);
        return Promise.resolve();
      },
    } as unknown as DocumentStore;
    await loadSeedSet({ store, objects: port }, seedSet);
    const refs = JSON.stringify(written)
      .match(/"url":"[^"]+"/g)!
      .map((m) => (JSON.parse(`{${m}}`) as { url: string }).url);
    expect(refs.length).toBeGreaterThan(0);
    for (const url of refs.slice(0, 5)) {
      expect(url.startsWith(`${emulator.origin}/v0/b/${BUCKET}/o/public%2Fseed%2F`)).toBe(true);
      expect((await fetch(url)).status).toBe(200);
    }
    const archives = await port.list({ prefix: 'public/data_repo/' });
    expect(archives.items.length).toBe(written.filter((d) => d.collection === 'dataRepo').length);

    // Covers in the bucket keep their size (the srcset of Firebase download URLs is tested below).
    const covers = written
      .filter((d) => d.collection === 'news')
      .map((d) => (d.data as { cover: { url: string; contentType: string; width: number; height: number } }).cover);
    expect(covers.length).toBeGreaterThan(0);
    for (const cover of covers) {
      expect(cover).toMatchObject({ contentType: 'image/png', width: 1200, height: 675 });
      expect(cover.url.startsWith(`${emulator.origin}/v0/b/${BUCKET}/o/public%2Fseed%2F`)).toBe(true);
    }

    const rules = [contentTypes.redirects.schema.parse({ match: 'zip', from: '/data_repo', priority: 20 })];
    const fileName = archives.items[0]!.slice('public/data_repo/'.length);
    const location = await matchRedirectWith(rules, `/data_repo/${fileName}`, '', storageArchives(port));
    expect(location).toBe(await port.downloadUrl(archives.items[0]!));
    const zip = await fetch(location!);
    expect(zip.status).toBe(200);
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });

  it('gives a token to an object stored without one, for its download URL', async () => {
    await bucket
      .file('imported/plain.txt')
      .save(Buffer.from('from gsutil'), { resumable: false, metadata: { contentType: 'text/plain' } });
    expect((await port.stat('imported/plain.txt'))!.downloadToken).toBeNull();
    const url = (await port.downloadUrl('imported/plain.txt'))!;
    const [meta] = await bucket.file('imported/plain.txt').getMetadata();
    expect(url).toBe(
      `${emulator.origin}/v0/b/${BUCKET}/o/imported%2Fplain.txt?alt=media&token=${String(meta.metadata![DOWNLOAD_TOKENS_KEY])}`,
    );
    expect(await (await fetch(url)).text()).toBe('from gsutil');
  });

  it('makes image variants into the bucket and redirects to them', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const original = await port.put('public/media/sky.png', png, { contentType: 'image/png' });
    // Documents hold Firebase's own URL; its srcset points at the server's variant route.
    const firebaseUrl = `https://firebasestorage.googleapis.com/v0/b/${BUCKET}/o/public%2Fmedia%2Fsky.png?alt=media&token=${original.downloadToken}`;
    const candidate = srcSetFor({ url: firebaseUrl, contentType: 'image/png' })!.split(', ')[0]!.split(' ')[0]!;
    const app = Fastify({ logger: false });
    await app.register(portImageVariants, { port });
    try {
      const res = await app.inject({ method: 'GET', url: candidate });
      expect(res.statusCode).toBe(302);
      const variant = (await port.stat(variantObjectName(original, 480)))!;
      expect(variant.contentType).toBe('image/webp');
      expect(res.headers.location).toBe(port.urlOf(variant));
      const bytes = Buffer.from(await (await fetch(String(res.headers.location))).arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 240 });
    } finally {
      await app.close();
    }
  });
});
