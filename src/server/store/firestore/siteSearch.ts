/**
 * The visitor search on Firestore, reading at most `siteSearchCandidates` documents per collection
 * on the site whatever the collection's size: per collection, the documents whose stored weight of
 * the query's probe term (`_site.w.{term}`, termWeights in search/rank.ts) is highest, by the
 * automatic single-field index of that map entry (an order on it, descending, with a limit:
 * https://firebase.google.com/docs/firestore/query-data/index-overview#automatic_indexes; a
 * document without the term has no entry and is not read). They are checked for the other terms
 * and visibility, ranked by BM25 in memory (search/rank.ts, the weights SQLite's FTS5 uses) and
 * paged; the parents they are shown under and the page's documents are then fetched by id. When a
 * collection has more documents with the probe term than the bound, only its best ones by that
 * term are ranked and counted (SQLite ranks and counts them all). The counts per collection (the
 * type filter's `totals`) come from the same candidates, so they cost no extra query and share the
 * bound: a collection shows at most `siteSearchCandidates`. A `collection` filter pages that
 * collection's candidates only, but every collection is still read for the totals.
 */
import { FieldPath } from 'firebase-admin/firestore';
import { bm25Scores, MAX_WEIGHTED_TERM } from '../../search/rank';
import { siteSearchCollections } from '../../search/siteIndex';
import type { SiteSearchQuery, SiteSearchResult } from '../port';
import type { FsContext } from './context';
import { toDocument, type FsSiteEntry } from './document';
import { ref } from './filters';
import { decodeId } from './ids';
import { compareValues } from './values';

/** Documents a visitor search reads per collection on the site, at most (FirestoreStoreOptions.siteSearchCandidates). */
export const SITE_SEARCH_CANDIDATES = 100;

/** The term a visitor search reads candidates by: its longest (likely the rarest). */
function probeTerm(terms: string[]): string {
  return terms.reduce((a, b) => (b.length > a.length ? b : a));
}

/** A page of the visitor search's results (see the module comment). */
export async function siteSearch(ctx: FsContext, query: SiteSearchQuery): Promise<SiteSearchResult> {
  const probe = probeTerm(query.terms);
  if (probe.length > MAX_WEIGHTED_TERM) return { items: [], total: 0, totals: {} };
  const weight = new FieldPath('_site', 'w', probe);
  const snaps = await Promise.all(
    siteSearchCollections().map(async (collection) => {
      ctx.onQuery?.({
        collection,
        branches: [{ equality: [], range: [] }],
        orderBy: [{ path: `_site.w.${probe}`, direction: 'desc' }],
        nameDirection: null,
      });
      const snap = await ctx.db
        .collection(collection)
        .orderBy(weight, 'desc')
        .select('_site.title', '_site.body', '_site.visibleFrom', '_site.parent', weight)
        .limit(ctx.siteSearchCandidates)
        .get();
      ctx.onRead?.(snap.size);
      return snap.docs.map((d) => ({ collection, d, site: d.get('_site') as FsSiteEntry }));
    }),
  );
  const visible = (site: Pick<FsSiteEntry, 'visibleFrom'> | null | undefined) =>
    Boolean(site) && (site!.visibleFrom === null || site!.visibleFrom <= query.now);
  const matching = snaps.flat().filter(({ site }) => {
    if (!visible(site)) return false;
    // Each other term must be in the title or the text (the probe's weight is there: it was read).
    const terms = new Set(`${site.title} ${site.body}`.split(' '));
    return query.terms.every((t) => t === probe || terms.has(t));
  });
  // Documents shown under a parent count only while the parent is indexed (published) and visible.
  const parentKeys = [...new Set(matching.map((c) => c.site.parent).filter((p): p is string => Boolean(p)))];
  const parents = parentKeys.length
    ? await ctx.db.getAll(
        ...parentKeys.map((key) => ref(ctx.db, key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1))),
        { fieldMask: ['_site.visibleFrom', '_site.parent'] },
      )
    : [];
  ctx.onRead?.(parents.length);
  const shown = new Set(
    parentKeys.filter((_, i) => parents[i]!.exists && visible(parents[i]!.get('_site') as FsSiteEntry | null)),
  );
  const candidates = matching.filter((c) => !c.site.parent || shown.has(c.site.parent));
  const scores = bm25Scores(
    candidates.map((c) => c.site),
    query.terms,
  );
  const ranked = candidates
    .map((c, i) => ({ ...c, score: scores[i]!, id: decodeId(c.d.id) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        (a.collection < b.collection ? -1 : a.collection > b.collection ? 1 : 0) ||
        compareValues(a.id, b.id),
    );
  const totals: Record<string, number> = {};
  for (const c of ranked) totals[c.collection] = (totals[c.collection] ?? 0) + 1;
  const hits = query.collection === undefined ? ranked : ranked.filter((c) => c.collection === query.collection);
  const page = hits.slice(query.offset, query.offset + query.limit);
  const full = page.length ? await ctx.db.getAll(...page.map((p) => p.d.ref)) : [];
  ctx.onRead?.(full.length);
  return {
    items: full.flatMap((d, i) => (d.exists ? [toDocument<Record<string, unknown>>(page[i]!.collection, d)] : [])),
    total: hits.length,
    totals,
  };
}
