/**
 * The preview of a CSV file from a bounded part of it (csv-parse, https://csv.js.org/parse/): the
 * header, the first rows for the table, and the numeric columns of the first CSV_CHART_ROWS rows
 * for the chart. A file that cannot be read (not UTF-8 text, binary bytes, a row with another
 * number of fields than the header, an unclosed quote) throws a PreviewFailure with a Ukrainian
 * reason.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { CSV_TABLE_ROWS, type CsvPreview, type CsvSeriesSummary } from '../../shared/datasetPreview';
import { lastRecord, wholeRecordsLength } from './csvRecords';
import { PreviewFailure } from './previewFailure';

/** Rows of the chart (the payload stays small: a year of daily values). */
export const CSV_CHART_ROWS = 400;
/** Columns kept (wider files show their first columns). */
const MAX_COLUMNS = 50;
/** Characters kept of a cell. */
const MAX_CELL = 200;

/** What was read of the file: its start and, when that is not all of it, its last bytes. */
export interface CsvBytes {
  head: Buffer;
  /** True when `head` is the whole file. */
  complete: boolean;
  /** The file's last bytes (only when `complete` is false), to see whether its last row is whole. */
  tail?: Buffer;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?Z?)?$/;

const BINARY = 'файл містить двійкові дані, а не текст CSV';

function decodeUtf8(bytes: Buffer): string {
  if (bytes.includes(0)) throw new PreviewFailure(BINARY);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new PreviewFailure('файл не є текстом у кодуванні UTF-8 (пошкоджені байти)');
  }
}

/** The delimiter of the header line: the most frequent of comma, semicolon and tab. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const count = (d: string) => first.split(d).length - 1;
  return [',', ';', '\t'].reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** The Ukrainian reason of a csv-parse error. */
function reasonOf(err: unknown): string {
  if (!(err instanceof CsvError)) return 'файл не вдається розібрати як CSV';
  const line = typeof err.lines === 'number' ? err.lines : '?';
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `лапки в рядку ${line} не закрито — файл обрізано або пошкоджено`;
    default:
      return `неправильний запис CSV у рядку ${line}`;
  }
}

