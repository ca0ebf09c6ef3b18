/**
 * Gzip of a page whose long constant run (the build's tags with the inlined CSS, document.ts
 * `buildTags`) is compressed once, not per request (issue 13: gzip was a fifth of an uncached
 * render, and the run is half of a small page).
 *
 * A deflate stream is a sequence of blocks, and a block's back-references reach only into what was
 * written before it. So the text before the run, the run and the text after it can be compressed as
 * three separate raw deflate streams and written one after another: the first two end with a sync
 * flush (an empty stored block that ends on a byte boundary, not final), the last one with the final
 * block. Wrapped in a gzip header and the trailer (CRC-32 and length of the whole text), that is one
 * valid gzip member (RFC 1951 §3.2.3, RFC 1952 §2.3), slightly larger than one pass over the text
 * would make, since neither side can refer into the run.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A constant run of text and its raw deflate stream (level 9, ending in a sync flush). */
export interface DeflatedRun {
  text: string;
  bytes: Buffer;
  deflated: Buffer;
}

export function deflatedRun(text: string): DeflatedRun {
  const bytes = Buffer.from(text, 'utf8');
  return { text, bytes, deflated: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }) };
}

/** ID1 ID2, CM = deflate, no flags, no mtime, no extra flags, OS = unix (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** Room for the UTF-8 bytes of the page being gzipped: one page at a time (synchronous use only). */
const scratch = Buffer.allocUnsafe(512 * 1024);
const encoder = new TextEncoder();

/**
 * `text`'s UTF-8 bytes, written into `scratch` from `offset` and valid until the next call that
 * writes there (`encodeInto` counts and writes in one pass, where `Buffer.from` makes two and
 * allocates); a new buffer when the text does not fit.
 */
function utf8At(text: string, offset: number): Buffer {
  const room = scratch.subarray(offset);
  const { read, written } = encoder.encodeInto(text, room);
  return read === text.length ? room.subarray(0, written) : Buffer.from(text, 'utf8');
}

/**
 * `text` gzipped at `level` around `run`'s precompressed bytes, with the CRC-32 and the length in
 * bytes of the whole text (for the caller's tag); null when `text` does not contain the run.
 */
export function gzipAround(
  text: string,
  run: DeflatedRun,
  level = 1,
): { gzip: Buffer; crc: number; length: number } | null {
  const at = text.indexOf(run.text);
  if (at < 0 || run.text.length === 0) return null;
  const before = utf8At(text.slice(0, at), 0);
  const after = utf8At(text.slice(at + run.text.length), before.length);
  const crc = crc32(after, crc32(run.bytes, crc32(before)));
  const length = before.length + run.bytes.length + after.length;
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  const gzip = Buffer.concat([
    GZIP_HEADER,
    deflateRawSync(before, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    run.deflated,
    deflateRawSync(after, { level }),
    trailer,
  ]);
  return { gzip, crc, length };
}
