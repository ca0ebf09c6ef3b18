/** Reading stored values as text. */

/**
 * A stored scalar as text: a string as it is, a number or boolean written out, anything else
 * (null, undefined, objects) as ''. Stored data is `unknown` to the generic code; this never
 * prints «[object Object]».
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return '';
}
