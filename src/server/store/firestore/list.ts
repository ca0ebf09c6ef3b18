/**
 * A page of a list without a search: one query (filters, the order of listOrder, startAfter the
 * cursor's values or an offset, limit + 1 to know whether a next page exists, `select()` for a
 * projection) and a count() aggregation for the total. Firestore references: query cursors and
 * offsets https://firebase.google.com/docs/firestore/query-data/query-cursors, count()
 * https://firebase.google.com/docs/firestore/query-data/aggregation-queries.
 */
import { FieldPath } from 'firebase-admin/firestore';
import { listOrder, listShape, valuePath } from './indexes';
import type { ListQuery, ListResult } from '../port';
import { decodeCursor, encodeCursor } from '../storeBase';
import type { FsContext } from './context';
import { toDocument } from './document';
import { countWhere, filtered } from './filters';
import { decodeId, encodeId } from './ids';
import { valueAt, type Scalar } from './values';

/** Decodes a cursor of `length` scalar order values whose last one is the document id. */
export function decodeOrderCursor(cursor: string, length: number): Scalar[] {
  return decodeCursor<Scalar>(
    cursor,
    length,
    (v, i) =>
      (i < length - 1 || typeof v === 'string') &&
      (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
  );
}

/** A page of a list without `search` (see the module comment). */
export async function listPage<T>(ctx: FsContext, collection: string, query: ListQuery): Promise<ListResult<T>> {
  const order = listOrder(query);
  const direction = query.orderBy.direction;
  let q = filtered(ctx.db, collection, query.where);
  for (const o of order) q = q.orderBy(o.path, o.direction);
  q = q.orderBy(FieldPath.documentId(), direction);
  if (query.select)
    q = q.select(
      ...query.select.map((f) => valuePath(f)),
      'version',
      'createdAt',
      'updatedAt',
      ...order.map((o) => o.path),
    );
  if (query.cursor) {
    const values = decodeOrderCursor(query.cursor, order.length + 1);
    q = q.startAfter(...values.slice(0, -1), encodeId(values[values.length - 1] as string));
  } else if (query.offset) {
    q = q.offset(query.offset);
  }
  ctx.onQuery?.(listShape(collection, query));
  const [snap, total] = await Promise.all([
    q.limit(query.limit + 1).get(),
    query.withTotal ? countWhere(ctx, collection, query.where) : Promise.resolve(undefined),
  ]);
  const page = snap.docs.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    snap.docs.length > query.limit && last
      ? encodeCursor([...order.map((o) => valueAt(last, o.path) ?? null), decodeId(last.id)])
      : null;
  const result: ListResult<T> = {
    items: page.map((d) => toDocument<T>(collection, d, query.select)),
    nextCursor,
  };
  if (total !== undefined) result.total = total;
  return result;
}