/** All records of a text (throws PreviewFailure). */
function records(text: string, delimiter: string): string[][] {
  try {
    return parse(text, { delimiter, bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (err) {
    if (err instanceof CsvError && err.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
      const got = Array.isArray(err.record) ? err.record.length : 0;
      throw new PreviewFailure(
        `рядок ${String(err.lines)} має ${got} полів, а не стільки, скільки стовпців у заголовку — файл обрізано або пошкоджено`,
      );
    }
    throw new PreviewFailure(reasonOf(err));
  }
}

/**
 * Whether the last record of a file's tail has `columns` fields. The tail starts at an arbitrary
 * byte, so what comes before its first line break (a cut character or record) is dropped first. A
 * last line with no quote is the record; otherwise the record may span lines (a quoted cell with
 * line breaks) and is found by its quotes (csvRecords.ts). A record that began before the tail
 * cannot be judged and counts as whole.
 */
function lastRowIsWhole(tail: Buffer, delimiter: string, columns: number): boolean {
  const firstBreak = tail.indexOf(0x0a);
  if (firstBreak < 0) return true;
  const text = decodeUtf8(tail.subarray(firstBreak + 1)).replace(/\r?\n$/, '');
  const line = text.slice(text.lastIndexOf('\n') + 1);
  const record = line.includes('"') ? lastRecord(text) : line;
  if (!record) return true;
  try {
    const rows: string[][] = parse(record, { delimiter, relax_quotes: true, relax_column_count: true });
    return rows.length === 1 && rows[0]!.length === columns;
  } catch {
    return false;
  }
}

const numberOf = (cell: string): number | null => (NUMBER.test(cell.trim()) ? Number(cell.trim()) : null);

/** A CSV preview and the values its chart plots (x, and each numeric column's by name). */
export interface CsvParsed {
  preview: CsvPreview;
  x: number[];
  values: Map<string, Array<number | null>>;
}

/** The chart's x axis: an ISO date column in ascending order (seconds), else row numbers. */
function xAxis(columns: string[], rows: string[][]): { column: string | null; values: number[] } {
  for (let c = 0; c < columns.length; c++) {
    const values = rows.map((r) => (ISO_DATE.test(r[c] ?? '') ? Date.parse(`${r[c]!.replace(' ', 'T')}`) : NaN));
    const ascending = values.every((v, i) => Number.isFinite(v) && (i === 0 || v >= values[i - 1]!));
    if (rows.length > 1 && ascending) return { column: columns[c]!, values: values.map((v) => v / 1000) };
  }
  return { column: null, values: rows.map((_, i) => i + 1) };
}

/** Numeric columns (every non-empty cell a number, at least one) except the x axis. */
function numericColumns(columns: string[], rows: string[][], xColumn: string | null): CsvParsed['values'] {
  const out: CsvParsed['values'] = new Map();
  columns.forEach((column, c) => {
    if (column === xColumn || out.has(column)) return;
    const values = rows.map((r) => (r[c]?.trim() ? numberOf(r[c]) : null));
    const ok = rows.every((r, i) => !r[c]?.trim() || values[i] !== null) && values.some((v) => v !== null);
    if (ok) out.set(column, values);
  });
  return out;
}

function summary(column: string, values: Array<number | null>): CsvSeriesSummary {
  const present = values.filter((v): v is number => v !== null);
  const sum = present.reduce((a, b) => a + b, 0);
  return {
    column,
    min: present.length ? Math.min(...present) : null,
    max: present.length ? Math.max(...present) : null,
    // 12 significant digits: the sum's rounding noise (50.45000000000004) dropped.
    mean: present.length ? Number((sum / present.length).toPrecision(12)) : null,
    gaps: values.length - present.length,
  };
}

/** The preview of a CSV file from what was read of it, and its chart values (throws PreviewFailure). */
export function csvPreview(bytes: CsvBytes): CsvParsed {
  let head = bytes.head;
  // Before the head is cut: a stray quote in binary bytes could otherwise hide them.
  if (head.includes(0)) throw new PreviewFailure(BINARY);
  if (!bytes.complete) {
    // Up to the last whole record: a line break inside a quoted cell does not end one. Without one
    // (a stray quote in a damaged file), up to the last line break, so parsing names the damage.
    const whole = wholeRecordsLength(head) || head.lastIndexOf(0x0a) + 1;
    if (!whole) throw new PreviewFailure(`перший рядок довший за ${Math.round(head.length / 1024)} КБ`);
    head = head.subarray(0, whole);
  }
  const text = decodeUtf8(head);
  if (!text.trim()) throw new PreviewFailure('файл порожній');
  const delimiter = delimiterOf(text);
  const all = records(text, delimiter);
  const header = all[0]!;
  if (header.every((h) => !h.trim())) throw new PreviewFailure('у першому рядку немає назв стовпців');
  if (bytes.tail && !lastRowIsWhole(bytes.tail, delimiter, header.length)) {
    throw new PreviewFailure('останній рядок файлу неповний — файл обрізано або пошкоджено');
  }
  const clip = (row: string[]) =>
    row.slice(0, MAX_COLUMNS).map((c) => (c.length > MAX_CELL ? `${c.slice(0, MAX_CELL)}…` : c));
  const columns = clip(header).map((c, i) => c.trim() || `стовпець ${i + 1}`);
  const data = all.slice(1, 1 + CSV_CHART_ROWS).map(clip);
  const x = xAxis(columns, data);
  const values = numericColumns(columns, data, x.column);
  const preview: CsvPreview = {
    kind: 'csv',
    columns,
    rows: data.slice(0, CSV_TABLE_ROWS),
    rowCount: data.length,
    partial: !bytes.complete || all.length - 1 > data.length,
    x: { kind: x.column ? 'date' : 'row', column: x.column, first: x.values[0] ?? 0, last: x.values.at(-1) ?? 0 },
    series: [...values].map(([column, v]) => summary(column, v)),
  };
  return { preview, x: x.values, values };
}
