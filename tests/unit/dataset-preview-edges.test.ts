/**
 * CSV and NetCDF previews on the review's edge cases: a Cyrillic CSV whose tail starts inside a
 * two-byte character, quoted cells with line breaks at the 64 KiB cut and in the last record, and a
 * NetCDF time coordinate past the range of a date.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvPreview } from '../../src/server/datasetFiles/csvPreview';
import { lastRecord, wholeRecordsLength } from '../../src/server/datasetFiles/csvRecords';
import { timeCoverage } from '../../src/server/datasetFiles/netcdfTime';
import { PreviewFailure } from '../../src/server/datasetFiles/previewFailure';

const HEAD = 64 * 1024;
const TAIL = 4096;

/** What the preview service reads of a file larger than 64 KiB: its head and its last 4 KiB. */
function parts(bytes: Buffer, tailFrom = bytes.length - TAIL) {
  return { head: bytes.subarray(0, HEAD), complete: false, tail: bytes.subarray(tailFrom) };
}

/** Rows of a Cyrillic CSV: `дата,станція,значення`, about 40 bytes a row. */
function cyrillicCsv(rows: number): string {
  const lines = ['дата,станція,значення'];
  for (let i = 0; i < rows; i++) lines.push(`2020-01-${String((i % 28) + 1).padStart(2, '0')},Жуляни,${i % 97}`);
  return `${lines.join('\n')}\n`;
}

/** Rows whose third cell is quoted and holds line breaks (a notes column). */
function notesCsv(rows: number, last = ''): string {
  const lines = ['дата,значення,примітка'];
  for (let i = 0; i < rows; i++)
    lines.push(`2020-02-${String((i % 28) + 1).padStart(2, '0')},${i},"перший рядок\nдругий, ""в лапках""\nтретій"`);
  return `${lines.join('\n')}\n${last}`;
}

describe('CSV tail from an arbitrary byte', () => {
  it('reads a Cyrillic CSV whose tail starts inside a two-byte character', () => {
    const bytes = Buffer.from(cyrillicCsv(5000));
    expect(bytes.length).toBeGreaterThan(HEAD);
    let from = bytes.length - TAIL;
    while ((bytes[from]! & 0xc0) !== 0x80) from--; // a continuation byte: the tail cuts a character
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(from))).toThrow();
    const p = csvPreview(parts(bytes, from)).preview;
    expect(p.columns).toEqual(['дата', 'станція', 'значення']);
    expect(p.rows[0]).toEqual(['2020-01-01', 'Жуляни', '0']);
    expect(p.partial).toBe(true);
  });

  it('still says a Cyrillic CSV cut in its last row is truncated', () => {
    const bytes = Buffer.from(cyrillicCsv(5000).replace(/,\d+\n$/, ''));
    expect(() => csvPreview(parts(bytes))).toThrow(
      new PreviewFailure('останній рядок файлу неповний — файл обрізано або пошкоджено'),
    );
  });
});

describe('quoted cells with line breaks', () => {
  it('cuts the head at the last record, not at a line break inside a quoted cell', () => {
    const bytes = Buffer.from(notesCsv(2000));
    const head = bytes.subarray(0, HEAD);
    let cut = head.lastIndexOf(0x0a) + 1;
    // Make sure the old cut (the last line break) falls inside a quoted cell.
    expect(() => parse(head.subarray(0, cut))).toThrow(/Quote Not Closed/i);
    cut = wholeRecordsLength(head);
    expect(parse(head.subarray(0, cut)).at(-1)).toHaveLength(3);
    const p = csvPreview(parts(bytes)).preview;
    expect(p.columns).toEqual(['дата', 'значення', 'примітка']);
    expect(p.rows[1]).toEqual(['2020-02-02', '1', 'перший рядок\nдругий, "в лапках"\nтретій']);
    expect(p.series.map((s) => s.column)).toEqual(['значення']);
  });

  it('takes a last record with line breaks in a quoted cell as whole', () => {
    const bytes = Buffer.from(notesCsv(2000));
    const p = csvPreview(parts(bytes)).preview;
    expect(p.partial).toBe(true);
    expect(lastRecord('x\n2020-02-28,7,"a\nb"')).toBe('2020-02-28,7,"a\nb"');
    // The tail may start inside a quoted cell: the record is still found.
    expect(lastRecord('b"\n2020-02-28,7,"a\nb"')).toBe('2020-02-28,7,"a\nb"');
    expect(lastRecord('a\nb"')).toBeNull(); // the record began before the text
  });

  it('still says a file cut inside the quoted cell of its last record is truncated', () => {
    const bytes = Buffer.from(notesCsv(2000, '2020-03-01,5,"перший рядок\nдругий'));
    expect(() => csvPreview(parts(bytes))).toThrow(/останній рядок файлу неповний/);
  });
});

describe('NetCDF time past the range of a date', () => {
  it('shows the values with their units instead of failing', () => {
    expect(timeCoverage(0, 1e300, 2, 'days since 1970-01-01', 'standard')).toEqual({
      start: '0 days since 1970-01-01',
      end: '1e+300 days since 1970-01-01',
      steps: 2,
    });
    expect(timeCoverage(-1e12, 0, 2, 'hours since 2000-01-01', 'gregorian')?.start).toBe(
      '-1000000000000 hours since 2000-01-01',
    );
    expect(timeCoverage(0, 31, 2, 'days since 1970-01-01', 'standard')).toEqual({
      start: '1970-01-01',
      end: '1970-02-01',
      steps: 2,
    });
  });
});

describe('a damaged large CSV', () => {
  it('names binary bytes in the head although a stray quote comes before them', () => {
    const rows = Buffer.from('x,y\n'.repeat(20_000));
    rows[30_000] = 0;
    const bytes = Buffer.concat([Buffer.from('a,b\n1,"2\n3,4\n'), rows]);
    expect(() => csvPreview(parts(bytes))).toThrow(new PreviewFailure('файл містить двійкові дані, а не текст CSV'));
  });

  it('names an unclosed quote in the first record rather than a long first line', () => {
    const bytes = Buffer.from(`a,"b\n${'x,y\n'.repeat(20_000)}`);
    expect(() => csvPreview(parts(bytes))).toThrow(/лапки в рядку \d+ не закрито/);
  });
});
