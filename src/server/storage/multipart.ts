/**
 * A streaming reader for the multipart/related upload body the firebase/storage SDK sends
 * (`multipartUpload`: a JSON metadata part, then the file part, RFC 2387 / RFC 2046):
 *
 *   --{boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{metadata}\r\n
 *   --{boundary}\r\nContent-Type: {type}\r\n\r\n{bytes}\r\n--{boundary}--
 *
 * The metadata part is buffered (at most `maxHead` bytes); the file part is passed on as it arrives,
 * holding back only enough bytes to recognise the closing delimiter.
 */
import { badRequest } from './errors';

/** The boundary parameter of a multipart/related Content-Type, or null when it is not one. */
export function relatedBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/related\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2])! : null;
}

const CRLF = Buffer.from('\r\n');
const BLANK_LINE = Buffer.from('\r\n\r\n');

export class MultipartRelatedReader {
  /** The metadata part's text, once the head has been read. */
  metadataText: string | null = null;
  /** The file part's Content-Type header, if it had one. */
  fileContentType: string | null = null;

  private readonly delimiter: Buffer;
  private readonly closing: Buffer;

  constructor(
    boundary: string,
    private readonly maxHead = 1024 * 1024,
  ) {
    this.delimiter = Buffer.from(`--${boundary}`);
    this.closing = Buffer.from(`\r\n--${boundary}--`);
  }

  /**
   * Yields the bytes of the file part. Throws StorageHttpError 400 for a malformed body (no metadata
   * part, no file part, head larger than `maxHead`, missing closing delimiter).
   */
  async *file(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let head: Buffer = Buffer.alloc(0);
    let held: Buffer = Buffer.alloc(0);
    const hold = this.closing.length + 256; // closing delimiter plus a little epilogue
    let inFile = false;
    for await (const chunk of chunks) {
      let data: Buffer = chunk;
      if (!inFile) {
        head = head.length ? Buffer.concat([head, chunk]) : chunk;
        const start = this.parseHead(head);
        if (start === null) {
          if (head.length > this.maxHead)
            throw badRequest('Malformed multipart body: metadata part too large or missing');
          continue;
        }
        inFile = true;
        data = head.subarray(start);
        head = Buffer.alloc(0);
      }
      // Pass everything on except the last `hold` bytes, which may hold the closing delimiter.
      const total = held.length + data.length;
      if (total <= hold) {
        held = Buffer.concat([held, data]);
        continue;
      }
      const emit = total - hold;
      if (emit <= held.length) {
        yield held.subarray(0, emit);
        held = Buffer.concat([held.subarray(emit), data]);
      } else {
        if (held.length) yield held;
        yield data.subarray(0, emit - held.length);
        held = Buffer.from(data.subarray(emit - held.length));
      }
    }
    if (!inFile) throw badRequest('Malformed multipart body: expected a metadata part and a file part');
    const end = held.lastIndexOf(this.closing);
    if (
      end < 0 ||
      held
        .subarray(end + this.closing.length)
        .toString('latin1')
        .trim() !== ''
    ) {
      throw badRequest('Malformed multipart body: missing closing boundary');
    }
    if (end > 0) yield held.subarray(0, end);
  }

  /** Returns the offset where the file bytes start, or null when more bytes are needed. */
  private parseHead(buf: Buffer): number | null {
    const first = buf.indexOf(this.delimiter);
    if (first < 0) return null;
    if (first > 0 && !buf.subarray(first - 2, first).equals(CRLF))
      throw badRequest('Malformed multipart body: bad first boundary');
    const line1 = buf.indexOf(CRLF, first + this.delimiter.length);
    if (line1 < 0) return null;
    const headers1End = buf.indexOf(BLANK_LINE, line1);
    if (headers1End < 0) return null;
    const bodyStart = headers1End + 4;
    const next = buf.indexOf(Buffer.concat([CRLF, this.delimiter]), bodyStart);
    if (next < 0) return null;
    const afterDelimiter = next + 2 + this.delimiter.length;
    if (buf.length < afterDelimiter + 2) return null;
    if (buf.subarray(afterDelimiter, afterDelimiter + 2).toString('latin1') === '--') {
      throw badRequest('Malformed multipart body: the file part is missing');
    }
    const line2 = buf.indexOf(CRLF, afterDelimiter);
    if (line2 < 0) return null;
    const headers2End = buf.indexOf(BLANK_LINE, line2);
    if (headers2End < 0) return null;
    this.metadataText = buf.subarray(bodyStart, next).toString('utf8');
    const headers2 = buf.subarray(line2 + 2, headers2End).toString('latin1');
    const type = /^content-type:\s*(.+)$/im.exec(headers2);
    this.fileContentType = type ? type[1]!.trim() : null;
    return headers2End + 4;
  }
}
