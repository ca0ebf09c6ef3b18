/**
 * Responsive image sources for stored images. Pure (no Node APIs), so pages rendered on the server
 * and in the browser can both import it. The variants themselves are made by `variants.ts` and served
 * by the download endpoint (src/server/storage/routes.ts): `{download URL}&width={w}` answers a WebP at most `w` pixels wide.
 *
 * In firebase mode the browser uploads straight to Cloud Storage and Google's download endpoint
 * ignores `width`, so the srcset of an image there (https://firebasestorage.googleapis.com/…) points
 * at this server's IMAGE_VARIANT_PATH, which makes the variant once through the object-store port
 * into the bucket and redirects to it (src/server/storage/portVariants.ts).
 */

/**
 * Widths (pixels) of the resized variants, smallest first. 720 is what most phones take for a
 * full-width image (about 330–400 CSS px at 1.75–2× density; a phone on slow mobile data gets a
 * third fewer bytes than from the 960 one), 1200 what 2.6–3× phones take (instead of the 1600 one).
 */
export const IMAGE_WIDTHS = [480, 720, 960, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Raster types that get variants (SVG is served as stored: it is not resized and is never inline). */
export function isResizableImage(contentType: string | null | undefined): boolean {
  return !!contentType && /^image\/(jpeg|png|webp|gif)\s*(;|$)/i.test(contentType);
}

/** The server route that answers variants of images in Cloud Storage (firebase mode). */
export const IMAGE_VARIANT_PATH = '/api/image';

/** A Firebase download URL: bucket, encoded object name, query. */
const FIREBASE_DOWNLOAD_URL = /^https:\/\/firebasestorage\.googleapis\.com\/v0\/b\/([^/?#]+)\/o\/([^?#]+)\?([^#]*)$/i;

/** A Cloud Storage URL that is not a Firebase download URL (no token): no variants for it. */
const OTHER_GOOGLE_STORAGE_URL = /^https:\/\/(firebasestorage|storage)\.googleapis\.com(:\d+)?\//i;

/**
 * The variant URL for a Firebase download URL (`IMAGE_VARIANT_PATH?bucket=&name=&token=&width=`),
 * null when `url` is not one (or has no token).
 */
export function firebaseVariantUrl(url: string, width: ImageWidth): string | null {
  const match = FIREBASE_DOWNLOAD_URL.exec(url);
  if (!match) return null;
  const token = new URLSearchParams(match[3]).get('token');
  let name: string;
  try {
    name = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  if (!token) return null;
  const query = new URLSearchParams({ bucket: match[1]!, name, token, width: String(width) });
  return `${IMAGE_VARIANT_PATH}?${query.toString()}`;
}

/** Whether a stored file's URL has variants: the embedded store's (`&width=`) and Firebase download URLs. */
export function servesVariants(url: string): boolean {
  return FIREBASE_DOWNLOAD_URL.test(url)
    ? firebaseVariantUrl(url, IMAGE_WIDTHS[0]) !== null
    : !OTHER_GOOGLE_STORAGE_URL.test(url);
}

/**
 * The URL of one variant: the object's download URL (relative or absolute) with `width` added, or for
 * a Firebase download URL the firebase-mode variant route (firebaseVariantUrl).
 */
export function variantUrl(url: string, width: ImageWidth): string {
  const firebase = firebaseVariantUrl(url, width);
  if (firebase) return firebase;
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  return `${base}${base.includes('?') ? '&' : '?'}width=${width}`;
}

/**
 * The srcset candidates of an image `width` pixels wide, as [variant width, width it describes]:
 * every variant narrower than the image, then the first one at least as wide, described by the
 * image's own width (variants are never enlarged, so that one is the original size, and a wider
 * variant would be the same picture again). All of IMAGE_WIDTHS when the width is not known.
 */
export function srcSetCandidates(width?: number | null): Array<[ImageWidth, number]> {
  const known = typeof width === 'number' && Number.isFinite(width) && width > 0;
  const out: Array<[ImageWidth, number]> = [];
  for (const w of IMAGE_WIDTHS) {
    if (known && w >= width) {
      out.push([w, Math.round(width)]);
      break;
    }
    out.push([w, w]);
  }
  return out;
}

/**
 * The `srcset` attribute for a stored image, e.g. `…&width=480 480w, …&width=720 720w, …, …&width=1200 1200w`,
 * from a file reference (`{url, contentType, width}` as content documents keep it; see
 * srcSetCandidates for the widths). Undefined for files that are not resizable images, so
 * `<img srcSet={srcSetFor(image)}>` simply omits the attribute. Images in Cloud Storage get
 * variants from IMAGE_VARIANT_PATH (firebase mode); other Google storage URLs get none.
 */
export function srcSetFor(
  file: { url: string; contentType?: string | null; width?: number | null } | null | undefined,
): string | undefined {
  if (!file?.url || !isResizableImage(file.contentType) || !servesVariants(file.url)) return undefined;
  return srcSetCandidates(file.width)
    .map(([variant, described]) => `${variantUrl(file.url, variant)} ${described}w`)
    .join(', ');
}
