/**
 * Text normalisation for the admin search. SQLite's LIKE and lower() fold only ASCII letters, so the
 * store keeps a normalised copy of each document's searchable fields (NFKC, lower case in every
 * script, one apostrophe, single spaces) and compares it with the query normalised the same way.
 */
import type { AnyContentType } from './define';

/**
 * Control characters (NUL among them: SQLite's FTS5 reads a query up to its first NUL, so one inside
 * a quoted phrase was «unterminated string») and lone surrogates (no character; SQLite and Firestore
 * store U+FFFD instead), which the normalisation turns into spaces.
 */
const NOT_TEXT = /[\p{Cc}\p{Cs}]/gu;

/**
 * Lower-cased, NFKC-normalised text with apostrophe look-alikes unified, control characters and
 * lone surrogates made spaces, whitespace collapsed. Any string is valid input: a query is text,
 * never syntax (stores quote each term themselves).
 */
export function normaliseSearchText(text: string): string {
  return text
    .replace(NOT_TEXT, ' ')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’‘ʼ`′]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The query's terms (normalised, at most 10); a document matches when it contains every one. */
export function searchTerms(query: string): string[] {
  return normaliseSearchText(query).split(' ').filter(Boolean).slice(0, 10);
}

/** The normalised search text of a document: its type's searchable fields (strings, or arrays of strings) joined. */
export function searchTextOf(type: AnyContentType | undefined, data: unknown): string {
  if (!type || !data || typeof data !== 'object') return '';
  const record = data as Record<string, unknown>;
  const parts: string[] = [];
  for (const field of type.searchable) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') parts.push(String(value));
    else if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') parts.push(v);
  }
  return normaliseSearchText(parts.join(' '));
}
