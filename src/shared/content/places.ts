/**
 * Where documents are on the public site, from the registry: a type's own `publicPath`, or its
 * `publicPlace` (under a related document's page, or on a fixed page). The visitor search links
 * hits there and the sitemap lists the documents that have a page of their own.
 */
import type { AnyContentType } from './define';
import { contentTypeList } from './registry';

type Doc = { id: string } & Record<string, unknown>;

const SAMPLE: Doc = { id: 'x', slug: 'x' };

/** Public collections whose documents are on the site (a `publicPath` or a `publicPlace`), of the site's registry or of `types`. */
export function siteTypes(types: readonly AnyContentType[] = contentTypeList): AnyContentType[] {
  return types.filter((t) => t.isPublic && t.kind === 'collection' && (t.publicPath || t.publicPlace));
}

/** Whether each document of the type has a page of its own (an address without a `#`, not a permalink). */
export function hasOwnPage(type: AnyContentType): boolean {
  if (type.publicPath) return !type.permalink && !type.publicPath(SAMPLE).includes('#');
  return Boolean(type.publicPlace && 'relation' in type.publicPlace && type.publicPlace.ownPage);
}

/**
 * The page that lists a type's documents: the folder of its `publicPath` (`/News` for `/News/x`,
 * `/Trainings` for `/Trainings#x`) or its fixed page; null for types listed nowhere of their own
 * (free pages at `/x`, documents shown under a parent).
 */
export function listPathOf(type: AnyContentType): string | null {
  if (type.publicPath) {
    const path = type.publicPath(SAMPLE).split('#')[0]!;
    if (path !== type.publicPath(SAMPLE)) return path;
    const folder = path.slice(0, path.lastIndexOf('/'));
    return folder || null;
  }
  return fixedPageOf(type);
}

/** The one page that lists all of a type's documents (`publicPlace: { page }`, /Contacts), or null. */
export function fixedPageOf(type: AnyContentType): string | null {
  return type.publicPlace && 'page' in type.publicPlace ? type.publicPlace.page : null;
}

/** The relation field whose target's page a document is shown under, if the type is placed so. */
export function parentRelationOf(type: AnyContentType): { field: string; to: string } | null {
  const place = type.publicPlace;
  if (!place || !('relation' in place)) return null;
  const relation = type.relations.find((r) => r.field === place.relation);
  return relation ? { field: relation.field, to: relation.to } : null;
}

/**
 * The address of a document on the site: its `publicPath`, its fixed page, or (for a document shown
 * under a parent) the address built from `parentPath`; null when it has none (no parent page given).
 * A fixed page is the list's first page: links the server builds go to the item on its own page of
 * the list (server/content/listPosition.ts `placeOnSite`).
 */
export function placeOf(type: AnyContentType, doc: Doc, parentPath?: string | null): string | null {
  if (type.publicPath) return type.publicPath(doc);
  const place = type.publicPlace;
  if (!place) return null;
  if ('page' in place) return place.page;
  return parentPath ? place.path(parentPath, doc) : null;
}
