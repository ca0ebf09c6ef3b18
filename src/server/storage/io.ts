/**
 * Streaming helpers of the storage endpoints: request bodies are never buffered whole (chunks of a
 * resumable upload are up to 32 MiB, a multipart upload has no size bound but the configured maximum).
 */
import fs, { type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../dataDir';
import { StorageHttpError } from './errors';

/** Mode of every file the store creates (owner read/write only; dataDir.ts). */
export const FILE_MODE = PRIVATE_FILE_MODE;
/** Mode of every folder the store creates (owner only). */
export const DIR_MODE = PRIVATE_DIR_MODE;

/**
 * The file-system calls through which storage writes reach the disk (upload bytes, flushes, renames
 * into place, new folders, image variants). `nodeStorageIo` is node:fs; a test may give an
 * ObjectStore an `io` whose calls fail (e.g. with ENOSPC) to drive the real code paths into the
 * errors of a full disk. Files are created with FILE_MODE and folders with DIR_MODE.
 */
export interface StorageIo {
  /** Opens `file` for writing ('w' creates or truncates, 'r+' writes into an existing file). */
  open(file: string, flags: 'w' | 'r+'): Promise<FileHandle>;
  /** One writev(2) of `buffers` at byte `position`; resolves with the bytes written. */
  writev(handle: FileHandle, buffers: Buffer[], position: number): Promise<{ bytesWritten: number }>;
  /** fsync(2) of an open file or folder; fdatasync(2) with `dataOnly`. */
  sync(handle: FileHandle, dataOnly: boolean): Promise<void>;
  /** Writes a whole small file (created or truncated). */
  writeFile(file: string, data: Uint8Array | string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** Creates a folder and its missing parents. */
  mkdir(dir: string): Promise<void>;
}

/** StorageIo on node:fs. */
export const nodeStorageIo: StorageIo = {
  open: (file, flags) => fs.open(file, flags, FILE_MODE),
  writev: (handle, buffers, position) => handle.writev(buffers, position),
  sync: (handle, dataOnly) => (dataOnly ? handle.datasync() : handle.sync()),
  writeFile: (file, data) => fs.writeFile(file, data, { mode: FILE_MODE }),
  rename: (from, to) => fs.rename(from, to),
  mkdir: async (dir) => {
    await fs.mkdir(dir, { recursive: true, mode: DIR_MODE });
  },
};

/**
 * Iterates a request body without destroying it when the consumer stops early, so an error response
 * can still be sent (the unread rest is drained by `drainRequest`).
 */
export function bodyChunks(body: Readable): AsyncIterable<Buffer> {
  return body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>;
}

/** Reads a small body as UTF-8 text; throws StorageHttpError 413 beyond `limit` bytes. */
export async function readText(body: Readable | undefined, limit: number): Promise<string> {
  if (!body) return '';
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of bodyChunks(body)) {
    size += chunk.length;
    if (size > limit) throw new StorageHttpError(413, `Request body larger than ${limit} bytes`);
    parts.push(chunk);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** Bytes gathered before one write is issued (see `writeAll`). */
const WRITE_BATCH = 2 * 1024 * 1024;

/**
 * Writes every buffer of `source` to `file` from byte `start` (flags 'w' creates or truncates, 'r+'
 * writes into an existing file); resolves once the data is handed to the file system (not yet
 * fsync'ed). Rejects with the source's or the file system's error.
 *
 * Buffers are gathered into batches of about 2 MiB written with one `writev` each, and one batch is
 * written while the next is gathered (so reading the request and writing the file overlap). A
 * request body arrives in 64 KiB pieces; writing each on its own cost a thread-pool round trip per
 * piece, which bench/upload.ts showed as the largest server cost after MD5. When the file system
 * is slower than the source, the next batch waits for the write in flight: that is the
 * back-pressure (the request is not read meanwhile).
 */
export async function writeAll(
  source: AsyncIterable<Buffer>,
  file: string,
  opts: { start: number; flags: 'w' | 'r+'; io?: StorageIo },
): Promise<void> {
  const io = opts.io ?? nodeStorageIo;
  const handle = await io.open(file, opts.flags);
  let position = opts.start;
  // The write in flight never rejects: its error is kept (a rejection nobody awaits yet, while the
  // next batch is gathered, would be an unhandled rejection) and thrown at the next step.
  let inFlight: Promise<void> = Promise.resolve();
  let writeError: { error: unknown } | null = null;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const check = () => {
    if (writeError) throw writeError.error;
  };
  const issue = async () => {
    await inFlight;
    check();
    const buffers = batch;
    const at = position;
    position += batchBytes;
    batch = [];
    batchBytes = 0;
    inFlight = writevFully(io, handle, buffers, at).catch((error: unknown) => {
      writeError ??= { error };
    });
  };
  try {
    for await (const chunk of source) {
      check();
      batch.push(chunk);
      batchBytes += chunk.length;
      if (batchBytes >= WRITE_BATCH) await issue();
    }
    if (batchBytes) await issue();
    await inFlight;
    check();
  } finally {
    await inFlight;
    await handle.close();
  }
}

/** `writev` at `position` until every byte is written (a regular file may take fewer bytes per call). */
async function writevFully(io: StorageIo, handle: FileHandle, buffers: Buffer[], position: number): Promise<void> {
  let rest = buffers;
  let at = position;
  while (rest.length) {
    const { bytesWritten } = await io.writev(handle, rest, at);
    if (bytesWritten === 0 && rest.some((b) => b.length > 0)) throw new Error('writev wrote nothing');
    at += bytesWritten;
    let skip = bytesWritten;
    while (rest.length && skip >= rest[0]!.length) {
      skip -= rest[0]!.length;
      rest = rest.slice(1);
    }
    if (skip > 0) rest = [rest[0]!.subarray(skip), ...rest.slice(1)];
  }
}

/**
 * fsync(2) of a file or folder by path (a file's bytes before it is renamed into place, a folder's
 * new entry after). With `dataOnly`, fdatasync(2): the bytes, not the timestamps.
 */
export async function fsyncPath(p: string, opts: { dataOnly?: boolean; io?: StorageIo } = {}): Promise<void> {
  const handle = await fs.open(p, 'r');
  try {
    await (opts.io ?? nodeStorageIo).sync(handle, opts.dataOnly ?? false);
  } finally {
    await handle.close();
  }
}

/** After an early answer, discards what is left of the request body so the connection stays usable. */
export function drainRequest(body: Readable | undefined): void {
  if (body && !body.readableEnded && !body.destroyed) body.resume();
}
