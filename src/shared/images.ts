/**
 * Responsive image sources for stored images. Pure (no Node APIs), so pages rendered on the server
 * and in the browser can both import it. The variants themselves are made by `variants.ts` and served
 * by the download endpoint (src/server/storage/routes.ts): `{download URL}&width={w}` answers a WebP at most `w` pixels wide.
 */

/** Widths (CSS pixels) of the resized variants, smallest first. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Raster types that get variants (SVG is served as stored: it is not resized and is never inline). */
export function isResizableImage(contentType: string | null | undefined): boolean {
  return !!contentType && /^image\/(jpeg|png|webp|gif)\s*(;|$)/i.test(contentType);
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
 * narrower than a width are not enlarged: that variant is the original size, in WebP.
 */
export function srcSetFor(file: { url: string; contentType?: string | null } | null | undefined): string | undefined {
  if (!file?.url || !isResizableImage(file.contentType)) return undefined;
  return IMAGE_WIDTHS.map((w) => `${variantUrl(file.url, w)} ${w}w`).join(', ');
}
