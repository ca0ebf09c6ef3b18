/**
 * A document field shown as text: a string as it is, a number or boolean written out, anything else
 * (missing, null, an object) as `fallback`. `String(value)` would show an object as "[object Object]".
 */
export function fieldText(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return fallback;
}
