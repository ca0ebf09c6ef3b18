/**
 * OAI-PMH datestamps and the `from`/`until` arguments (protocol §3.3): UTC at day
 * (`YYYY-MM-DD`) or second (`YYYY-MM-DDThh:mm:ssZ`) granularity. The store keeps ISO instants with
 * milliseconds (`2026-11-27T21:40:01.123Z`), which compare as strings.
 */

/** The finest granularity this repository answers in (Identify's `granularity`). */
export const GRANULARITY = 'YYYY-MM-DDThh:mm:ssZ';

export type Granularity = 'day' | 'second';

/** A parsed `from` or `until` value. */
export interface UtcBound {
  /** The argument as given. */
  value: string;
  granularity: Granularity;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** Whether the numbers form a real calendar day and time of day. */
function validParts(y: number, mo: number, d: number, h = 0, mi = 0, s = 0): boolean {
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

/** A `from`/`until` argument, or null when it is neither granularity (or not a real date). */
export function parseUtcBound(value: string): UtcBound | null {
  const day = DAY.exec(value);
  if (day) return validParts(+day[1]!, +day[2]!, +day[3]!) ? { value, granularity: 'day' } : null;
  const sec = SECOND.exec(value);
  if (sec && validParts(+sec[1]!, +sec[2]!, +sec[3]!, +sec[4]!, +sec[5]!, +sec[6]!))
    return { value, granularity: 'second' };
  return null;
}

/** The first stored instant a `from` bound admits (inclusive). */
export function lowerInstant(bound: UtcBound): string {
  return bound.granularity === 'day' ? `${bound.value}T00:00:00.000Z` : `${bound.value.slice(0, 19)}.000Z`;
}

/** The last stored instant an `until` bound admits (inclusive: the whole day or second). */
export function upperInstant(bound: UtcBound): string {
  return bound.granularity === 'day' ? `${bound.value}T23:59:59.999Z` : `${bound.value.slice(0, 19)}.999Z`;
}

/** A stored ISO instant as a datestamp at second granularity. */
export function datestampOf(instant: string): string {
  return `${instant.slice(0, 19)}Z`;
}
