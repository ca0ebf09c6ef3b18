/**
 * The content types a tRPC procedure reads, for the page cache's invalidation: a type's own
 * procedures read that type (`news.list` → `news`), `datasetFiles` and `datasetPreview` read `dataRepo`, `layout` reads `header` and `footer`, the visitor
 * search reads every type on the site.
 */
import { siteSearchCollections } from '../search/siteIndex';

export function typesReadBy(path: string): readonly string[] {
  let types = byPath.get(path);
  if (!types) {
    const key = path.split('.')[0]!;
    const read = key === 'search' ? siteSearchCollections() : (READS_OF_ROUTER[key] ?? [key]);
    byPath.set(path, (types = Object.freeze(read)));
  }
  return types;
}

/** Routers that are not a type's but read one (a dataset's file sums and previews follow the dataset). */
const READS_OF_ROUTER: Record<string, string[]> = {
  datasetFiles: ['dataRepo'],
  datasetPreview: ['dataRepo'],
  layout: ['header', 'footer'],
};

/** The answers so far, by procedure path (a few dozen paths: every render asks again). */
const byPath = new Map<string, readonly string[]>();
