/**
 * Converting instants to and from Europe/Kyiv wall-clock values: `YYYY-MM-DD HH:mm:ss`, the value
 * format of Mantine's DateTimePicker (`@mantine/dates`' DateStringValue; `T` as the separator and no
 * seconds are read too).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { SITE_TIME_ZONE } from '../../../shared/content/constants';

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2})?$/;

/** ISO instant -> `YYYY-MM-DD HH:mm:ss` in Kyiv (empty for null). */
export function toKyivLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  return format(new TZDate(iso, SITE_TIME_ZONE), 'yyyy-MM-dd HH:mm:ss');
}

/** `YYYY-MM-DD HH:mm[:ss]` read as Kyiv wall-clock time -> ISO instant in UTC (null for empty or invalid). */
export function fromKyivLocal(local: string): string | null {
  const m = WALL_CLOCK.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, SITE_TIME_ZONE).getTime()).toISOString();
}

/**
 * Whether a wall-clock time happens in Kyiv: false for the hour skipped when summer time starts
 * (the last Sunday of March, 03:00–03:59) and for values that are no date at all.
 */
export function isKyivTime(local: string): boolean {
  const iso = fromKyivLocal(local);
  return iso !== null && toKyivLocal(iso).slice(0, 16) === local.replace('T', ' ').slice(0, 16);
}
