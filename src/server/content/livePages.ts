/**
 * Which page of the public site an address shows, decided from the route table's shared facts
 * (PAGE_SEGMENTS, isReservedPath) and the store: the home page, a built-in section's root, or a
 * visible document at its `publicPath`. Used at save to refuse redirect rules that would hide a page
 * and menu links to pages that do not exist.
 */
import { siteTypes } from '../../shared/content/places';
import { builtInSectionOf, canonicalPagePath, isReservedPath } from '../../shared/routes';
import type { ContentService } from './service';

/**
 * What is at an address: `page` (named: «розділ сайту «Новини»», a document's title…), `none` (no
 * page: a visitor gets 404), or `unknown` (the server's own paths, and deeper addresses such as
 * theses, dataset versions or files, which are not looked up).
 */
export type LivePage = { kind: 'page'; name: string } | { kind: 'none' } | { kind: 'unknown' };

const UNKNOWN: LivePage = { kind: 'unknown' };
const NONE: LivePage = { kind: 'none' };

/** The visible document of a type whose `publicPath` is `path` (`/News/x` → news «x»), by its last segment. */
async function documentAt(content: ContentService, path: string, segment: string): Promise<LivePage | null> {
  for (const type of siteTypes()) {
    if (!type.publicPath || !type.slug || type.publicPath({ id: segment, slug: segment }) !== path) continue;
    const doc = await content.publicGet(type.key, segment);
    const title = doc?.[type.useAsTitle];
    return doc ? { kind: 'page', name: `«${typeof title === 'string' && title ? title : segment}»` } : NONE;
  }
  return null;
}

/**
 * What the public site shows at `path` (a decoded path without query or hash, e.g. `/News/x`),
 * as a visitor reaches it (first segment's case and a trailing slash forgiven).
 */
export async function livePageAt(content: ContentService, path: string): Promise<LivePage> {
  const canonical = canonicalPagePath(path) ?? path;
  if (canonical === '/') return { kind: 'page', name: 'головна сторінка' };
  if (isReservedPath(canonical)) return UNKNOWN;
  const segments = canonical.slice(1).split('/');
  const [first = '', second] = segments;
  const section = builtInSectionOf(first);
  if (segments.length === 1 && section) return { kind: 'page', name: `розділ сайту «${section}»` };
  if (segments.length > 2 || (segments.length === 2 && !section) || !first) return UNKNOWN;
  return (await documentAt(content, canonical, second ?? first)) ?? (segments.length === 1 ? NONE : UNKNOWN);
}
