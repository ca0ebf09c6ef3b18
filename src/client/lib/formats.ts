/**
 * Dates and file sizes as pages show them, through the render's `FormattedTexts` (site context):
 * the server records what it showed, and the browser's hydration shows the same texts without
 * formatting them (shared/formattedTexts.ts). Outside a site render (the admin) they are formatted
 * directly.
 */
import { useContext } from 'react';
import { formatDate, formatDateRange, formatDateTime } from '../../shared/dates';
import type { FormattedTexts } from '../../shared/formattedTexts';
import { SiteContext } from '../app/site';
import { formatBytes } from './files';

export interface Formats {
  /** «23 березня 2026 р.» */
  date(value: string): string;
  /** «23 березня 2026 р. о 10:00» */
  dateTime(value: string): string;
  /** «22–23 березня 2026 р.» */
  dateRange(start: string, end: string): string;
  /** «1,2 МБ» */
  bytes(size: number): string;
}

const DIRECT: Formats = { date: formatDate, dateTime: formatDateTime, dateRange: formatDateRange, bytes: formatBytes };

/** The formats of one render's texts (or formatted directly without them). */
export function formatsOf(texts: FormattedTexts | undefined): Formats {
  if (!texts) return DIRECT;
  return {
    date: (value) => texts.text(`d${value}`, () => formatDate(value)),
    dateTime: (value) => texts.text(`t${value}`, () => formatDateTime(value)),
    dateRange: (start, end) => texts.text(`r${start}/${end}`, () => formatDateRange(start, end)),
    bytes: (size) => texts.text(`b${size}`, () => formatBytes(size)),
  };
}

/** The current render's formats. */
export function useFormats(): Formats {
  return formatsOf(useContext(SiteContext)?.texts);
}
