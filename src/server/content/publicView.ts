/**
 * What the public procedures answer, cut to what a page shows: list items carry their id and the
 * list's fields only (no version or timestamps), a list read by page number carries no cursor, and
 * the header and footer carry their data only. These answers are also each page's hydration state
 * (src/client/ssr/render.tsx; shown strings by reference, lib/sharedStrings.ts), so every byte here is a byte of every page that shows them. The
 * services (ContentService) keep answering in full for the server's own callers.
 */
import { listFieldsOf, type AnyContentType } from '../../shared/content/define';
import type { ListInput } from '../../shared/content/listInput';
import type { ApiDocument, ListPage } from './service';

/** Store bookkeeping a public answer leaves out. */
const META = new Set(['version', 'createdAt', 'updatedAt']);

/** What a card shows of an image (an ImageRef: a file reference with `alt`): no storage path, file name or size. */
const CARD_IMAGE_KEYS = ['url', 'contentType', 'alt', 'width', 'height'];

/** A list item's value: an image reference cut to CARD_IMAGE_KEYS, anything else as it is. */
function cardValue(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value) || !('url' in value) || !('alt' in value))
    return value;
  return Object.fromEntries(
    CARD_IMAGE_KEYS.filter((k) => k in value).map((k) => [k, (value as Record<string, unknown>)[k]]),
  );
}

/** A public list page: items with their id and the requested (or the type's list) fields, images as cards show them. */
export function publicListView(type: AnyContentType, input: ListInput | undefined, page: ListPage): ListPage {
  const fields = input?.fields?.length ? input.fields : listFieldsOf(type);
  return {
    ...page,
    items: page.items.map((item) => {
      const out: Record<string, unknown> = { id: item.id };
      for (const field of fields) if (field in item) out[field] = cardValue(item[field]);
      return out as ApiDocument;
    }),
    // Pages read by number (the site's lists) link pages by number; a cursor walk starts without one.
    nextCursor: input?.page !== undefined && !input.cursor ? null : page.nextCursor,
  };
}

/**
 * A public document as an item page shows it: cut to `fields` (and its id) when the caller names
 * them, whole otherwise; its images (top-level image references) without storage path, file name
 * or size.
 */
export function publicItemView(doc: ApiDocument, fields: string[] | undefined): ApiDocument {
  const out: Record<string, unknown> = fields?.length ? { id: doc.id } : {};
  for (const field of fields?.length ? fields : Object.keys(doc)) if (field in doc) out[field] = cardValue(doc[field]);
  return out as ApiDocument;
}

/** A singleton (header, footer) as the site shows it: its data, without id, version and timestamps. */
export function publicSingletonView(doc: ApiDocument | null): Record<string, unknown> | null {
  if (!doc) return null;
  return Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'id' && !META.has(key)));
}
