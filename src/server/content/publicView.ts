/**
 * What the public procedures answer, cut to what a page shows: list items carry their id and the
 * list's fields only (no version or timestamps), a list read by page number carries no cursor, and
 * the header and footer carry their data only. These answers are also each page's hydration state
 * (src/client/lib/pageState.ts), so every byte here is a byte of every page that shows them. The
 * services (ContentService) keep answering in full for the server's own callers.
 */
import { listFieldsOf, type AnyContentType } from '../../shared/content/define';
import type { ListInput } from '../../shared/content/listInput';
import type { ApiDocument, ListPage } from './service';

/** Store bookkeeping a public answer leaves out. */
const META = new Set(['version', 'createdAt', 'updatedAt']);

/** A public list page: items with their id and the requested (or the type's list) fields. */
export function publicListView(type: AnyContentType, input: ListInput | undefined, page: ListPage): ListPage {
  const fields = input?.fields?.length ? input.fields : listFieldsOf(type);
  return {
    ...page,
    items: page.items.map((item) => {
      const out: Record<string, unknown> = { id: item.id };
      for (const field of fields) if (field in item) out[field] = item[field];
      return out as ApiDocument;
    }),
    // Pages read by number (the site's lists) link pages by number; a cursor walk starts without one.
    nextCursor: input?.page !== undefined && !input.cursor ? null : page.nextCursor,
  };
}

/** A public document, cut to `fields` (and its id) when the caller names them, whole otherwise. */
export function publicItemView(doc: ApiDocument, fields: string[] | undefined): ApiDocument {
  if (!fields?.length) return doc;
  const out: Record<string, unknown> = { id: doc.id };
  for (const field of fields) if (field in doc) out[field] = doc[field];
  return out as ApiDocument;
}

/** A singleton (header, footer) as the site shows it: its data, without id, version and timestamps. */
export function publicSingletonView(doc: ApiDocument | null): Record<string, unknown> | null {
  if (!doc) return null;
  return Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'id' && !META.has(key)));
}
