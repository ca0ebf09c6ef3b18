/**
 * Gzip of a page whose long constant runs (the build's tags with the inlined CSS, document.ts
 * `buildTags`, and the kept card lists, client/lib/fragmentCache.ts) are compressed once, not per
 * request (issue 13: gzip was a fifth of an uncached render, the build's run is half of a small
 * page, and `/News`'s cards most of the rest).
 *
 * A deflate stream is a sequence of blocks, and a block's back-references reach only into what was
 * written before it. So the runs and the text between them can be compressed as separate raw
 * deflate streams and written one after another: each but the last ends with a sync flush (an empty
 * stored block that ends on a byte boundary, not final), the last one with the final block. Wrapped
 * in a gzip header and the trailer (CRC-32 and length of the whole text), that is one valid gzip
 * member (RFC 1951 §3.2.3, RFC 1952 §2.3), somewhat larger than one pass over the text would make,
 * since no text can refer back into a run (about 10% on `/News`).
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

/**
 * Deflated runs of the server render's kept parts (client/lib/fragmentCache.ts), each made on its
 * first use and kept with the part (a WeakMap: it goes with the part). Parts under MIN_RUN
 * characters (the header, the footer) are gzipped with the page: a stream of their own costs a
 * zlib set-up (about 15–20 µs) and the back-references around it, which they do not win back.
 */
export class KeptRuns {
  private readonly runs = new WeakMap<object, DeflatedRun>();

  /** The runs of `parts` (in their order) long enough to be worth one. */
  of(parts: ReadonlyArray<{ readonly html: string }>): DeflatedRun[] {
    const out: DeflatedRun[] = [];
    for (const part of parts) {
      if (part.html.length < MIN_RUN) continue;
      let run = this.runs.get(part);
      if (!run) this.runs.set(part, (run = deflatedRun(part.html)));
      out.push(run);
    }
    return out;
  }
}

const MIN_RUN = 8192;

/** ID1 ID2, CM = deflate, no flags, no mtime, no extra flags, OS = unix (RFC 1952 §2.3). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** Room for the UTF-8 bytes of the page being gzipped: one page at a time (synchronous use only). */
const scratch = Buffer.allocUnsafe(512 * 1024);
const encoder = new TextEncoder();

/**
 * `text`'s UTF-8 bytes, written into `scratch` and valid until the next call (`encodeInto` counts
 * and writes in one pass, where `Buffer.from` makes two and allocates); a new buffer when the text
 * does not fit.
 */
function scratchUtf8(text: string): Buffer {
  const { read, written } = encoder.encodeInto(text, scratch);
  return read === text.length ? scratch.subarray(0, written) : Buffer.from(text, 'utf8');
}

/**
 * `text` gzipped at `level` around the precompressed bytes of `runs` (found in this order, each
 * after the one before; a run the text does not hold is passed over), with the CRC-32 and the
 * length in bytes of the whole text (for the caller's tag); null when `text` holds none of them.
 * The text between two runs is a raw deflate stream of its own, ending in a sync flush.
 */
export function gzipAround(
  text: string,
  runs: readonly DeflatedRun[],
  level = 1,
): { gzip: Buffer; crc: number; length: number } | null {
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  let from = 0;
  for (const run of runs) {
    const at = run.text.length === 0 ? -1 : text.indexOf(run.text, from);
    if (at < 0) continue;
    if (at > from) {
      // Compressed at once: the scratch space is free again for the next piece.
      const between = scratchUtf8(text.slice(from, at));
      crc = crc32(between, crc);
      length += between.length;
      pieces.push(deflateRawSync(between, { level, finishFlush: constants.Z_SYNC_FLUSH }));
    }
    crc = crc32(run.bytes, crc);
    length += run.bytes.length;
    pieces.push(run.deflated);
    from = at + run.text.length;
  }
  if (pieces.length === 1) return null;
  const after = scratchUtf8(text.slice(from));
  crc = crc32(after, crc);
  length += after.length;
  pieces.push(deflateRawSync(after, { level }));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  pieces.push(trailer);
  return { gzip: Buffer.concat(pieces), crc, length };
}
