/** Helpers for showing stored files. */
import { formattedText } from '../../shared/formattedTexts';
import { madeOnFirstUse } from '../../shared/madeOnFirstUse';

const UNITS = ['Б', 'КБ', 'МБ', 'ГБ'];

// Made once: toLocaleString builds a new formatter on every call (tens of µs each, on every file row).
const WHOLE = madeOnFirstUse(() => new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 0 }));
const ONE_DECIMAL = madeOnFirstUse(() => new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 1 }));

/** «1,2 МБ» */
export function formatBytes(size: number): string {
  return formattedText(`b${size}`, () => bytesText(size));
}

function bytesText(size: number): string {
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const format = unit === 0 || value >= 10 ? WHOLE() : ONE_DECIMAL();
  return `${format.format(value)} ${UNITS[unit]}`;
}

/** Upper-case extension for a badge, e.g. «PDF». */
export function fileExtension(name: string): string {
  const m = /\.([A-Za-z0-9]{1,6})$/.exec(name);
  return m ? m[1]!.toUpperCase() : 'ФАЙЛ';
}
