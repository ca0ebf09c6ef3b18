/**
 * A search list (an admin list with `search`). Firestore has no substring search, so the store
 * keeps each document's 1–3 character grams (`_search`, grams.ts) and its normalised text
 * (`_text`). The candidates are the documents containing the query's rarest gram (each counted
 * with a limit, so a count costs at most one read whatever the collection's size), read most
 * recently updated first (one array-contains query on a composite index, only the fields the list
 * needs) and at most `searchCandidates` of them. Each is checked for every term in `_text` (the
 * SQLite store's `instr`) and the other filters, then sorted, paged and counted in memory
 * (values.ts: Firestore's value order), so pages and totals equal SQLite's whenever the candidates
 * are within the bound; past it the result covers the candidates read and says so (`partial`).
 * The page's documents are then fetched by id.
 */
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { gramCountShape, listOrder, searchShape, valuePath } from './indexes';
import type { ListQuery, ListResult } from '../port';
import { encodeCursor } from '../storeBase';
import type { FsContext } from './context';
import { toDocument } from './document';
import { searchGramsOf } from './grams';
import { decodeId, encodeId } from './ids';
import { decodeOrderCursor } from './list';
import { compareValues, passes, valueAt } from './values';

/** Documents an admin search reads, at most (FirestoreStoreOptions.searchCandidates). */
export const SEARCH_CANDIDATES = 1000;

/**
 * The search gram (searchGramsOf) with the fewest documents in the collection: each counted up to
 * `searchCandidates + 1` (a count with a limit reads at most that many index entries), in parallel.
 */
async function rarestGram(ctx: FsContext, collection: string, terms: string[]): Promise<string> {
  const grams = searchGramsOf(terms);
  if (grams.length === 1) return grams[0]!;
  const counts = await Promise.all(
    grams.map(async (gram) => {
      ctx.onQuery?.(gramCountShape(collection));
      const snap = await ctx.db
        .collection(collection)
        .where('_search', 'array-contains', gram)
        .limit(ctx.searchCandidates + 1)
        .count()
        .get();
      return snap.data().count;
    }),
  );
  let best = 0;
  for (let i = 1; i < grams.length; i += 1) if (counts[i]! < counts[best]!) best = i;
  return grams[best]!;
}

/** A page of a search list of `terms` (searchTerms of the query's search; see the module comment). */
export async function listSearch<T>(
  ctx: FsContext,
  collection: string,
  query: ListQuery,
  terms: string[],
): Promise<ListResult<T>> {
  const order = listOrder(query);
  const direction = query.orderBy.direction === 'desc' ? -1 : 1;
  const filterPaths = (query.where ?? []).map((f) => valuePath(f.field));
  const paths = [...new Set(['_text', ...filterPaths, ...order.map((o) => o.path)].filter((p) => p !== '__name__'))];
  const gram = await rarestGram(ctx, collection, terms);
  ctx.onQuery?.(searchShape(collection));
  const read = await ctx.db
    .collection(collection)
    .where('_search', 'array-contains', gram)
    .orderBy('updatedAt', 'desc')
    .select(...paths)
    .limit(ctx.searchCandidates + 1)
    .get();
  ctx.onRead?.(read.size);
  const partial = read.size > ctx.searchCandidates;
  const snap = { docs: read.docs.slice(0, ctx.searchCandidates) };
  const keyOf = (d: DocumentSnapshot): unknown[] => [...order.map((o) => valueAt(d, o.path) ?? null), decodeId(d.id)];
  const compareKeys = (a: unknown[], b: unknown[]): number => {
    for (let i = 0; i < a.length; i += 1) {
      const c =
        i === a.length - 1
          ? compareValues(encodeId(a[i] as string), encodeId(b[i] as string))
          : compareValues(a[i], b[i]);
      if (c !== 0) return c * direction;
    }
    return 0;
  };
  const matches = snap.docs
    .filter((d) => {
      const text = String(d.get('_text') ?? '');
      return (
        terms.every((t) => text.includes(t)) &&
        (query.where ?? []).every((f) => passes(f, valueAt(d, valuePath(f.field))))
      );
    })
    .map((d) => ({ d, key: keyOf(d) }))
    .sort((a, b) => compareKeys(a.key, b.key));
  let start = 0;
  if (query.cursor) {
    const after = decodeOrderCursor(query.cursor, order.length + 1);
    start = matches.findIndex((m) => compareKeys(m.key, after) > 0);
    if (start < 0) start = matches.length;
  } else if (query.offset) {
    start = query.offset;
  }
  const window = matches.slice(start, start + query.limit + 1);
  const page = window.slice(0, query.limit);
  const refs = page.map((m) => m.d.ref);
  const full = refs.length
    ? await ctx.db.getAll(
        ...refs,
        ...(query.select
          ? [{ fieldMask: [...query.select.map((f) => valuePath(f)), 'version', 'createdAt', 'updatedAt'] }]
          : []),
      )
    : [];
  const last = page[page.length - 1];
  const result: ListResult<T> = {
    items: full.filter((d) => d.exists).map((d) => toDocument<T>(collection, d, query.select)),
    nextCursor: window.length > query.limit && last ? encodeCursor(last.key) : null,
  };
  if (query.withTotal) result.total = matches.length;
  if (partial) result.partial = true;
  return result;
}
