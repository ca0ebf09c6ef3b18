/**
 * References and filtered queries of the port's documents: the port's filters as Firestore filters
 * (https://firebase.google.com/docs/firestore/query-data/queries; OR queries:
 * https://firebase.google.com/docs/firestore/query-data/queries#or_queries, at most 30
 * disjunctions), and count() (https://firebase.google.com/docs/firestore/query-data/aggregation-queries).
 */
import {
  FieldPath,
  Filter as FsFilter,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase-admin/firestore';
import { filterShape, filterTarget } from './indexes';
import type { Filter } from '../port';
import type { FsContext } from './context';
import { encodeId } from './ids';

/** The reference of a port document. */
export function ref(db: Firestore, collection: string, id: string): DocumentReference {
  return db.collection(collection).doc(encodeId(id));
}

/**
 * The Firestore filter of port filters: ranges of NULL_LOW_FIELDS on `_lo.{field}` (where
 * `is-null-or-<=` is `<=`), any other `is-null-or-<=` as `== null OR <= value`.
 */
function filterOf(where: Filter[] | undefined): FsFilter | null {
  const parts: FsFilter[] = [];
  for (const f of where ?? []) {
    const { path, op } = filterTarget(f);
    const target = path === '__name__' ? FieldPath.documentId() : path;
    const value = path === '__name__' && typeof f.value === 'string' ? encodeId(f.value) : f.value;
    if (op === 'is-null-or-<=')
      parts.push(FsFilter.or(FsFilter.where(target, '==', null), FsFilter.where(target, '<=', value)));
    else parts.push(FsFilter.where(target, op, value));
  }
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : FsFilter.and(...parts);
}

/** The query of a collection's documents passing port filters. */
export function filtered(db: Firestore, collection: string, where: Filter[] | undefined): Query {
  const filter = filterOf(where);
  const base = db.collection(collection);
  return filter ? base.where(filter) : base;
}

/** count() aggregation (charged one read per 1000 index entries). */
export async function countWhere(ctx: FsContext, collection: string, where?: Filter[]): Promise<number> {
  ctx.onQuery?.(filterShape(collection, where));
  const snap = await filtered(ctx.db, collection, where).count().get();
  return snap.data().count;
}
