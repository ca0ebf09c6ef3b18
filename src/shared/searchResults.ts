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

export interface SearchPage {
  /** The query as it was read (trimmed). */
  q: string;
  total: number;
  page: number;
  pageCount: number;
  limit: number;
  items: SearchHit[];
}

/** Longest query the search reads, in characters. */
export const MAX_SEARCH_QUERY = 200;
/** Hits per page. */
export const SEARCH_PAGE_SIZE = 10;
