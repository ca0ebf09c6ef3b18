/**
 * The visitor search (`search.query`, the /search page): the query's stemmed terms are looked up in
 * the store's site index (both backends), and each hit of the page gets its address on the site (a
 * contact's: the /Contacts page that shows it, with its anchor), its type's label and highlighted
 * title and snippet. Visibility follows ContentService: only published, due documents are indexed
 * and found, and a hit shown under a parent (a thesis under its conference) is left out when that
 * parent is not visible. `type` narrows the hits to one content type; the answer counts the hits of
 * each type either way (the page's filter links).
 */
import { TRPCError } from '@trpc/server';
import { parentRelationOf, placeOf } from '../../shared/content/places';
import { placeOnSite } from '../content/listPosition';
import { getContentType } from '../../shared/content/registry';
import {
  MAX_SEARCH_PAGE,
  SEARCH_PAGE_SIZE,
  type SearchHit,
  type SearchPage,
  type SearchTypeCount,
} from '../../shared/searchResults';
import type { ContentService } from '../content/service';
import type { StoredDocument } from '../store/port';
import { documentText, siteSearchCollections } from './siteIndex';
import { highlight, snippet } from './snippet';
import { queryTerms } from './stem';

/**
 * The filter's counts: every searched type with hits (and the chosen one, even without), in the
 * registry's order, and the hits of all types.
 */
function typeCounts(totals: Record<string, number>, chosen: string | null): Pick<SearchPage, 'allTotal' | 'types'> {
  const types: SearchTypeCount[] = siteSearchCollections()
    .filter((key) => (totals[key] ?? 0) > 0 || key === chosen)
    .map((key) => ({ type: key, label: getContentType(key).labels.plural, count: totals[key] ?? 0 }));
  return { allTotal: types.reduce((sum, t) => sum + t.count, 0), types };
}

/** Searches the site for visitors (one per request: it holds nothing). */
export class SiteSearchService {
  constructor(private readonly content: ContentService) {}

  /**
   * A page of hits for a query (trimmed; empty or without words: no hits), of one type when `type`
   * is a searched type's key (any other value: every type), with the counts per type for the filter.
   * Throws NOT_FOUND for a page past the last one, as lists do.
   */
  async search(rawQuery: string, page = 1, limit = SEARCH_PAGE_SIZE, type?: string | null): Promise<SearchPage> {
    const q = rawQuery.trim();
    const terms = queryTerms(q);
    const collection = type && siteSearchCollections().includes(type) ? type : null;
    const empty = { q, type: collection, allTotal: 0, types: [], total: 0, page: 1, pageCount: 1, limit, items: [] };
    if (!terms.length) return empty;
    const result = await this.content.store.siteSearch({
      terms,
      now: this.content.now().toISOString(),
      limit,
      offset: (page - 1) * limit,
      ...(collection ? { collection } : {}),
    });
    // The pager offers only the pages the search answers (the input caps `page` at MAX_SEARCH_PAGE).
    const pageCount = Math.min(MAX_SEARCH_PAGE, Math.max(1, Math.ceil(result.total / limit)));
    if (page > pageCount)
      throw new TRPCError({ code: 'NOT_FOUND', message: `Сторінки ${page} немає: усього сторінок ${pageCount}` });
    const items = (await Promise.all(result.items.map((doc) => this.hit(doc, terms)))).filter(
      (h): h is SearchHit => h !== null,
    );
    return { ...empty, ...typeCounts(result.totals, collection), total: result.total, page, pageCount, items };
  }

  private async hit(doc: StoredDocument<Record<string, unknown>>, terms: string[]): Promise<SearchHit | null> {
    const type = getContentType(doc.collection);
    const url = await placeOnSite(this.content, type, { ...doc.data, id: doc.id }, await this.parentPath(doc));
    if (!url) return null;
    const text = documentText(type, doc.data);
    return {
      type: type.key,
      typeLabel: type.labels.singular,
      url,
      title: highlight(text.title, terms),
      snippet: snippet(text.body, terms),
    };
  }

  /** The address of the visible document a hit is shown under, if its type is placed so. */
  private async parentPath(doc: StoredDocument<Record<string, unknown>>): Promise<string | null> {
    const relation = parentRelationOf(getContentType(doc.collection));
    const parentId = relation ? doc.data[relation.field] : null;
    if (!relation || typeof parentId !== 'string') return null;
    const parentType = getContentType(relation.to);
    const parent = await this.content.store.get<Record<string, unknown>>(parentType.key, parentId);
    if (!parent || !this.content.isVisible(parentType, parent.data)) return null;
    return placeOf(parentType, { ...parent.data, id: parent.id });
  }
}
