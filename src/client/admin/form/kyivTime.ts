/** Converting instants to and from the Europe/Kyiv wall-clock values of <input type="datetime-local">. */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { SITE_TIME_ZONE } from '../../../shared/content/constants';

/** ISO instant -> `YYYY-MM-DDTHH:mm` in Kyiv (empty for null). */
export function toKyivLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  return format(new TZDate(iso, SITE_TIME_ZONE), "yyyy-MM-dd'T'HH:mm");
}

/** `YYYY-MM-DDTHH:mm` read as Kyiv wall-clock time -> ISO instant in UTC (null for empty or invalid). */
export function fromKyivLocal(local: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  return new Date(new TZDate(y, mo - 1, d, h, mi, SITE_TIME_ZONE).getTime()).toISOString();
}
