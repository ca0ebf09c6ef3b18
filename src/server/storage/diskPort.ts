/**
 * The object-store port on the embedded store (objects.ts): the same SQLite rows and files the
 * embedded `/v0/b/…` endpoints serve, so an object put here is downloadable, listable and
 * deletable through the firebase/storage SDK too, and the other way round. Download URLs are
 * site-relative (`/v0/b/{bucket}/o/{name}?alt=media&token=…`): they work on whatever host the site
 * is opened on.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { writeAll } from './io';
import type { ObjectMetadata } from './metadata';
import { BUCKET_NAME, normaliseObjectName, type ObjectStore } from './objects';
import {
  firebaseDownloadUrl,
  ObjectNotFoundError,
  type ObjectListOptions,
  type ObjectListPage,
  type ObjectStorePort,
  type PutOptions,
  type StoredObject,
} from './port';

function toStored(meta: ObjectMetadata): StoredObject {
  const stored: StoredObject = {
    bucket: meta.bucket,
    name: meta.name,
    size: Number(meta.size),
    contentType: meta.contentType,
    generation: meta.generation,
    md5Hash: meta.md5Hash,
    metadata: { ...(meta.metadata ?? {}) },
    downloadToken: meta.downloadTokens.split(',')[0] || null,
    updated: meta.updated,
  };
  if (meta.cacheControl) stored.cacheControl = meta.cacheControl;
  if (meta.contentDisposition) stored.contentDisposition = meta.contentDisposition;
  return stored;
}

export class DiskObjectStorePort implements ObjectStorePort {
  readonly kind = 'disk' as const;

  constructor(
    readonly objects: ObjectStore,
    readonly bucket: string,
  ) {
    if (!BUCKET_NAME.test(bucket)) throw new Error(`Invalid bucket: ${bucket}`);
  }

  private checkedName(raw: string): string {
    const name = normaliseObjectName(raw);
    if (!name) throw new Error(`Invalid object name: ${raw}`);
    return name;
  }

  async put(rawName: string, body: Buffer | Uint8Array | Readable, options: PutOptions): Promise<StoredObject> {
    const name = this.checkedName(rawName);
    const io = this.objects.io;
    await io.mkdir(this.objects.uploadsDir);
    const tmp = path.join(this.objects.uploadsDir, `mp-${randomUUID()}`);
    const md5 = createHash('md5');
    let size = 0;
    async function* hashed(
      source: AsyncIterable<Buffer | Uint8Array | string> | Iterable<Buffer | Uint8Array>,
    ): AsyncIterable<Buffer> {
      for await (const chunk of source) {
        const buffer =
          typeof chunk === 'string'
            ? Buffer.from(chunk)
            : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        md5.update(buffer);
        size += buffer.length;
        yield buffer;
      }
    }
    const source = body instanceof Readable ? body : [body];
    try {
      await writeAll(hashed(source), tmp, { start: 0, flags: 'w', io });
      const meta = await this.objects.commitFile({
        bucket: this.bucket,
        name,
        file: tmp,
        size,
        md5Hash: md5.digest('base64'),
        metadata: {
          contentType: options.contentType,
          cacheControl: options.cacheControl,
          contentDisposition: options.contentDisposition,
          metadata: options.metadata,
        },
        quotaBytes: 0,
        downloadTokens: options.downloadToken,
      });
      return toStored(meta);
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- implements the async port over a synchronous index; async keeps a failure a rejected promise
  async stream(name: string, range: { start?: number; end?: number } = {}): Promise<Readable> {
    const meta = this.objects.findMetadata(this.bucket, name);
    if (!meta) throw new ObjectNotFoundError(name);
    const size = Number(meta.size);
    if (range.start === undefined && range.end === undefined) return this.objects.openRead(meta);
    const start = range.start ?? 0;
    const end = Math.min(range.end ?? size - 1, size - 1);
    if (end < start) return Readable.from([]);
    return this.objects.openRead(meta, { start, end });
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- implements the async port over a synchronous index; async keeps a failure a rejected promise
  async stat(name: string): Promise<StoredObject | null> {
    const meta = this.objects.findMetadata(this.bucket, name);
    return meta ? toStored(meta) : null;
  }

  async delete(name: string): Promise<boolean> {
    return this.objects.deleteObject(this.bucket, name);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- implements the async port over a synchronous index; async keeps a failure a rejected promise
  async list(options: ObjectListOptions = {}): Promise<ObjectListPage> {
    const result = this.objects.list(this.bucket, options);
    const page: ObjectListPage = { prefixes: result.prefixes, items: result.items.map((i) => i.name) };
    if (result.nextPageToken) page.nextPageToken = result.nextPageToken;
    return page;
  }

  async downloadUrl(name: string): Promise<string | null> {
    const stored = await this.stat(name);
    return stored ? this.urlOf(stored) : null;
  }

  urlOf(object: StoredObject): string | null {
    return object.downloadToken ? firebaseDownloadUrl('', object.bucket, object.name, object.downloadToken) : null;
  }
}
