/**
 * The Content-Disposition stored with an uploaded file, so its download is named as the editor's
 * file was (`звіт 2025.pdf`), not as the stored object (`mx0fq5cy-звіт-2025.pdf`). The embedded
 * storage serves it (server/storage/routes/download.ts keeps its name, choosing inline or attachment
 * itself); Firebase Storage serves the stored value as it is. RFC 6266 with RFC 8187's `filename*`
 * for non-ASCII names and an ASCII `filename` for old clients. Pure (browser and server).
 */
import { mediaTypeOf } from './fileSignatures';

/** Types a browser may show in place (PDF, raster images); every other file is stored as an attachment. */
const SHOWN_IN_PLACE = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** RFC 8187 ext-value encoding: percent-encode all but attr-char. */
const encodeExtValue = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Names longer than this keep their start and extension (storage caps the header at 1024 characters). */
const MAX_NAME = 100;

const shortened = (name: string) => {
  if (name.length <= MAX_NAME) return name;
  const ext = /\.[^.]{1,10}$/.exec(name)?.[0] ?? '';
  return name.slice(0, MAX_NAME - ext.length) + ext;
};

/**
 * `inline` or `attachment` (by `contentType`), with `filename` (ASCII, others as `_`) and
 * `filename*=UTF-8''…` for `fileName` (its last path segment).
 */
export function uploadDisposition(fileName: string, contentType: string): string {
  const name = shortened(fileName.split(/[\\/]/).pop() || 'file');
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const type = SHOWN_IN_PLACE.has(mediaTypeOf(contentType)) ? 'inline' : 'attachment';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

/** The file name a Content-Disposition value gives (`filename*` first, then `filename`), or null. */
export function dispositionFileName(value: string | null | undefined): string | null {
  if (!value) return null;
  const extended = /(?:^|;)\s*filename\*\s*=\s*UTF-8'[^']*'([^;\s]+)/i.exec(value);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!) || null;
    } catch {
      // A malformed percent-encoding: fall back to the plain parameter.
    }
  }
  const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(value);
  const name = plain ? (plain[1]?.replace(/\\(.)/g, '$1') ?? plain[2]) : undefined;
  return name || null;
}
