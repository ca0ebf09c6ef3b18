/**
 * What the public procedures answer, cut to what a page shows: list items carry their id and the
 * list's fields only (no version or timestamps; not a field the input filters to one value, unless
 * the type lists it), a list read by page number carries no cursor, an item carries no store
 * revision or creation time (nor its publication state, unless it is a staff preview), and the
 * header and footer carry their data only. These answers are also each page's hydration state
 * (src/client/ssr/render.tsx; shown strings by reference, lib/sharedStrings.ts), so every byte here
 * is a byte of every page that shows them. The services (ContentService) keep answering in full
 * for the server's own callers.
 */
import { listFieldsOf, maintainedFieldsOf, type AnyContentType } from '../../shared/content/define';
import type { CardImage } from '../../shared/content/fields';
import type { ListInput } from '../../shared/content/listInput';
import { equalityFilters, type ApiDocument, type ListPage } from './service';

/** Store bookkeeping a public answer leaves out. */
const META = new Set(['version', 'createdAt', 'updatedAt']);

/** What an item page's answer leaves out: the store's revision and creation time (`updatedAt` stays: structured data's dateModified). */
const ITEM_OMITTED = ['version', 'createdAt'];

/** What a published document's answer leaves out besides: its publication state, which a preview's answer keeps (draft, scheduled). */
const PUBLISHED_OMITTED = [...ITEM_OMITTED, 'status', 'publishedAt'];

/**
 * What a card shows of an image (an ImageRef: a file reference with `alt`): no storage path, file
 * name or size. Keyed by CardImage, so the list item's type (registry.ts) and this cut agree.
 */
const CARD_IMAGE: Record<keyof CardImage, true> = {
  url: true,
  contentType: true,
  alt: true,
  width: true,
  height: true,
};
const CARD_IMAGE_KEYS = Object.keys(CARD_IMAGE);

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
  // A field that comes along only because the list can be filtered by it tells nothing when the
  // input fixes its value (an equality filter; an array field's filter only says what it contains).
  const fixed = equalityFilters(type, input?.filter)
    .filter((f) => f.op === '==' && !type.listFields?.includes(f.field))
    .map((f) => f.field);
  const fields = (input?.fields?.length ? input.fields : listFieldsOf(type)).filter((f) => !fixed.includes(f));
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
 * them, otherwise whole but for ITEM_OMITTED (and PUBLISHED_OMITTED unless `preview`) and the
 * fields the server keeps for its own rules (`maintainedFields`); its images (top-level image
 * references) without storage path, file name or size.
 */
export function publicItemView(
  type: AnyContentType,
  doc: ApiDocument,
  fields: string[] | undefined,
  preview = false,
): ApiDocument {
  const out: Record<string, unknown> = fields?.length ? { id: doc.id } : {};
  const omitted = [...(preview ? ITEM_OMITTED : PUBLISHED_OMITTED), ...maintainedFieldsOf(type)];
  const names = fields?.length ? fields : Object.keys(doc).filter((k) => !omitted.includes(k));
  for (const field of names) if (field in doc) out[field] = cardValue(doc[field]);
  return out as ApiDocument;
}

/** A singleton (header, footer) as the site shows it: its data, without id, version and timestamps. */
export function publicSingletonView(doc: ApiDocument | null): Record<string, unknown> | null {
  if (!doc) return null;
  return Object.fromEntries(Object.entries(doc).filter(([key]) => key !== 'id' && !META.has(key)));
}
