/**
 * Sets the page's <title>, meta description, canonical link, Open Graph and Twitter card tags. On the
 * server it fills the render's head collector (read after renderToString); in the browser it updates
 * document.head. Structured data and citation meta are separate sources (lib/head/useHeadSource).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { HeadTags, ShareImage } from '../../shared/head/tags';
import { useSite } from '../app/site';
import { canonicalUrl } from '../lib/head/canonical';
import { openGraphTags } from '../../shared/head/openGraph';
import { DEFAULT_SHARE_IMAGE, SITE_NAME, SITE_SHORT_NAME } from '../../shared/head/siteFacts';

export { SITE_SHORT_NAME };
export const SITE_DEFAULT_DESCRIPTION =
  'Український гідрометеорологічний інститут ДСНС України та НАН України: наукові дослідження клімату, гідрології, агрометеорології та стану довкілля.';

/** Longest <title> (search results show about this much). */
export const TITLE_MAX_LENGTH = 60;

/** Cuts text to at most `max` characters at a word boundary, ending with «…». */
export function truncateText(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.—–-]+$/, '')}…`;
}

/**
 * The document title, at most 60 characters: «{title} — {context} — УкрГМІ» when that fits, else
 * without the context, else the whole title without «— УкрГМІ», else the title cut at a word
 * boundary with «— УкрГМІ». The whole title goes before the site's name: two long titles with the
 * same beginning (a conference and its book of theses) would be cut to the same text. The home page
 * has its own title.
 */
export function pageTitle(title: string, context?: string): string {
  if (!title) return `${SITE_SHORT_NAME} — ${SITE_NAME}`;
  const clean = title.replace(/\s+/g, ' ').trim();
  const suffix = ` — ${SITE_SHORT_NAME}`;
  const full = context ? `${clean} — ${context}${suffix}` : '';
  if (full && full.length <= TITLE_MAX_LENGTH) return full;
  if (clean.length + suffix.length <= TITLE_MAX_LENGTH) return `${clean}${suffix}`;
  if (clean.length <= TITLE_MAX_LENGTH) return clean;
  return `${truncateText(clean, TITLE_MAX_LENGTH - suffix.length)}${suffix}`;
}

/** A list's title on its page `page` (`?page=N`): «{title} — сторінка N» from the second page on. */
export function listPageTitle(title: string, page: number | undefined): string {
  return page !== undefined && Number.isInteger(page) && page > 1 ? `${title} — сторінка ${page}` : title;
}

/** Collapses whitespace and cuts a description to about 160 characters at a word boundary. */
export function metaDescription(text: string | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim() || SITE_DEFAULT_DESCRIPTION;
  if (clean.length <= 160) return clean;
  const cut = clean.slice(0, 157);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120))}…`;
}

/** An image a page may be shared with: a stored cover (site-relative or absolute URL). */
export interface PageImage {
  url: string;
  alt?: string;
  width?: number | null;
  height?: number | null;
}

/** The share image: the page's cover when it has one, else the site's 1200 × 630 image. */
export function shareImage(origin: string, image: PageImage | null | undefined, title: string): ShareImage {
  const chosen = image?.url ? image : DEFAULT_SHARE_IMAGE;
  return {
    url: new URL(chosen.url, `${origin}/`).href,
    width: chosen.width ?? null,
    height: chosen.height ?? null,
    alt: chosen.alt || title || SITE_NAME,
  };
}

function setHeadElement(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!value) {
    el?.remove();
    return;
  }
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

function applyHead(head: Omit<HeadTags, 'sources' | 'parts'>) {
  document.title = head.title;
  setHeadElement(
    'meta[name="description"]',
    () => Object.assign(document.createElement('meta'), { name: 'description' }),
    'content',
    head.description,
  );
  setHeadElement(
    'link[rel="canonical"]',
    () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
    'href',
    head.canonical,
  );
  for (const [attr, key, content] of openGraphTags(head)) {
    setHeadElement(
      `meta[${attr}="${key}"]`,
      () => {
        const meta = document.createElement('meta');
        meta.setAttribute(attr, key);
        return meta;
      },
      'content',
      content,
    );
  }
}

export function PageMeta({
  title,
  context,
  description,
  image,
  type = 'website',
  page,
  canonicalQuery,
}: {
  title: string;
  /** The page of a list this is (from its answer, as Pagination shows it): «— сторінка N» in the title from 2 on. */
  page?: number;
  /** Where the item belongs (a thesis's conference), kept in the title when it fits. */
  context?: string;
  description?: string;
  image?: PageImage | null;
  type?: 'website' | 'article';
  /** The canonical URL's query string (without `?`) when the page keeps more than `page` (the search's `q`, `type`). */
  canonicalQuery?: string;
}) {
  const site = useSite();
  const location = useLocation();
  const head = {
    title: pageTitle(listPageTitle(title, page), context),
    description: metaDescription(description),
    canonical:
      canonicalQuery === undefined
        ? canonicalUrl(site.config.origin, location)
        : `${site.config.origin}${location.pathname}${canonicalQuery ? `?${canonicalQuery}` : ''}`,
    ogTitle: title || SITE_NAME,
    ogType: type,
    image: shareImage(site.config.origin, image, title),
  };
  if (site.head) Object.assign(site.head, head);
  const key = JSON.stringify(head);
  useEffect(() => {
    applyHead(JSON.parse(key) as typeof head);
  }, [key]);
  return null;
}
