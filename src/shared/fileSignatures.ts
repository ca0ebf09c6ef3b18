/**
 * The first bytes ("magic numbers") of the file formats the site's file fields accept, checked in
 * the admin before a chosen file is uploaded (shared/imageFiles.ts for image fields,
 * shared/documentFiles.ts for PDF, attachment and dataset fields) and by the embedded storage before
 * it serves a download inline (server/storage/inline.ts). Pure (no Node or DOM APIs).
 * Signatures: PDF 1.7 §7.5.2 (`%PDF-` within the first 1024 bytes), ZIP APPNOTE §4.3.7 (`PK\3\4`,
 * also the container of DOCX/XLSX/PPTX/ODF), Compound File Binary (DOC/XLS/PPT), NetCDF classic
 * (`CDF\1|\2|\5`) and NetCDF-4 (HDF5), PE (`MZ` … `PE\0\0`) and ELF programs.
 */

/** Bytes from the start of a file the checks read (an SVG may open with a prolog and comments). */
export const FILE_HEAD_BYTES = 4096;

/** The media type of a Content-Type value: lower case, without parameters. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** Whether `head` holds `sig` (bytes, or a Latin-1 string) at offset `at`. */
export function startsWith(head: Uint8Array, sig: number[] | string, at = 0): boolean {
  const bytes = typeof sig === 'string' ? Array.from(sig, (c) => c.charCodeAt(0)) : sig;
  return head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
}

/** The head as text (UTF-8, lenient), without a BOM and leading white space. */
function textStart(head: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
}

/** A Windows (PE) program: `MZ`, and `PE\0\0` where the DOS header's e_lfanew (offset 0x3c, little-endian) points. */
function windowsProgram(h: Uint8Array): boolean {
  if (!startsWith(h, 'MZ') || h.length < 0x40) return false;
  const peAt = h[0x3c]! | (h[0x3d]! << 8) | (h[0x3e]! << 16) | (h[0x3f]! << 24);
  return peAt > 0 && startsWith(h, 'PE\0\0', peAt);
}

const zip = (h: Uint8Array) =>
  startsWith(h, 'PK\x03\x04') || startsWith(h, 'PK\x05\x06') || startsWith(h, 'PK\x07\x08');
const hdf5 = (h: Uint8Array) => startsWith(h, [0x89, 0x48, 0x44, 0x46, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Format name -> does a file's head look like it. */
export const SIGNATURES = {
  png: (h: Uint8Array) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: (h: Uint8Array) => startsWith(h, [0xff, 0xd8, 0xff]),
  gif: (h: Uint8Array) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a'),
  webp: (h: Uint8Array) => startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8),
  /** Markup (after an optional BOM and white space) with an `<svg` element in the head. */
  svg: (h: Uint8Array) => {
    const text = textStart(h);
    return text.startsWith('<') && /<svg[\s>/]/i.test(text);
  },
  pdf: (h: Uint8Array) => new TextDecoder('latin1').decode(h.subarray(0, 1024)).includes('%PDF-'),
  zip,
  /** Compound File Binary (OLE2): DOC, XLS, PPT. */
  ole2: (h: Uint8Array) => startsWith(h, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  rtf: (h: Uint8Array) => startsWith(h, '{\\rtf'),
  gzip: (h: Uint8Array) => startsWith(h, [0x1f, 0x8b]),
  sevenZip: (h: Uint8Array) => startsWith(h, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]),
  tar: (h: Uint8Array) => startsWith(h, 'ustar', 257),
  netcdf: (h: Uint8Array) =>
    startsWith(h, 'CDF\x01') || startsWith(h, 'CDF\x02') || startsWith(h, 'CDF\x05') || hdf5(h),
  /** Text (TXT, CSV, JSON, XML): no NUL byte in the head (programs and binary formats have many). */
  text: (h: Uint8Array) => !h.includes(0),
  /** A program a computer runs: Windows PE or ELF. */
  program: (h: Uint8Array) => windowsProgram(h) || startsWith(h, '\x7fELF'),
} as const;
