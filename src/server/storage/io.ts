/**
 * Streaming helpers of the storage endpoints: request bodies are never buffered whole (chunks of a
 * resumable upload are up to 32 MiB, a multipart upload has no size bound but the configured maximum).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { StorageHttpError } from './errors';

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

/**
 * Writes every buffer of `source` to `file` from byte `start` (flags 'w' creates or truncates, 'r+'
 * writes into an existing file), with back-pressure; resolves once the data is handed to the file
 * system (not yet fsync'ed). Rejects with the source's or the file system's error.
 */
export async function writeAll(source: AsyncIterable<Buffer>, file: string, opts: { start: number; flags: 'w' | 'r+' }): Promise<void> {
  const ws = createWriteStream(file, { flags: opts.flags, start: opts.start, highWaterMark: 4 * 1024 * 1024 });
  try {
    for await (const chunk of source) {
      if (ws.errored) throw ws.errored;
      if (!ws.write(chunk)) await once(ws, 'drain');
    }
    ws.end();
    await finished(ws);
  } catch (err) {
    ws.destroy();
    await finished(ws).catch(() => {});
    throw err;
  }
}

/** After an early answer, discards what is left of the request body so the connection stays usable. */
export function drainRequest(body: Readable | undefined): void {
  if (body && !body.readableEnded && !body.destroyed) body.resume();
}
