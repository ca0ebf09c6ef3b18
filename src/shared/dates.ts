/**
 * Dates as the institute shows them: Ukrainian, in Europe/Kyiv, whatever the server's zone.
 * Calendar dates (`YYYY-MM-DD`) are days in Kyiv; instants are ISO strings.
 */
import { SITE_TIME_ZONE } from './content/constants';
import { formattedText } from './formattedTexts';
import { madeOnFirstUse } from './madeOnFirstUse';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UTC_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function toDate(value: string): Date {
  // A calendar date is read at midday UTC, which is the same day in Kyiv.
  return CALENDAR_DATE.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
}

/** A formatter of dates in Kyiv, made on its first use. */
function kyivFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  return madeOnFirstUse(() => new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, ...options }));
}

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const dayFormat = kyivFormat('uk-UA', DAY);
const dayTimeFormat = kyivFormat('uk-UA', { ...DAY, hour: '2-digit', minute: '2-digit' });
const isoDayFormat = kyivFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * ICU versions differ in the space before «р.» (a plain, a no-break or a narrow no-break space), so
 * server and browser would render different text; we always use a no-break space.
 */
function tidy(formatted: string): string {
  return formatted.replace(/\s+р\./gu, '\u00a0р.');
}

/** «23 березня 2026 р.» */
export function formatDate(value: string): string {
  return formattedText(`d${value}`, () => tidy(dayFormat().format(toDate(value))));
}

/** «23 березня 2026 р. о 10:00» */
export function formatDateTime(value: string): string {
  return formattedText(`t${value}`, () => tidy(dayTimeFormat().format(toDate(value))));
}

/** «22–23 березня 2026 р.», or one date when both are the same day. */
export function formatDateRange(start: string, end: string): string {
  if (!end || start === end) return formatDate(start);
  return formattedText(`r${start}/${end}`, () => tidy(dayFormat().formatRange(toDate(start), toDate(end))));
}

let kyivDay = { minute: NaN, day: '' };

/**
 * Today's calendar date in Kyiv, `YYYY-MM-DD`. Kept for the minute it was made in (Kyiv's days
 * begin on a whole minute; formatting is slow enough to show in a page render).
 */
export function todayInKyiv(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== kyivDay.minute) kyivDay = { minute, day: isoDayFormat().format(now) };
  return kyivDay.day;
}

/** The calendar day before `date` (`YYYY-MM-DD` in, `YYYY-MM-DD` out). */
export function previousDay(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** The value for a <time dateTime> attribute: a calendar date as it is, an instant in UTC ISO form. */
export function machineDate(value: string): string {
  // Stored instants are already in that form (a page of cards has a dozen of them per render).
  if (CALENDAR_DATE.test(value) || UTC_INSTANT.test(value)) return value;
  return new Date(value).toISOString();
}
