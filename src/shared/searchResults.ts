/**
 * The visitor search's answer as the API returns it and the /search page shows it (no zod, so the
 * public bundle stays small). Highlighted text travels as parts, never as HTML: the page renders
 * each `mark` part in a <mark>, and React escapes every part.
 */

/** A piece of text; `mark` when it is a word the query matched. */
export interface TextPart {
  text: string;
  mark?: true;
}

export interface SearchHit {
  /** The content type's key and its label (`labels.singular`). */
  type: string;
  typeLabel: string;
  /** The hit's address on the site. */
  url: string;
  title: TextPart[];
  snippet: TextPart[];
}

/** One link of the type filter: a content type with hits for the query. */
export interface SearchTypeCount {
  /** The content type's key (`type=` in the URL) and its plural label (`labels.plural`). */
  type: string;
  label: string;
  count: number;
}

export interface SearchPage {
  /** The query as it was read (trimmed). */
  q: string;
  /** The type the hits are filtered by (a searched type's key), or null: every type. */
  type: string | null;
  /** Hits of every type, whatever `type` is (the filter's «Усі (N)»). */
  allTotal: number;
  /** The types with hits for the query, in the registry's order, whatever `type` is. */
  types: SearchTypeCount[];
  /** Hits of `type` when given, else of every type: what the count line and pages follow. */
  total: number;
  page: number;
  /** Pages the search answers: at most MAX_SEARCH_PAGE, so `total` may hold more hits than they show. */
  pageCount: number;
  limit: number;
  items: SearchHit[];
}

/** Longest query the search reads, in characters (`clipSearchQuery` cuts a longer one). */
export const MAX_SEARCH_QUERY = 200;
/**
 * Characters a search box takes: room for a pasted title or abstract, whose first MAX_SEARCH_QUERY
 * characters (whole words) are searched. Its URL stays far below the 16 KB Node accepts.
 */
export const SEARCH_INPUT_MAX = 1000;

/** A letter or digit, or an apostrophe inside a word: what the search's words are made of. */
const WORD_CHAR = /[\p{L}\p{N}'’ʼ]/u;

/**
 * The query the search reads: trimmed, and when longer than MAX_SEARCH_QUERY, cut at the last word
 * boundary before it. The search needs every term, so a word cut in half would match nothing and a
 * pasted title would find nothing; a first word longer than the limit is cut where the limit falls.
 */
export function clipSearchQuery(q: string): string {
  const text = q.trim();
  if (text.length <= MAX_SEARCH_QUERY) return text;
  let end = MAX_SEARCH_QUERY;
  while (end > 0 && WORD_CHAR.test(text[end - 1]!) && WORD_CHAR.test(text[end]!)) end -= 1;
  return (end > 0 ? text.slice(0, end) : text.slice(0, MAX_SEARCH_QUERY)).trim();
}
/** Hits per page. */
export const SEARCH_PAGE_SIZE = 10;
/** Deepest results page the search answers: a query with more hits shows the first pages only. */
export const MAX_SEARCH_PAGE = 1000;
