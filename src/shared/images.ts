/**
 * Responsive image sources for stored images. Pure (no Node APIs), so pages rendered on the server
 * and in the browser can both import it. The variants themselves are made by `variants.ts` and served
 * by the download endpoint (src/server/storage/routes.ts): `{download URL}&width={w}` answers a WebP at most `w` pixels wide.
 *
 * Only the embedded store serves variants. In firebase mode the browser uploads straight to Cloud
 * Storage, so the server never sees an image to resize, and Google's download endpoint ignores
 * `width`: images stored there (https://firebasestorage.googleapis.com/…) get no srcset and are
 * shown as uploaded.
 */

/** Widths (CSS pixels) of the resized variants, smallest first. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Raster types that get variants (SVG is served as stored: it is not resized and is never inline). */
export function isResizableImage(contentType: string | null | undefined): boolean {
  return !!contentType && /^image\/(jpeg|png|webp|gif)\s*(;|$)/i.test(contentType);
}

/** Google's storage hosts, whose download URLs serve the object as stored (no `width` variants). */
const GOOGLE_STORAGE_URL = /^https:\/\/(firebasestorage|storage)\.googleapis\.com(:\d+)?\//i;

/** Whether `{url}&width=…` is served for a stored file's URL: not for Cloud Storage's. */
export function servesVariants(url: string): boolean {
  return !GOOGLE_STORAGE_URL.test(url);
}

/** The URL of one variant: the object's download URL (relative or absolute) with `width` added. */
export function variantUrl(url: string, width: ImageWidth): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  return `${base}${base.includes('?') ? '&' : '?'}width=${width}`;
}

/**
 * The `srcset` attribute for a stored image, e.g. `…&width=480 480w, …&width=960 960w, …&width=1600 1600w`,
 * from a file reference (`{url, contentType}` as content documents keep it). Undefined for files that
 * are not resizable images, so `<img srcSet={srcSetFor(image)}>` simply omits the attribute. Images
 * narrower than a width are not enlarged: that variant is the original size, in WebP. Undefined too
 * for files in Cloud Storage (firebase mode), which has no variants (servesVariants).
 */
export function srcSetFor(file: { url: string; contentType?: string | null } | null | undefined): string | undefined {
  if (!file?.url || !isResizableImage(file.contentType) || !servesVariants(file.url)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${variantUrl(file.url, w)} ${w}w`).join(', ');
}
