/**
 * The embedded object store behind the Firebase-Storage-compatible endpoints: object metadata in
 * SQLite (`storage_objects`), bytes on disk. Object names never become file paths, so no name can
 * write outside DATA_DIR. Layout under DATA_DIR/storage (`root`):
 *
 *   {bucket}/{generation}                      the bytes of one object generation
 *   {bucket}/variants/{generation}/w{width}.webp  resized image variants (variants.ts), made on demand
 *   .uploads/{sessionId}                       bytes of a resumable upload in progress (uploads.ts)
 *   .uploads/mp-{uuid}                         a multipart upload being received
 *
 * Bytes are written to a temporary file, flushed (fsync) and renamed into place before the metadata
 * row appears, so no partial object is ever visible; the replaced generation is removed afterwards.
 * A write that fails on the way (a full disk included) leaves the previous object as it was.
 * Files are created 0600 and folders 0700 (io.ts FILE_MODE / DIR_MODE).
 */
import type Database from 'better-sqlite3';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { QuotaExceededError } from './errors';
import { fsyncPath, nodeStorageIo, type StorageIo } from './io';
import type { ObjectMetadata, WritableMetadata } from './metadata';
import { UploadSessions, type CommitInput } from './uploads';

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

/** Content type given to objects uploaded without one (spec section 5). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

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

export interface ListOptions {
  prefix?: string;
  delimiter?: string;
  pageToken?: string;
  /** 1 to 1000 (default 1000). */
  maxResults?: number;
}

export interface ListResult {
  prefixes: string[];
  items: Array<{ bucket: string; name: string }>;
  nextPageToken?: string;
}

export class ObjectStore {
  private lastGeneration = 0;
  /** Resumable upload sessions writing into this store. */
  readonly uploads: UploadSessions;
  /**
   * The file-system calls every write of this store goes through (node:fs). Tests replace it with
   * one whose calls fail, to see what clients get on a full disk.
   */
  io: StorageIo = nodeStorageIo;

  constructor(
    private readonly db: Database.Database,
    /** DATA_DIR/storage */
    readonly root: string,
  ) {
    this.uploads = new UploadSessions(db, this);
  }

  /** Where upload bytes wait until they are finalized (same file system as the objects, so rename is atomic). */
  get uploadsDir(): string {
    return path.join(this.root, '.uploads');
  }

  private blobPath(bucket: string, generation: string): string {
    if (!BUCKET_NAME.test(bucket) || !/^\d+$/.test(generation)) throw new Error('Invalid bucket or generation');
    return path.join(this.root, bucket, generation);
  }

  /** The file holding an object's bytes. */
  blobFile(meta: Pick<ObjectMetadata, 'bucket' | 'generation'>): string {
    return this.blobPath(meta.bucket, meta.generation);
  }

