/** Helpers for showing stored files. */

const UNITS = ['Б', 'КБ', 'МБ', 'ГБ'];

/** «1,2 МБ» */
export function formatBytes(size: number): string {
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString('uk-UA', { maximumFractionDigits: digits })} ${UNITS[unit]}`;
}

/** Upper-case extension for a badge, e.g. «PDF». */
export function fileExtension(name: string): string {
  const m = /\.([A-Za-z0-9]{1,6})$/.exec(name);
  return m ? m[1]!.toUpperCase() : 'ФАЙЛ';
}
