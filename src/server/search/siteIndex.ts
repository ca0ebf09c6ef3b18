/**
 * What the visitor search indexes for a document: the stemmed terms of its title and of its text
 * (summary, the other searchable fields and every rich-text body as plain text), kept by both
 * stores on every write (SQLite: the FTS5 table `site_search`; Firestore: the `_site` field). Only
 * documents visitors may see (published; scheduled ones with the time they become visible) of types
 * that are on the site are indexed; a draft has no entry.
 */
import { richTextFieldsOf, type AnyContentType } from '../../shared/content/define';
import { parentRelationOf, siteTypes } from '../../shared/content/places';
import { findContentType } from '../../shared/content/registry';
import { htmlToPlainText } from './plainText';
import { termsOf } from './stem';

/**
 * Bump when the terms of a document change for the same data (the stemmer, the fields): SQLite then
 * rebuilds its index, and a firebase-mode start rewrites every `_site` entry (store/firestore/siteReindex.ts).
 */
export const SITE_SEARCH_VERSION = 4;

/**
 * Terms of a document's text that are indexed (about 150 pages): what lies beyond is not found. Keeps a
 * Firestore document (data, admin search text and these terms) well inside its 1 MiB.
 */
export const MAX_BODY_TERMS = 50_000;

export interface SiteSearchEntry {
  /** The title's terms, space-separated, in order. */
  title: string;
  /** The text's terms, space-separated, in order. */
  body: string;
  /** When a scheduled document becomes visible (ISO instant), or null: visible now. */
  visibleFrom: string | null;
  /** `{collection}/{id}` of the document it is shown under (a thesis's conference): found only while that one is. */
  parent: string | null;
}

let siteCollections: Set<string> | undefined;

/** The collections the visitor search covers (public types that are on the site). */
export function siteSearchCollections(): string[] {
  siteCollections ??= new Set(siteTypes().map((t) => t.key));
  return [...siteCollections];
}

/** A fingerprint of what is indexed: SQLite rebuilds its index when it changes. */
export function siteSearchSignature(): string {
  return `${SITE_SEARCH_VERSION}:${siteTypes()
    .map((t) => `${t.key}(${documentTextFields(t).join(',')})`)
    .join(';')}`;
}

/** The fields of a document's text: the searchable ones but the title, the summary and the rich-text fields. */
function documentTextFields(type: AnyContentType): string[] {
  const fields = [...type.searchable, 'summary', ...richTextFieldsOf(type)].filter(
    (f) => f !== type.useAsTitle && f in type.schema.shape,
  );
  return [...new Set(fields)];
}

/** The plain title and text of a document, as the index reads them and snippets show them. */
export function documentText(type: AnyContentType, data: Record<string, unknown>): { title: string; body: string } {
  const rich = new Set(richTextFieldsOf(type));
  const parts: string[] = [];
  for (const field of documentTextFields(type)) {
    const value = data[field];
    if (typeof value === 'string') parts.push(rich.has(field) ? htmlToPlainText(value) : value);
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') parts.push(v);
  }
  const title = data[type.useAsTitle];
  return { title: typeof title === 'string' ? title : '', body: parts.filter(Boolean).join(' · ') };
}

/** The index entry of a document of a collection, or null when visitors cannot find it (draft, not on the site). */
export function siteSearchEntry(collection: string, data: unknown): SiteSearchEntry | null {
  if (!siteSearchCollections().includes(collection) || !data || typeof data !== 'object') return null;
  const type = findContentType(collection)!;
  const record = data as Record<string, unknown>;
  if (type.publishable && record.status !== 'published') return null;
  // A document shown under a parent (staff on their department's page) is nowhere without one.
  const relation = parentRelationOf(type);
  const parentId = relation ? record[relation.field] : null;
  if (relation && typeof parentId !== 'string') return null;
  const text = documentText(type, record);
  const title = termsOf(text.title);
  const body = termsOf(text.body).slice(0, MAX_BODY_TERMS);
  const at = record.publishedAt;
  return {
    title: title.join(' '),
    body: body.join(' '),
    visibleFrom: typeof at === 'string' && at ? at : null,
    parent: relation ? `${relation.to}/${String(parentId)}` : null,
  };
}
