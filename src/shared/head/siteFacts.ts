/** Facts about the site that head tags, structured data and the icons share. */

export const SITE_NAME = 'Український гідрометеорологічний інститут';
export const SITE_SHORT_NAME = 'УкрГМІ';
/** The journal the institute publishes (its issues are /journal/{slug}). */
export const JOURNAL_NAME = 'Метеорологія. Гідрологія. Моніторинг довкілля';

/** The site's share image (scripts/make-icons.ts draws it), used when a page has no cover of its own. */
export const DEFAULT_SHARE_IMAGE = {
  url: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Логотип і назва Українського гідрометеорологічного інституту',
  contentType: 'image/png',
} as const;

/** A square raster logo for structured data (Google asks for at least 112 × 112 pixels). */
export const LOGO_PNG = '/icon-512.png';
