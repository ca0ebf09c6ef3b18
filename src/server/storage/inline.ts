/**
 * Which downloads a browser may show in place (`Content-Disposition: inline`). Uploaded bytes are
 * served from our own origin, so anything a browser could run (HTML, SVG, XML, JavaScript, Flash,
 * PDF-lookalikes that are HTML…) must be a download instead. This is an allow-list: a type is
 * inline only when it is listed here AND the object's first bytes are that type's signature, so a
 * stored contentType that lies (HTML uploaded as image/png) is an attachment too. Everything else
 * — unknown types, `image/svg+xml`, `text/html`, `application/xhtml+xml`, `text/xml`,
 * `text/javascript`, `application/x-shockwave-flash`, `application/octet-stream` — is an
 * attachment. Every download also gets `nosniff` and a sandboxing CSP (routes.ts).
 *
 * Inline types: raster images (PNG, JPEG, GIF, WebP, AVIF, BMP), PDF, archives (ZIP, gzip, tar,
 * 7z, bzip2, xz, zstd, RAR; browsers save them anyway) and plain text / CSV that does not begin
 * like markup and holds no binary control bytes. The signatures it shares with the admin's upload
 * checks are shared/fileSignatures.ts's.
 */
import { mediaTypeOf, SIGNATURES, startsWith } from '../../shared/fileSignatures';

/** Bytes of an object read to check its signature (PDF allows its header within the first 1024). */
export const SIGNATURE_BYTES = 1024;

const rar = (h: Buffer) => startsWith(h, 'Rar!\x1a\x07');

/**
 * Plain text: no NUL or other C0 control bytes but tab, line feed, form feed, carriage return and
 * escape, and, after an optional BOM and white space, no leading `<` (nothing that looks like HTML
 * or XML to a browser that might sniff despite nosniff).
 */
function plainText(h: Buffer): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b\x0e-\x1a\x1c-\x1f]/.test(h.toString('latin1'))) return false;
  const start = h
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return !start.startsWith('<');
}

/** Media type (lower case, no parameters) -> does the object's head match it. */
const INLINE_TYPES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  'image/png': SIGNATURES.png,
  'image/jpeg': SIGNATURES.jpeg,
  'image/gif': SIGNATURES.gif,
  'image/webp': SIGNATURES.webp,
  'image/avif': (h) => startsWith(h, 'ftyp', 4) && /avi[fs]/.test(h.subarray(8, 32).toString('latin1')),
  'image/bmp': (h) => startsWith(h, 'BM'),
  'application/pdf': SIGNATURES.pdf,
  'application/zip': SIGNATURES.zip,
  'application/x-zip-compressed': SIGNATURES.zip,
  'application/gzip': SIGNATURES.gzip,
  'application/x-gzip': SIGNATURES.gzip,
  'application/x-tar': SIGNATURES.tar,
  'application/x-7z-compressed': SIGNATURES.sevenZip,
  'application/x-bzip2': (h) => startsWith(h, 'BZh'),
  'application/x-xz': (h) => startsWith(h, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]),
  'application/zstd': (h) => startsWith(h, [0x28, 0xb5, 0x2f, 0xfd]),
  'application/vnd.rar': rar,
  'application/x-rar-compressed': rar,
  'text/plain': plainText,
  'text/csv': plainText,
};

/** Whether the type is on the inline allow-list at all (only then are the first bytes worth reading). */
export function mayServeInline(contentType: string): boolean {
  return Object.prototype.hasOwnProperty.call(INLINE_TYPES, mediaTypeOf(contentType));
}

/**
 * Whether a download of this declared type whose first bytes (up to SIGNATURE_BYTES) are `head`
 * may be shown inline: the type is allow-listed and the bytes are that type's.
 */
export function servesInline(contentType: string, head: Buffer): boolean {
  return mayServeInline(contentType) && INLINE_TYPES[mediaTypeOf(contentType)]!(head);
}
