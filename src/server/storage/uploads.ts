/**
 * Resumable upload sessions (the X-Goog-Upload protocol the firebase/storage SDK speaks, spec
 * sections 4 and 7): start, query, upload, upload+finalize, finalize.
 *
 * - A session is a row of `storage_upload_sessions` (migration 0004) plus the file
 *   DATA_DIR/storage/.uploads/{id}; `received` counts the bytes of that file that were accepted.
 *   Both survive a restart, so after one a `query` answers the size received and the upload goes on.
 * - A chunk is streamed into the file at `received`; only when the whole chunk has arrived is
 *   `received` advanced. A chunk cut short (client gone, server stopped) is truncated away. On every
 *   command the file is reconciled with the row: extra bytes are cut, and if the file is shorter
 *   (or gone) `received` is lowered to match, so the client re-sends what is missing.
 * - MD5 is computed while writing, on the request path (the bytes are hashed as they are written): the
 *   running hash of a session is kept in memory between chunks; after a restart, or after a chunk
 *   that failed half-way, it is rebuilt once by reading the bytes received so far from the file.
 *   (Hashing on a worker thread from the written file was tried with bench/upload.ts: on two cores
 *   it cost more CPU in total and was not faster.)
 * - After each chunk, the bytes written so far are flushed to disk in the background (fdatasync, at
 *   most one at a time per session), so the fsync that finalizing needs finds little left to write
 *   instead of stalling on the whole file (about 0.25 s per GiB on the bench machine). A failed
 *   flush fails the upload at finalize (500, session dropped): a later fsync may not report it.
 * - Finalizing needs received = declared length; the file is then fsync'ed and renamed into place
 *   and the object row written in one transaction with the session's change to 'final', so no
 *   partial object is ever visible and a late `query` still answers "final".
 * - Sessions idle for longer than the TTL are removed with their files (`sweep`).
 */
import type Database from 'better-sqlite3';
import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isDiskFullError } from '../diskFull';
import { badRequest, StorageHttpError } from './errors';
import { fsyncPath, writeAll, type StorageIo } from './io';
import type { ObjectMetadata, WritableMetadata } from './metadata';

/** A finished upload to publish: its bytes in `file` (a temporary file the object store takes over). */
export interface CommitInput {
  bucket: string;
  /** An already normalised object name. */
  name: string;
  file: string;
  size: number;
  /** Base64 MD5 digest of the bytes. */
  md5Hash: string;
  metadata: WritableMetadata;
  /** Bucket byte quota; 0 means none. */
  quotaBytes: number;
  /** The object's download token(s); a new one when absent. */
  downloadTokens?: string;
}

/**
 * What the sessions need of the object store they publish into. objects.ts's ObjectStore, which
 * creates its UploadSessions, is one; naming it here keeps this module from importing objects.ts.
 */
export interface UploadTarget {
  /** Where upload bytes wait until they are finalized (the objects' file system, so rename is atomic). */
  readonly uploadsDir: string;
  /** The file-system calls every write goes through (objects.ts `io`). */
  readonly io: StorageIo;
  /** Publishes a finished upload as an object (objects.ts `commitFile`). */
  commitFile(input: CommitInput, inTransaction?: (generation: string) => void): Promise<ObjectMetadata>;
}

export interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  /** The user who started the session; only they may continue it. */
  uid: string;
  /** Declared length (X-Goog-Upload-Header-Content-Length), bytes. */
  totalSize: number;
  /** Bytes accepted so far. */
  received: number;
  metadata: WritableMetadata;
  state: 'active' | 'final';
  /** The object's generation once final. */
  generation: string | null;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
}

interface SessionRow {
  id: string;
  bucket: string;
  name: string;
  uid: string;
  total_size: number;
  received: number;
  metadata: string;
  state: 'active' | 'final';
  generation: string | null;
  created_at: number;
  updated_at: number;
}

const SESSION_ID = /^[A-Za-z0-9_-]{32}$/;

