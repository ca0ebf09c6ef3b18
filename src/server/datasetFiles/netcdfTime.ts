/**
 * CF time coordinates («days since 1946-01-01 00:00:00», CF conventions section 4.4) as dates. Only
 * the standard (mixed Gregorian, which equals the proleptic one after 1582), gregorian and
 * proleptic_gregorian calendars are converted; values in other calendars (noleap, 360_day, …),
 * with units not understood, or past the range of a date (±275,000 years) are shown as numbers
 * with their units.
 */
import type { NetcdfPreview } from '../../shared/datasetPreview';

const UNIT_MS: Record<string, number> = {
  second: 1000,
  sec: 1000,
  s: 1000,
  minute: 60_000,
  min: 60_000,
  hour: 3_600_000,
  hr: 3_600_000,
  h: 3_600_000,
  day: 86_400_000,
  d: 86_400_000,
};

const UNITS =
  /^\s*([a-z]+?)s?\s+since\s+(\d{1,4})-(\d{1,2})-(\d{1,2})(?:[T\s]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}(?:\.\d+)?))?)?\s*(?:Z|UTC|\+0+(?::?0+)?)?\s*$/i;
const CONVERTED = new Set(['', 'standard', 'gregorian', 'proleptic_gregorian']);

/** The epoch (ms, UTC) and step (ms) of CF time units, or null when they are not understood. */
export function parseTimeUnits(units: string): { epoch: number; step: number } | null {
  const m = UNITS.exec(units);
  const step = m ? UNIT_MS[m[1]!.toLowerCase()] : undefined;
  if (!m || !step) return null;
  const [y, mo, d, h, mi, s] = [m[2], m[3], m[4], m[5], m[6], m[7]].map((v) => Number(v ?? 0));
  const date = new Date(0);
  date.setUTCFullYear(y!, mo! - 1, d);
  date.setUTCHours(h!, mi, 0, s! * 1000);
  return { epoch: date.getTime(), step };
}

/** Milliseconds a Date can hold either side of 1970 (ECMA-262, 21.4.1.1 Time Values). */
const MAX_DATE_MS = 8.64e15;

/** ISO dates, or dates and times (UTC) when either time is not midnight; null when either is past a Date's range. */
function isoPair(a: number, b: number): [string, string] | null {
  if (![a, b].every((ms) => Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS)) return null;
  const [s, e] = [new Date(a).toISOString(), new Date(b).toISOString()];
  const midnight = s.endsWith('T00:00:00.000Z') && e.endsWith('T00:00:00.000Z');
  return midnight ? [s.slice(0, 10), e.slice(0, 10)] : [`${s.slice(0, 19)}Z`, `${e.slice(0, 19)}Z`];
}

/** The coverage of a time coordinate from its first and last values. */
export function timeCoverage(
  first: number,
  last: number,
  steps: number,
  units: string,
  calendar: string,
): NetcdfPreview['time'] {
  const parsed = CONVERTED.has(calendar.trim().toLowerCase()) ? parseTimeUnits(units) : null;
  const [lo, hi] = first <= last ? [first, last] : [last, first];
  const dates = parsed && isoPair(parsed.epoch + lo * parsed.step, parsed.epoch + hi * parsed.step);
  if (!dates) return { start: `${lo} ${units}`.trim(), end: `${hi} ${units}`.trim(), steps };
  return { start: dates[0], end: dates[1], steps };
}
