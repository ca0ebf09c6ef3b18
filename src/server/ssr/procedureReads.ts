/**
 * The content types a tRPC procedure reads, for the page cache's invalidation: a type's own
 * procedures read that type (`news.list` → `news`), the visitor search reads every type on the site.
 */
import { siteSearchCollections } from '../search/siteIndex';

export function typesReadBy(path: string): readonly string[] {
  let types = byPath.get(path);
  if (!types) {
    const key = path.split('.')[0]!;
    byPath.set(path, (types = Object.freeze(key === 'search' ? siteSearchCollections() : [key])));
  }
  return types;
}

/** The answers so far, by procedure path (a few dozen paths: every render asks again). */
const byPath = new Map<string, readonly string[]>();