  /** The folder of an object generation's image variants. */
  variantsDir(meta: Pick<ObjectMetadata, 'bucket' | 'generation'>): string {
    this.blobPath(meta.bucket, meta.generation); // validates
    return path.join(this.root, meta.bucket, 'variants', meta.generation);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the async form of findMetadata (ports and routes await it); async keeps a failure a rejected promise
  async getMetadata(bucket: string, name: string): Promise<ObjectMetadata | null> {
    return this.findMetadata(bucket, name);
  }

  /** `getMetadata` without waiting (the index is a local SQLite table), for callers that must stay synchronous. */
  findMetadata(bucket: string, name: string): ObjectMetadata | null {
    const row = this.db.prepare('SELECT * FROM storage_objects WHERE bucket = ? AND name = ?').get(bucket, name) as
      ObjectRow | undefined;
    return row ? toMetadata(row) : null;
  }

  /** Opens the bytes of an object for reading, optionally a byte range [start, end] (inclusive). */
  openRead(meta: ObjectMetadata, range?: { start: number; end: number }): ReadStream {
    return createReadStream(this.blobPath(meta.bucket, meta.generation), range);
  }

  /** Bytes stored in a bucket (the sum of its objects' sizes). */
  bucketBytes(bucket: string): number {
    const row = this.db
      .prepare('SELECT COALESCE(SUM(size), 0) AS total FROM storage_objects WHERE bucket = ?')
      .get(bucket) as { total: number };
    return row.total;
  }

  /**
   * Throws QuotaExceededError when storing `size` bytes as `name` (replacing the object of that name,
   * if any) would take the bucket past `quotaBytes` (0: no quota).
   */
  checkQuota(bucket: string, name: string, size: number, quotaBytes: number): void {
    if (quotaBytes <= 0) return;
    const existing = this.db
      .prepare('SELECT size FROM storage_objects WHERE bucket = ? AND name = ?')
      .get(bucket, name) as { size: number } | undefined;
    if (this.bucketBytes(bucket) - (existing?.size ?? 0) + size > quotaBytes) throw new QuotaExceededError(bucket);
  }

  /** A generation number: microseconds since the epoch, strictly increasing within this process. */
  private async newGeneration(bucket: string): Promise<string> {
    for (;;) {
      const generation = Math.max(Date.now() * 1000, this.lastGeneration + 1);
      this.lastGeneration = generation;
      const target = this.blobPath(bucket, String(generation));
      const taken = await fs.access(target).then(
        () => true,
        () => false,
      );
      if (!taken) return String(generation);
    }
  }

  /**
   * Publishes an uploaded file as an object: flushes it, renames it into place and writes the
   * metadata row (replacing the object of the same name; metageneration 1, a new download token).
   * The quota check, the row write and `inTransaction(generation)` (the upload session's own
   * bookkeeping) are one SQLite transaction. Throws QuotaExceededError (the file is removed then),
   * or the file system's / SQLite's error (ENOSPC, SQLITE_FULL…; the renamed file is removed, and
   * `input.file`, if not renamed yet, is the caller's to remove); nothing becomes visible then.
   * Returns the new metadata.
   */
  async commitFile(input: CommitInput, inTransaction?: (generation: string) => void): Promise<ObjectMetadata> {
    const generation = await this.newGeneration(input.bucket);
    const target = this.blobPath(input.bucket, generation);
    await this.io.mkdir(path.dirname(target));
    await fsyncPath(input.file, { io: this.io });
    await this.io.rename(input.file, target);
    await fsyncPath(path.dirname(target), { io: this.io }).catch(() => {}); // the new directory entry; best effort where unsupported
    const m = input.metadata;
    const now = new Date().toISOString();
    let previous: ObjectRow | undefined;
    try {
      this.db.transaction(() => {
        previous = this.db
          .prepare('SELECT * FROM storage_objects WHERE bucket = ? AND name = ?')
          .get(input.bucket, input.name) as ObjectRow | undefined;
        this.checkQuota(input.bucket, input.name, input.size, input.quotaBytes);
        const custom = Object.fromEntries(
          Object.entries(m.metadata ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
        );
        this.db
          .prepare(
            `INSERT OR REPLACE INTO storage_objects (bucket, name, generation, metageneration, size, md5_hash, content_type,
               cache_control, content_disposition, content_encoding, content_language, custom_metadata, download_tokens, time_created, updated)
             VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            input.bucket,
            input.name,
            generation,
            input.size,
            input.md5Hash,
            m.contentType || DEFAULT_CONTENT_TYPE,
            m.cacheControl ?? null,
            m.contentDisposition ?? null,
            m.contentEncoding ?? null,
            m.contentLanguage ?? null,
            JSON.stringify(custom),
            input.downloadTokens || randomUUID(),
            now,
            now,
          );
        inTransaction?.(generation);
      })();
    } catch (err) {
      await fs.rm(target, { force: true });
      throw err;
    }
    if (previous) await this.removeGenerationFiles(previous.bucket, previous.generation);
    return (await this.getMetadata(input.bucket, input.name))!;
  }

  /** Stores a whole object from memory (seed files; replacing one of the same name) and returns its metadata. */
  async putObject(input: PutObjectInput): Promise<ObjectMetadata> {
    const name = normaliseObjectName(input.name);
    if (!name) throw new Error(`Invalid object name: ${input.name}`);
    if (!BUCKET_NAME.test(input.bucket)) throw new Error(`Invalid bucket: ${input.bucket}`);
    await this.io.mkdir(this.uploadsDir);
    const tmp = path.join(this.uploadsDir, `mp-${randomUUID()}`);
    try {
      await this.io.writeFile(tmp, input.bytes);
      return await this.commitFile({
        bucket: input.bucket,
        name,
        file: tmp,
        size: input.bytes.length,
        md5Hash: createHash('md5').update(input.bytes).digest('base64'),
        metadata: {
          contentType: input.contentType,
          cacheControl: input.cacheControl,
          contentDisposition: input.contentDisposition,
          metadata: input.customMetadata,
        },
        quotaBytes: 0,
      });
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  /**
   * Applies a metadata PATCH (Cloud Storage semantics: given fields are set, null removes a field,
   * custom metadata keys are merged and a null value removes its key; name and md5Hash cannot change).
   * Bumps metageneration and `updated`. Returns null when the object does not exist.
   */
  async updateMetadata(bucket: string, name: string, patch: WritableMetadata): Promise<ObjectMetadata | null> {
    const changed = this.db.transaction(() => {
      const row = this.db.prepare('SELECT * FROM storage_objects WHERE bucket = ? AND name = ?').get(bucket, name) as
        ObjectRow | undefined;
      if (!row) return false;
      const pick = (value: string | null | undefined, current: string | null) =>
        value === undefined ? current : value || null;
      const custom = JSON.parse(row.custom_metadata) as Record<string, string>;
      if (patch.metadata === null) {
        for (const key of Object.keys(custom)) delete custom[key];
      } else if (patch.metadata) {
        for (const [key, value] of Object.entries(patch.metadata)) {
          if (value === null) delete custom[key];
          else custom[key] = value;
        }
      }
      this.db
        .prepare(
          `UPDATE storage_objects SET metageneration = metageneration + 1, content_type = ?, cache_control = ?, content_disposition = ?,
             content_encoding = ?, content_language = ?, custom_metadata = ?, updated = ? WHERE bucket = ? AND name = ?`,
        )
        .run(
          pick(patch.contentType, row.content_type) ?? DEFAULT_CONTENT_TYPE,
          pick(patch.cacheControl, row.cache_control),
          pick(patch.contentDisposition, row.content_disposition),
          pick(patch.contentEncoding, row.content_encoding),
          pick(patch.contentLanguage, row.content_language),
          JSON.stringify(custom),
          new Date().toISOString(),
          bucket,
          name,
        );
      return true;
    })();
    return changed ? this.getMetadata(bucket, name) : null;
  }

  /** Deletes an object (row first, then its bytes and variants). Returns false when it did not exist. */
  async deleteObject(bucket: string, name: string): Promise<boolean> {
    const row = this.db
      .prepare('DELETE FROM storage_objects WHERE bucket = ? AND name = ? RETURNING bucket, generation')
      .get(bucket, name) as { bucket: string; generation: string } | undefined;
    if (!row) return false;
    await this.removeGenerationFiles(row.bucket, row.generation);
    return true;
  }

  private async removeGenerationFiles(bucket: string, generation: string): Promise<void> {
    await fs.rm(this.blobPath(bucket, generation), { force: true });
    await fs.rm(this.variantsDir({ bucket, generation }), { recursive: true, force: true });
  }

  /**
   * Lists a bucket as Cloud Storage's objects.list does: names starting with `prefix`; with a
   * `delimiter`, names that contain it after the prefix are rolled up into `prefixes` (each ending
   * with the delimiter). Entries are in name order (UTF-8 byte order); `nextPageToken` continues
   * after the last entry. Throws Error('Invalid page token') for a token this store did not issue.
   */
  list(bucket: string, options: ListOptions = {}): ListResult {
    const prefix = options.prefix ?? '';
    const delimiter = options.delimiter ?? '';
    const max = options.maxResults ?? 1000;
    let after: string | null = null;
    let lastPrefix: string | null = null;
    if (options.pageToken) {
      const token = decodePageToken(options.pageToken);
      after = token.key;
      if (token.prefix) lastPrefix = token.key;
    }
    const rows = this.db
      .prepare(
        'SELECT name FROM storage_objects WHERE bucket = ? AND name >= ? AND (? IS NULL OR name > ?) ORDER BY name',
      )
      .iterate(bucket, prefix, after, after) as IterableIterator<{ name: string }>;
    const result: ListResult = { prefixes: [], items: [] };
    let count = 0;
    let last: { key: string; prefix: boolean } | null = null;
    for (const { name } of rows) {
      if (!name.startsWith(prefix)) break; // names with the prefix are contiguous in byte order
      const cut = delimiter ? name.indexOf(delimiter, prefix.length) : -1;
      const key = cut >= 0 ? name.slice(0, cut + delimiter.length) : name;
      if (cut >= 0 && key === lastPrefix) continue;
      if (count === max) {
        result.nextPageToken = encodePageToken(last!);
        break;
      }
      count += 1;
      if (cut >= 0) {
        result.prefixes.push(key);
        lastPrefix = key;
      } else {
        result.items.push({ bucket, name });
      }
      last = { key, prefix: cut >= 0 };
    }
    return result;
  }
}

function encodePageToken(token: { key: string; prefix: boolean }): string {
  return Buffer.from(JSON.stringify({ k: token.key, p: token.prefix ? 1 : 0 }), 'utf8').toString('base64url');
}

function decodePageToken(raw: string): { key: string; prefix: boolean } {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { k?: unknown; p?: unknown };
    if (typeof value.k === 'string') return { key: value.k, prefix: value.p === 1 };
  } catch {
    // fall through
  }
  throw new Error('Invalid page token');
}
