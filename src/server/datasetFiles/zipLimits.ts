/**
 * What fflate's streaming Zip can hold, and how each file goes into it. fflate writes no ZIP64
 * records (PKWARE APPNOTE 6.3.10, section 4.3.9): sizes and offsets are 32-bit, so an archive past
 * 4 GiB would be silently corrupt. `zipOverflow` tells beforehand, from the stored sizes. Text
 * (text/*, CSV, JSON, XML) is deflated at level 1; anything else (NetCDF, images, archives…) is
 * stored as is, since it barely compresses and deflate runs on the event loop.
 */

/** The 32-bit bound of a ZIP without ZIP64 (bytes). */
export const ZIP32_MAX_BYTES = 0xffffffff;
/** Kept free under the bound: the manifest, central directory, and deflate's worst growth of text (stored blocks, 5 bytes per 64 KiB). */
export const ZIP_MARGIN_BYTES = 64 * 1024 * 1024;
/** Bytes of an entry besides its data and twice its name: local header 30, data descriptor 16, central record 46, rounded up. */
const ENTRY_OVERHEAD = 128;

/** A file to put in the archive, by its name there and its stored size in bytes. */
export interface SizedEntry {
  name: string;
  size: number;
}

/**
 * The estimated archive size in bytes when it would not fit in a ZIP without ZIP64 (a file or the
 * whole past ZIP32_MAX_BYTES − ZIP_MARGIN_BYTES); null when it fits.
 */
export function zipOverflow(entries: readonly SizedEntry[]): number | null {
  const total = entries.reduce((sum, e) => sum + e.size + 2 * Buffer.byteLength(e.name, 'utf8') + ENTRY_OVERHEAD, 0);
  return total > ZIP32_MAX_BYTES - ZIP_MARGIN_BYTES ? total : null;
}

/** The Ukrainian message of an archive too large (`bytes` its estimated size), pointing to the single files. */
export function zipTooLargeMessage(bytes: number): string {
  const gib = (bytes / 2 ** 30).toFixed(1).replace('.', ',');
  return (
    `Архів завеликий: файли цієї версії разом займають ${gib} ГБ, а ZIP «Завантажити все» вміщує менше 4 ГБ. ` +
    'Завантажте файли по одному за посиланнями на сторінці набору даних.'
  );
}

const TEXT_TYPES = /^(text\/[\w.+-]+|application\/([\w.+-]+\+)?(json|xml|csv))$/;
const TEXT_NAMES = /\.(csv|tsv|txt|json|geojson|xml|md)$/i;

/**
 * Whether a file is deflated (level 1): a text content type (text/*, CSV, JSON, XML, their `+json`/
 * `+xml` kinds) or, with a generic type, a text file name. Everything else is stored.
 */
export function isTextFile(file: { name: string; contentType: string }): boolean {
  const type = file.contentType.toLowerCase().split(';')[0]!.trim();
  if (TEXT_TYPES.test(type)) return true;
  return (type === '' || type === 'application/octet-stream') && TEXT_NAMES.test(file.name);
}
