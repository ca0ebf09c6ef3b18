/**
 * An iCalendar file (RFC 5545, through ical-generator) with one event: a conference or a training.
 * Their dates are calendar days in Kyiv (`YYYY-MM-DD`), so the event is all-day: DTSTART;VALUE=DATE
 * of the first day and DTEND of the day after the last (DTEND is exclusive). The UID is the
 * document's id at the site's host, so a calendar that imports the file again updates the event;
 * SEQUENCE is its version, DTSTAMP and LAST-MODIFIED its last change, so the same document gives the same bytes.
 */
import ical, { ICalCalendarMethod } from 'ical-generator';
import { SITE_NAME } from '../../shared/head/siteFacts';

/** What the event shows. */
export interface CalendarEvent {
  /** `conference` or `training`: part of the UID. */
  kind: string;
  id: string;
  title: string;
  summary: string;
  /** First and last day, `YYYY-MM-DD` (days in Kyiv). */
  startDate: string;
  endDate: string;
  location: string;
  /** The event's page, absolute. */
  url: string;
  /** The document's last change (ISO instant) and version (the event's SEQUENCE). */
  updatedAt: string;
  version: number;
}

/** `YYYY-MM-DD` as the Date ical-generator writes as that day (it reads all-day dates in UTC). */
function day(date: string, plusDays = 0): Date {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d;
}

/** The `.ics` text of one event; `origin` is PUBLIC_URL (its host names the UID's domain). */
export function eventCalendar(e: CalendarEvent, origin: string): string {
  const calendar = ical({
    prodId: { company: 'UHMI', product: 'uhmi-site', language: 'UK' },
    name: SITE_NAME,
    method: ICalCalendarMethod.PUBLISH,
  });
  const last = e.endDate && e.endDate >= e.startDate ? e.endDate : e.startDate;
  calendar.createEvent({
    id: `${e.kind}-${e.id}@${new URL(origin).hostname}`,
    allDay: true,
    start: day(e.startDate),
    end: day(last, 1),
    summary: e.title,
    description: e.summary ? `${e.summary}\n\n${e.url}` : e.url,
    location: e.location || null,
    url: e.url,
    sequence: e.version,
    stamp: new Date(e.updatedAt),
    lastModified: new Date(e.updatedAt),
  });
  return calendar.toString();
}
