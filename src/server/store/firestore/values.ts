/**
 * Values as Firestore orders and compares them, for what the store does in memory (a search list's
 * filters, order and cursor): null < booleans < numbers < strings, strings by UTF-8 bytes
 * (https://firebase.google.com/docs/firestore/manage-data/data-types), and comparisons only within
 * one type (https://firebase.google.com/docs/firestore/query-data/queries#query_operators).
 */
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { Filter } from '../port';
import { decodeId } from './ids';

/** A value a list orders by or a cursor holds. */
export type Scalar = string | number | boolean | null;

function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'boolean') return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  return 4;
}

/** Firestore's value order for scalars: null < booleans < numbers < strings (by UTF-8 bytes). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1 || ra === 2) return Number(a) - Number(b);
  if (ra === 3) return Buffer.compare(Buffer.from(a as string, 'utf8'), Buffer.from(b as string, 'utf8'));
  return 0;
}

/** Whether a stored value passes a port filter, with Firestore's semantics (comparisons within one type). */
export function passes(filter: Filter, value: unknown): boolean {
  const v = value === undefined ? undefined : value;
  const sameType = v !== undefined && v !== null && typeRank(v) === typeRank(filter.value);
  switch (filter.op) {
    case '==':
      return filter.value === null ? v === null : sameType && compareValues(v, filter.value) === 0;
    case 'array-contains':
      return (
        Array.isArray(v) &&
        v.some(
          (x) =>
            x === filter.value ||
            (x !== null && typeRank(x) === typeRank(filter.value) && compareValues(x, filter.value) === 0),
        )
      );
    case 'is-null-or-<=':
      return v === null || (sameType && compareValues(v, filter.value) <= 0);
    case '<':
      return sameType && compareValues(v, filter.value) < 0;
    case '<=':
      return sameType && compareValues(v, filter.value) <= 0;
    case '>':
      return sameType && compareValues(v, filter.value) > 0;
    case '>=':
      return sameType && compareValues(v, filter.value) >= 0;
  }
}

/** A value at a path of a snapshot (`__name__` = the port id). */
export function valueAt(snap: DocumentSnapshot, path: string): unknown {
  if (path === '__name__') return decodeId(snap.id);
  return snap.get(path);
}
