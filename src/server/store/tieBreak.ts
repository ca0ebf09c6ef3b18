/**
 * The order both document stores give a list, beyond the fields it asks for.
 *
 * Firestore orders a query with range filters (`<`, `<=`, `>`, `>=`) by the requested fields, then
 * by every range-filtered field not already ordered, then by document id; an explicit order on the
 * id must come last ("order by clause cannot contain more fields after the key"). See
 * https://firebase.google.com/docs/firestore/query-data/multiple-range-fields ("Indexing
 * considerations"). So that both backends return the same pages, the SQLite store breaks ties the
 * same way: requested fields, then these fields (raw values, ascending name order), then the id.
 */
import type { ListQuery } from './port';

/** Filter operators that are range comparisons (Firestore inequality filters). */
export const RANGE_OPS: ReadonlySet<string> = new Set(['<', '<=', '>', '>=', 'is-null-or-<=']);

/**
 * Fields stored beside `data` (they need no sort key: ISO strings and ids compare as they are);
 * `datestamp` is derived from `updatedAt` and `data.publishedAt` (datestamp.ts).
 */
export const META_FIELDS: ReadonlySet<string> = new Set(['createdAt', 'updatedAt', 'datestamp', 'id']);

/**
 * The range-filtered fields of a query that its `orderBy` does not already order by their raw value
 * (a field sorted with the 'uk' collation is ordered by its sort key, not its value), sorted by
 * name; `id` never (it is the last tie-breaker anyway).
 */
export function tieBreakFields(query: Pick<ListQuery, 'where' | 'orderBy'>): string[] {
  const rawOrdered = new Set(query.orderBy.fields.filter((f) => !query.orderBy.collation || META_FIELDS.has(f)));
  const fields = new Set<string>();
  for (const f of query.where ?? []) {
    if (RANGE_OPS.has(f.op) && f.field !== 'id' && !rawOrdered.has(f.field)) fields.add(f.field);
  }
  return [...fields].sort();
}
