/**
 * Which files an image field takes: the raster types the site makes responsive variants of (JPEG,
 * PNG, WebP, GIF: shared/images.ts `isResizableImage`) and SVG, served as stored. Pure (no Node or
 * DOM APIs): the image reference schema checks the declared type, the admin also checks a chosen
 * file's first bytes before uploading it.
 */

/** Media types of images an image field accepts (lower case, no parameters). */
export const SITE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml'] as const;

/** Shown at an image field (and returned by the API) for a file that is not such an image. */
export const NOT_AN_IMAGE_MESSAGE = 'Цей файл не є зображенням: оберіть JPEG, PNG, WebP, GIF або SVG';

/** Bytes from the start of a file that `looksLikeSiteImage` needs (an SVG may open with a prolog and comments). */
export const IMAGE_HEAD_BYTES = 4096;

/** The media type of a Content-Type value: lower case, without parameters. */
export function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** Whether a declared Content-Type is one of SITE_IMAGE_TYPES (parameters allowed). */
export function isSiteImageType(contentType: string): boolean {
  return (SITE_IMAGE_TYPES as readonly string[]).includes(mediaTypeOf(contentType));
}

const startsWith = (head: Uint8Array, sig: number[] | string, at = 0): boolean => {
  const bytes = typeof sig === 'string' ? Array.from(sig, (c) => c.charCodeAt(0)) : sig;
  return head.length >= at + bytes.length && bytes.every((b, i) => head[at + i] === b);
};

/** An SVG document: markup (after an optional BOM and white space) with an `<svg` element in its head. */
function svg(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<') && /<svg[\s>/]/i.test(text);
}

/** Media type -> does a file's head match it (the format's signature). */
const SIGNATURES: Readonly<Record<(typeof SITE_IMAGE_TYPES)[number], (head: Uint8Array) => boolean>> = {
  'image/png': (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (h) => startsWith(h, [0xff, 0xd8, 0xff]),
  'image/gif': (h) => startsWith(h, 'GIF87a') || startsWith(h, 'GIF89a'),
  'image/webp': (h) => startsWith(h, 'RIFF') && startsWith(h, 'WEBP', 8),
  'image/svg+xml': svg,
};

/**
 * Whether a file declared as `contentType` whose first bytes (up to IMAGE_HEAD_BYTES) are `head` is
 * an image an image field accepts: the type is one of SITE_IMAGE_TYPES and the bytes are that type's.
 */
export function looksLikeSiteImage(contentType: string, head: Uint8Array): boolean {
  const type = mediaTypeOf(contentType);
  return isSiteImageType(type) && SIGNATURES[type as keyof typeof SIGNATURES](head);
}
