/**
 * The content types a tRPC procedure reads, for the page cache's invalidation: a type's own
 * procedures read that type (`news.list` → `news`), the visitor search reads every type on the site.
 */
import { siteSearchCollections } from '../search/siteIndex';

export function typesReadBy(path: string): string[] {
  const key = path.split('.')[0]!;
  return key === 'search' ? siteSearchCollections() : [key];
}
