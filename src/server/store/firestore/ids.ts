/**
 * Firestore document ids of the port's ids, and the ids of unique-value guard documents. Firestore
 * forbids `/` in an id and reserves `.`, `..` and `__…__`
 * (https://firebase.google.com/docs/firestore/quotas), so those
 * are percent-encoded; the port sees its own ids.
 */
import { createHash } from 'node:crypto';

/** Firestore document id of a port id (`%` and `/` percent-encoded; `.`, `..`, `__…__` escaped). */
export function encodeId(id: string): string {
  let out = id.replace(/%/g, '%25').replace(/\//g, '%2F');
  if (out === '.' || out === '..') out = `%2E${out.slice(1)}`;
  else if (/^__.*__$/.test(out)) out = `%5F${out.slice(1)}`;
  return out;
}

/** The port id of a Firestore document id (inverse of encodeId). */
export function decodeId(id: string): string {
  return id.replace(/%(25|2F|2E|5F)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The id of the guard of a unique value: `{collection}:{field}:{hash of the value}` (the hash tells
 * a number from the string of its digits).
 */
export function guardId(collection: string, field: string, value: string | number): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([typeof value, value]))
    .digest('hex')
    .slice(0, 40);
  return `${encodeId(collection)}:${field}:${hash}`;
}
