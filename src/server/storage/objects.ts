/**
 * The embedded object store behind the Firebase-Storage-compatible endpoints: object metadata in
 * SQLite (`storage_objects`), bytes on disk at DATA_DIR/storage/{bucket}/{generation}. Object names
 * never become file paths, so no name can write outside DATA_DIR. Bytes are written to a temporary
 * file and renamed into place before the metadata row appears, so no partial object is visible.
 */
import type Database from 'better-sqlite3';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Object metadata as Cloud Storage for Firebase returns it (GET /v0/b/{bucket}/o/{name}). */
export interface ObjectMetadata {
  bucket: string;
  name: string;
  generation: string;
  metageneration: string;
  size: string;
  md5Hash: string;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  metadata?: Record<string, string>;
  timeCreated: string;
  updated: string;
  storageClass: 'STANDARD';
  /** Comma-separated download tokens; the first builds the download URL. */
  downloadTokens: string;
}

interface ObjectRow {
  bucket: string;
  name: string;
  generation: string;
  metageneration: number;
  size: number;
  md5_hash: string;
  content_type: string;
  cache_control: string | null;
  content_disposition: string | null;
  content_encoding: string | null;
  content_language: string | null;
  custom_metadata: string;
  download_tokens: string;
  time_created: string;
  updated: string;
}

/** Bucket names as Cloud Storage allows them. */
export const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

/**
 * Normalises and checks an object name: at most 1024 bytes, no control characters, no `.`/`..`
 * segments, no leading slash, no empty segments. Returns the name or null when it is refused.
 */
export function normaliseObjectName(raw: string): string | null {
  const name = raw.normalize('NFC');
  if (!name || Buffer.byteLength(name, 'utf8') > 1024) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name) || name.includes('\\')) return null;
  if (name.startsWith('/')) return null;
  const segments = name.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return name;
}

function toMetadata(row: ObjectRow): ObjectMetadata {
  const meta: ObjectMetadata = {
    bucket: row.bucket,
    name: row.name,
    generation: row.generation,
    metageneration: String(row.metageneration),
    size: String(row.size),
    md5Hash: row.md5_hash,
    contentType: row.content_type,
    timeCreated: row.time_created,
    updated: row.updated,
    storageClass: 'STANDARD',
    downloadTokens: row.download_tokens,
  };
  if (row.cache_control) meta.cacheControl = row.cache_control;
  if (row.content_disposition) meta.contentDisposition = row.content_disposition;
  if (row.content_encoding) meta.contentEncoding = row.content_encoding;
  if (row.content_language) meta.contentLanguage = row.content_language;
  const custom = JSON.parse(row.custom_metadata) as Record<string, string>;
  if (Object.keys(custom).length) meta.metadata = custom;
  return meta;
}

export interface PutObjectInput {
  bucket: string;
  name: string;
  bytes: Buffer;
  contentType?: string;
  cacheControl?: string;
  contentDisposition?: string;
  customMetadata?: Record<string, string>;
}

export class ObjectStore {
  constructor(
    private readonly db: Database.Database,
    /** DATA_DIR/storage */
    private readonly root: string,
  ) {}

  private blobPath(bucket: string, generation: string): string {
    if (!BUCKET_NAME.test(bucket) || !/^\d+$/.test(generation)) throw new Error('Invalid bucket or generation');
    return path.join(this.root, bucket, generation);
  }

  async getMetadata(bucket: string, name: string): Promise<ObjectMetadata | null> {
    const row = this.db.prepare('SELECT * FROM storage_objects WHERE bucket = ? AND name = ?').get(bucket, name) as ObjectRow | undefined;
    return row ? toMetadata(row) : null;
  }

  /** Opens the bytes of an object for reading, optionally a byte range [start, end] (inclusive). */
  openRead(meta: ObjectMetadata, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.blobPath(meta.bucket, meta.generation), range);
  }

  /** Stores a whole object (replacing one of the same name) and returns its metadata. */
  async putObject(input: PutObjectInput): Promise<ObjectMetadata> {
    const name = normaliseObjectName(input.name);
    if (!name) throw new Error(`Invalid object name: ${input.name}`);
    const generation = `${Date.now()}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
    const target = this.blobPath(input.bucket, generation);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(tmp, input.bytes);
    await fs.rename(tmp, target);
    const now = new Date().toISOString();
    const previous = await this.getMetadata(input.bucket, name);
    this.db
      .prepare(
        `INSERT OR REPLACE INTO storage_objects (bucket, name, generation, metageneration, size, md5_hash, content_type,
           cache_control, content_disposition, content_encoding, content_language, custom_metadata, download_tokens, time_created, updated)
         VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, NULL, NULL, ?, ?, ?, ?)`,
      )
      .run(
        input.bucket,
        name,
        generation,
        input.bytes.length,
        createHash('md5').update(input.bytes).digest('base64'),
        input.contentType || 'application/octet-stream',
        input.cacheControl ?? null,
        input.contentDisposition ?? null,
        JSON.stringify(input.customMetadata ?? {}),
        randomUUID(),
        now,
        now,
      );
    if (previous) await fs.rm(this.blobPath(previous.bucket, previous.generation), { force: true });
    return (await this.getMetadata(input.bucket, name))!;
  }
}

/** The download URL of an object, as getDownloadURL() builds it (path relative to the server's origin). */
export function downloadUrl(meta: ObjectMetadata): string {
  const token = meta.downloadTokens.split(',')[0];
  return `/v0/b/${meta.bucket}/o/${encodeURIComponent(meta.name)}?alt=media&token=${token}`;
}
