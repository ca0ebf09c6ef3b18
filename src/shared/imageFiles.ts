/**
 * Which files an image field takes: the raster types the site makes responsive variants of (JPEG,
 * PNG, WebP, GIF: shared/images.ts `isResizableImage`) and SVG, served as stored. Pure (no Node or
 * DOM APIs): the image reference schema checks the declared type, the admin also checks a chosen
 * file's first bytes (shared/fileSignatures.ts) before uploading it.
 */
import { FILE_HEAD_BYTES, mediaTypeOf, SIGNATURES } from './fileSignatures';

/** Media types of images an image field accepts (lower case, no parameters). */
export const SITE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml'] as const;

/** Shown at an image field (and returned by the API) for a file that is not such an image. */
export const NOT_AN_IMAGE_MESSAGE = 'Цей файл не є зображенням: оберіть JPEG, PNG, WebP, GIF або SVG';

/** Bytes from the start of a file that `looksLikeSiteImage` needs. */
export const IMAGE_HEAD_BYTES = FILE_HEAD_BYTES;

/** Whether a declared Content-Type is one of SITE_IMAGE_TYPES (parameters allowed). */
export function isSiteImageType(contentType: string): boolean {
  return (SITE_IMAGE_TYPES as readonly string[]).includes(mediaTypeOf(contentType));
}

/** Media type -> the format whose signature its bytes must have. */
const FORMAT_OF: Readonly<Record<(typeof SITE_IMAGE_TYPES)[number], keyof typeof SIGNATURES>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/**
 * Whether a file declared as `contentType` whose first bytes (up to IMAGE_HEAD_BYTES) are `head` is
 * an image an image field accepts: the type is one of SITE_IMAGE_TYPES and the bytes are that type's.
 */
export function looksLikeSiteImage(contentType: string, head: Uint8Array): boolean {
  const type = mediaTypeOf(contentType);
  return isSiteImageType(type) && SIGNATURES[FORMAT_OF[type as keyof typeof FORMAT_OF]](head);
}