function toSession(row: SessionRow): UploadSession {
  return {
    id: row.id,
    bucket: row.bucket,
    name: row.name,
    uid: row.uid,
    totalSize: row.total_size,
    received: row.received,
    metadata: JSON.parse(row.metadata) as WritableMetadata,
    state: row.state,
    generation: row.generation,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class UploadSessions {
  /** Running MD5 of each session's accepted bytes, valid while `size` equals the session's `received`. */
  private readonly hashes = new Map<string, { hash: Hash; size: number }>();
  private readonly locks = new Map<string, Promise<unknown>>();
  /** The background flush in progress for a session, if any (see the module comment). */
  private readonly flushes = new Map<string, Promise<void>>();
  /**
   * Sessions whose background flush failed, with the error. Their bytes may not be on disk, and a
   * later fsync on Linux may report success after a write-back error was reported once, so
   * finalizing refuses them.
   */
  private readonly flushFailed = new Map<string, unknown>();

  constructor(
    private readonly db: Database.Database,
    private readonly objects: UploadTarget,
  ) {}

  private file(id: string): string {
    if (!SESSION_ID.test(id)) throw new Error('Invalid upload session id');
    return path.join(this.objects.uploadsDir, id);
  }

  /**
   * Starts a session with an empty file. `name` must be normalised already. Throws the file
   * system's or SQLite's error (e.g. ENOSPC, SQLITE_FULL) and leaves no file behind then.
   */
  async create(input: {
    bucket: string;
    name: string;
    uid: string;
    totalSize: number;
    metadata: WritableMetadata;
  }): Promise<UploadSession> {
    const id = randomBytes(24).toString('base64url');
    const io = this.objects.io;
    await io.mkdir(this.objects.uploadsDir);
    try {
      await io.writeFile(this.file(id), '');
      const now = Date.now();
      this.db
        .prepare(
          `INSERT INTO storage_upload_sessions (id, bucket, name, uid, total_size, received, metadata, state, generation, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 0, ?, 'active', NULL, ?, ?)`,
        )
        .run(id, input.bucket, input.name, input.uid, input.totalSize, JSON.stringify(input.metadata), now, now);
    } catch (err) {
      await fs.rm(this.file(id), { force: true });
      throw err;
    }
    return this.get(id)!;
  }

  /** The session, or null for an unknown, malformed or removed id. */
  get(id: string): UploadSession | null {
    if (!SESSION_ID.test(id)) return null;
    const row = this.db.prepare('SELECT * FROM storage_upload_sessions WHERE id = ?').get(id) as SessionRow | undefined;
    return row ? toSession(row) : null;
  }

  /** Runs `fn` with the session's commands serialised (one chunk at a time per session). */
  async withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(id) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const settled = run.then(
      () => {},
      () => {},
    );
    this.locks.set(id, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    }
  }

  private setReceived(id: string, received: number): void {
    this.db
      .prepare('UPDATE storage_upload_sessions SET received = ?, updated_at = ? WHERE id = ?')
      .run(received, Date.now(), id);
  }

  /**
   * Makes the file and the row agree (see the module comment) and returns the bytes received.
   * Call under the session's lock.
   */
  async reconcile(session: UploadSession): Promise<number> {
    if (session.state === 'final') return session.totalSize;
    const file = this.file(session.id);
    const stat = await fs.stat(file).catch(() => null);
    let received = session.received;
    if (!stat) {
      await this.objects.io.mkdir(this.objects.uploadsDir);
      await this.objects.io.writeFile(file, '');
      received = 0;
    } else if (stat.size > received) {
      await fs.truncate(file, received);
    } else if (stat.size < received) {
      received = stat.size;
    }
    if (received !== session.received) {
      this.hashes.delete(session.id);
      this.setReceived(session.id, received);
      session.received = received;
    }
    return received;
  }

  /** The running hash for the bytes received so far, rebuilt from the file when not in memory. */
  private async hashState(session: UploadSession): Promise<{ hash: Hash; size: number }> {
    const cached = this.hashes.get(session.id);
    if (cached && cached.size === session.received) return cached;
    const hash = createHash('md5');
    if (session.received > 0) {
      for await (const chunk of createReadStream(this.file(session.id), {
        start: 0,
        end: session.received - 1,
        highWaterMark: 1024 * 1024,
      })) {
        hash.update(chunk as Buffer);
      }
    }
    const state = { hash, size: session.received };
    this.hashes.set(session.id, state);
    return state;
  }

  /**
   * Appends a chunk sent at byte `offset` (X-Goog-Upload-Offset) and returns the bytes received.
   * Bytes before what was already received are skipped (a chunk re-sent after a lost answer); an
   * offset past it answers 503 so the SDK queries the status and continues from there; more bytes
   * than declared answer 400. Call under the session's lock.
   */
  async append(session: UploadSession, offset: number, body: AsyncIterable<Buffer>): Promise<number> {
    const received = await this.reconcile(session);
    if (offset > received) {
      throw new StorageHttpError(
        503,
        `Upload offset ${offset} is past the ${received} bytes received; query the upload status`,
      );
    }
    const state = await this.hashState(session);
    let skip = received - offset;
    let appended = 0;
    const total = session.totalSize;
    async function* accepted(): AsyncGenerator<Buffer> {
      for await (let chunk of body) {
        if (skip > 0) {
          const n = Math.min(skip, chunk.length);
          skip -= n;
          chunk = chunk.subarray(n);
          if (!chunk.length) continue;
        }
        if (received + appended + chunk.length > total) {
          throw badRequest(`Upload exceeds the declared length of ${total} bytes`);
        }
        state.hash.update(chunk);
        appended += chunk.length;
        yield chunk;
      }
    }
    const file = this.file(session.id);
    try {
      await writeAll(accepted(), file, { start: received, flags: 'r+', io: this.objects.io });
    } catch (err) {
      this.hashes.delete(session.id);
      await fs.truncate(file, received).catch(() => {});
      throw err;
    }
    state.size = received + appended;
    if (appended > 0) {
      this.setReceived(session.id, state.size);
      this.flushInBackground(session.id);
    } else
      this.db.prepare('UPDATE storage_upload_sessions SET updated_at = ? WHERE id = ?').run(Date.now(), session.id);
    session.received = state.size;
    return state.size;
  }

  /**
   * Starts an fdatasync of the session's file unless one is running. A failure marks the session
   * (see `flushFailed`) unless the file is simply gone (the session was cancelled meanwhile).
   */
  private flushInBackground(id: string): void {
    if (this.flushes.has(id)) return;
    const flush = fsyncPath(this.file(id), { dataOnly: true, io: this.objects.io })
      .catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') this.flushFailed.set(id, err);
      })
      .finally(() => this.flushes.delete(id));
    this.flushes.set(id, flush);
  }

  /**
   * Publishes a complete upload as the object (see the module comment). Throws StorageHttpError 400
   * when bytes are missing or the client's md5Hash does not match, QuotaExceededError (402) when the
   * bucket would pass its quota, 500 when a background flush failed (or that flush's error when it
   * was a full disk), and the file system's / SQLite's error when publishing fails on a full disk;
   * the session is dropped on the StorageHttpErrors (on a full disk the caller drops it: routes.ts
   * does for every session command). Call under the lock.
   */
  async finalize(session: UploadSession, quotaBytes: number): Promise<ObjectMetadata> {
    const received = await this.reconcile(session);
    if (received !== session.totalSize) {
      throw badRequest(`Upload is incomplete: ${received} of ${session.totalSize} bytes received`);
    }
    const md5Hash = (await this.hashState(session)).hash.copy().digest('base64');
    await this.flushes.get(session.id);
    try {
      if (this.flushFailed.has(session.id)) {
        const flushError = this.flushFailed.get(session.id);
        if (isDiskFullError(flushError)) throw flushError;
        throw new StorageHttpError(500, 'The uploaded bytes could not be written to disk; start the upload again.');
      }
      if (session.metadata.md5Hash && session.metadata.md5Hash !== md5Hash) {
        throw badRequest(`MD5 mismatch: the client sent ${session.metadata.md5Hash}, the server computed ${md5Hash}`);
      }
      const meta = await this.objects.commitFile(
        {
          bucket: session.bucket,
          name: session.name,
          file: this.file(session.id),
          size: received,
          md5Hash,
          metadata: session.metadata,
          quotaBytes,
        },
        (generation) => {
          this.db
            .prepare(
              "UPDATE storage_upload_sessions SET state = 'final', generation = ?, received = total_size, updated_at = ? WHERE id = ?",
            )
            .run(generation, Date.now(), session.id);
        },
      );
      this.hashes.delete(session.id);
      session.state = 'final';
      session.generation = meta.generation;
      return meta;
    } catch (err) {
      if (err instanceof StorageHttpError) await this.remove(session.id);
      throw err;
    }
  }

  /**
   * Removes a session and its file (the file first: on a full disk the row delete may fail with
   * SQLITE_FULL, and the space is freed all the same; the sweep removes the row later).
   */
  async remove(id: string): Promise<void> {
    this.hashes.delete(id);
    this.flushFailed.delete(id);
    await fs.rm(this.file(id), { force: true });
    this.db.prepare('DELETE FROM storage_upload_sessions WHERE id = ?').run(id);
  }

  /**
   * Removes sessions idle for longer than `ttlMs` (by `updated_at`) with their files, and stray files
   * in the uploads folder (no session row) not written to for as long. Sessions with a command in
   * progress are kept. Returns the number of sessions removed.
   */
  async sweep(ttlMs: number, now = Date.now()): Promise<number> {
    const cutoff = now - ttlMs;
    const stale = this.db.prepare('SELECT id FROM storage_upload_sessions WHERE updated_at < ?').all(cutoff) as Array<{
      id: string;
    }>;
    let removed = 0;
    for (const { id } of stale) {
      if (this.locks.has(id)) continue;
      await this.remove(id);
      removed += 1;
    }
    const entries = await fs.readdir(this.objects.uploadsDir).catch(() => [] as string[]);
    for (const entry of entries) {
      if (SESSION_ID.test(entry) && this.get(entry)) continue;
      const file = path.join(this.objects.uploadsDir, entry);
      const stat = await fs.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await fs.rm(file, { force: true, recursive: true });
    }
    return removed;
  }
}
