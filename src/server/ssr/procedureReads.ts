/**
 * The content types a tRPC procedure reads, for the page cache's invalidation: a type's own
 * procedures read that type (`news.list` → `news`), the visitor search reads every type on the site,
 * `datasetPreview.*` the data repository.
 */
import { siteSearchCollections } from '../search/siteIndex';

/** Procedures named after what they serve rather than the type they read. */
const READS_OF: Record<string, string> = { datasetPreview: 'dataRepo' };

export function typesReadBy(path: string): readonly string[] {
  let types = byPath.get(path);
  if (!types) {
    const key = path.split('.')[0]!;
    byPath.set(path, (types = Object.freeze(key === 'search' ? siteSearchCollections() : [READS_OF[key] ?? key])));
  }
  return types;
}

/** The answers so far, by procedure path (a few dozen paths: every render asks again). */
const byPath = new Map<string, readonly string[]>();
