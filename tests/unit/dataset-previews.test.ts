/**
 * Issue 28 item 6: the preview parsers on the seed's CSV and NetCDF files and on broken copies of
 * them (truncated, garbage bytes), the bounded NetCDF reading, CF time units and archive names.
 */
import { describe, expect, it } from 'vitest';
import { csvPreview } from '../../src/server/datasetFiles/csvPreview';
import { float32Decimal, netcdfPreview, type ByteSource } from '../../src/server/datasetFiles/netcdfHeader';
import { parseTimeUnits, timeCoverage } from '../../src/server/datasetFiles/netcdfTime';
import { PreviewFailure } from '../../src/server/datasetFiles/previewFailure';
import { archiveNames } from '../../src/server/datasetFiles/zipStream';
import {
  dailyGridCellCsv,
  dailyGridNetcdf,
  monthlyGridCsv,
  monthlyGridNetcdf,
  monthlyStationsCsv,
  stationsCsv,
} from '../../src/server/seed/datasetSamples';
import { writeNetcdf } from '../../src/server/seed/netcdf';
import { defaultSeries } from '../../src/client/components/datasetPreview/chartText';

/** A deterministic run of bytes that are no text and no format (a small LCG). */
function garbage(length: number, seed = 7): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** The whole-file read the preview service does for files up to 64 KiB. */
const whole = (text: string | Buffer) => ({ head: Buffer.from(text), complete: true });

/** The reason of the PreviewFailure `run` throws. */
async function failureOf(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (err) {
    if (err instanceof PreviewFailure) return err.reason;
    throw err;
  }
  throw new Error('expected a PreviewFailure');
}

/** A file in memory, counting the bytes read from it. */
function source(bytes: Buffer): ByteSource & { bytesRead: number } {
  const src = {
    size: bytes.length,
    bytesRead: 0,
    read: (start: number, end: number) => {
      const part = bytes.subarray(start, Math.min(end, bytes.length));
      src.bytesRead += part.length;
      return Promise.resolve(Buffer.from(part));
    },
  };
  return src;
}

/**
 * A CDF-1 file with a record dimension (Unidata, NetCDF Classic Format Specification):
 * dims time (unlimited, `times.length` records) and x (2); variables time(time) double with units,
 * v(time, x) float; record data interleaved (time, then v, per record).
 */
function recordFile(times: number[], v: number[]): Buffer {
  const int = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(n);
    return b;
  };
  const name = (text: string) => {
    const raw = Buffer.from(text, 'utf8');
    return Buffer.concat([int(raw.length), raw, Buffer.alloc((4 - (raw.length % 4)) % 4)]);
  };
  const units = 'days since 2000-01-01';
  const head = (timeBegin: number) =>
    Buffer.concat([
      Buffer.from('CDF\x01', 'latin1'),
      int(times.length),
      int(0x0a),
      int(2),
      name('time'),
      int(0),
      name('x'),
      int(2),
      int(0),
      int(0), // no global attributes
      int(0x0b),
      int(2),
      name('time'),
      int(1),
      int(0),
      int(0x0c),
      int(1),
      name('units'),
      int(2),
      name(units),
      int(6),
      int(8),
      int(timeBegin),
      name('v'),
      int(2),
      int(0),
      int(1),
      int(0),
      int(0),
      int(5),
      int(8),
      int(timeBegin + 8),
    ]);
  const begin = head(0).length;
  const records = times.map((t, r) => {
    const b = Buffer.alloc(16);
    b.writeDoubleBE(t, 0);
    b.writeFloatBE(v[2 * r]!, 8);
    b.writeFloatBE(v[2 * r + 1]!, 12);
    return b;
  });
  return Buffer.concat([head(begin), ...records]);
}

describe('CSV preview', () => {
  it('shows the first 20 rows of the seed grid CSV and offers its numeric columns for the chart', () => {
    const { preview: p, x, values } = csvPreview(whole(monthlyGridCsv()));
    expect(p.columns).toEqual(['lat', 'lon', 'year', 'month', 'tmin_c', 'tmax_c', 'tmean_c', 'precip_mm']);
    expect(p.rows).toHaveLength(20);
    expect(p.rows[0]!.slice(0, 4)).toEqual(['50.0', '30.0', '2020', '1']);
    // 1200 rows: the chart takes the first 400, and says there are more.
    expect(p.rowCount).toBe(400);
    expect(p.partial).toBe(true);
    expect(p.x).toEqual({ kind: 'row', column: null, first: 1, last: 400 });
    expect(x).toHaveLength(400);
    expect(p.series.map((s) => s.column)).toEqual(p.columns);
    const tmean = values.get('tmean_c')!;
    expect(tmean).toHaveLength(400);
    expect(tmean[0]).toBe(Number(p.rows[0]![6]));
    const numbers = tmean.filter((v): v is number => v !== null);
    expect(p.series.find((s) => s.column === 'tmean_c')).toEqual({
      column: 'tmean_c',
      min: Math.min(...numbers),
      max: Math.max(...numbers),
      mean: Number((numbers.reduce((a, b) => a + b, 0) / numbers.length).toPrecision(12)),
      gaps: 0,
    });
    // Means without the sum's rounding noise: the grid's latitudes 50.0…50.9 average 50.45 (not 50.45000000000004).
    expect(p.series.find((s) => s.column === 'lat')!.mean).toBe(50.45);
    // The chart opens on a measured value, not on the grid's coordinates or date parts.
    expect(defaultSeries(p)?.column).toBe('tmin_c');
  });

  it('puts an ascending ISO date column on the x axis (seconds, UTC) and leaves text columns out of the chart', () => {
    const { preview: p, x } = csvPreview(whole(dailyGridCellCsv()));
    expect(p.x).toEqual({
      kind: 'date',
      column: 'date',
      first: Date.UTC(2020, 6, 1) / 1000,
      last: Date.UTC(2020, 6, 31) / 1000,
    });
    expect(x).toHaveLength(31);
    expect(p.partial).toBe(false);
    expect(p.series.map((s) => s.column)).toEqual(['lat', 'lon', 'tmin_c', 'tmax_c', 'tmean_c', 'precip_mm']);
    const stations = csvPreview(whole(stationsCsv())).preview;
    expect(stations.series.map((s) => s.column)).not.toContain('name');
    const gaps = csvPreview(whole('a,b\n1,\n2,5\n')).preview;
    expect(gaps.series).toEqual([
      { column: 'a', min: 1, max: 2, mean: 1.5, gaps: 0 },
      { column: 'b', min: 5, max: 5, mean: 5, gaps: 1 },
    ]);
  });

  it('reads a prefix of a large file up to its last whole line, and checks the last row from the tail', () => {
    const text = monthlyStationsCsv(['Kyiv', 'Lviv', 'Kharkiv', 'Odesa']);
    const bytes = Buffer.from(text);
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const head = bytes.subarray(0, 64 * 1024); // cut in the middle of a row
    const tail = bytes.subarray(bytes.length - 4096);
    const p = csvPreview({ head, complete: false, tail }).preview;
    expect(p.partial).toBe(true);
    expect(p.rows).toHaveLength(20);
    // The file cut off in its last row: the tail shows a row with too few fields.
    const cut = bytes.subarray(0, bytes.length - 12);
    const reason = csvPreview.bind(null, { head, complete: false, tail: cut.subarray(cut.length - 4096) });
    expect(() => reason()).toThrow(PreviewFailure);
  });

  it('says a truncated copy is truncated: its last row has fewer fields than the header', async () => {
    const text = dailyGridCellCsv();
    const truncated = text.slice(0, text.length - 9);
    expect(await failureOf(() => csvPreview(whole(truncated)))).toMatch(/^рядок 32 має \d полів.*файл обрізано/);
  });

  it('refuses garbage bytes, a binary file and an unclosed quote, each with a Ukrainian reason', async () => {
    expect(await failureOf(() => csvPreview(whole(garbage(2000))))).toMatch(/двійкові дані|UTF-8/);
    const noNul = Buffer.from(garbage(2000).map((b) => (b === 0 ? 1 : b)));
    expect(await failureOf(() => csvPreview(whole(noNul)))).toBe(
      'файл не є текстом у кодуванні UTF-8 (пошкоджені байти)',
    );
    expect(await failureOf(() => csvPreview(whole('a,b\n1,"2\n3,4\n')))).toMatch(/лапки в рядку \d+ не закрито/);
    expect(await failureOf(() => csvPreview(whole('')))).toBe('файл порожній');
    // The seed's CSV with a stretch of its bytes overwritten by garbage.
    const damaged = Buffer.from(monthlyGridCsv());
    garbage(300, 11).copy(damaged, 500);
    expect(await failureOf(() => csvPreview(whole(damaged)))).toMatch(/^(файл|рядок|лапки|неправильний)/);
  });

  it('reads semicolon-separated files', () => {
    const p = csvPreview(whole('дата;значення\n2020-01-01;1,5\n2020-01-02;2\n')).preview;
    expect(p.columns).toEqual(['дата', 'значення']);
    expect(p.rows).toEqual([
      ['2020-01-01', '1,5'],
      ['2020-01-02', '2'],
    ]);
  });
});

describe('NetCDF header', () => {
  it('reads the seed monthly grid: dimensions, variables with units and standard_name, attributes, coverage', async () => {
    const p = await netcdfPreview(source(monthlyGridNetcdf()));
    expect(p.format).toBe('classic format');
    expect(p.dimensions).toEqual([
      { name: 'time', size: 12, unlimited: false },
      { name: 'lat', size: 10, unlimited: false },
      { name: 'lon', size: 10, unlimited: false },
    ]);
    expect(p.variables.map((v) => v.name)).toEqual(['time', 'lat', 'lon', 'tmin', 'tmax', 'tmean', 'precip']);
    expect(p.variables.find((v) => v.name === 'lat')).toMatchObject({
      dimensions: ['lat'],
      type: 'float',
      units: 'degrees_north',
      standardName: 'latitude',
    });
    expect(p.variables.find((v) => v.name === 'tmean')).toMatchObject({
      dimensions: ['time', 'lat', 'lon'],
      units: 'degC',
      longName: 'mean air temperature',
    });
    expect(p.attributes).toContainEqual({ name: 'Conventions', value: 'CF-1.8' });
    expect(p.time).toEqual({ start: '2020-01-15', end: '2020-12-15', steps: 12 });
    // float coordinates as written (30.9), not widened to doubles (30.899999618530273)
    expect(p.bbox).toEqual({ west: 30, east: 30.9, south: 50, north: 50.9 });
  });

  it('reads the daily grid of July 2020', async () => {
    const p = await netcdfPreview(source(dailyGridNetcdf()));
    expect(p.time).toEqual({ start: '2020-07-01', end: '2020-07-31', steps: 31 });
    expect(p.attributes).toContainEqual({ name: 'frequency', value: 'day' });
  });

  it('reads only the header and a few coordinate values of a large file', async () => {
    const [nt, n] = [2000, 40];
    const bytes = writeNetcdf({
      dimensions: [
        { name: 'time', length: nt },
        { name: 'lat', length: n },
        { name: 'lon', length: n },
      ],
      attributes: { title: 'large' },
      variables: [
        {
          name: 'time',
          dimensions: ['time'],
          type: 'double',
          attributes: { units: 'hours since 2000-01-01 06:00:00', calendar: 'gregorian' },
          data: Array.from({ length: nt }, (_, i) => i * 6),
        },
        {
          name: 'lat',
          dimensions: ['lat'],
          type: 'float',
          attributes: { units: 'degrees_north' },
          data: Array.from({ length: n }, (_, i) => 52 - i * 0.25),
        },
        {
          name: 'lon',
          dimensions: ['lon'],
          type: 'float',
          attributes: { units: 'degrees_east' },
          data: Array.from({ length: n }, (_, i) => 22 + i * 0.5),
        },
        { name: 'v', dimensions: ['time', 'lat', 'lon'], type: 'float', data: new Float32Array(nt * n * n) },
      ],
    });
    expect(bytes.length).toBeGreaterThan(12 * 1024 * 1024);
    const src = source(bytes);
    const p = await netcdfPreview(src);
    expect(src.bytesRead).toBeLessThanOrEqual(64 * 1024 + 100);
    expect(p.time).toEqual({ start: '2000-01-01T06:00:00Z', end: '2001-05-15T00:00:00Z', steps: nt });
    expect(p.bbox).toEqual({ west: 22, east: 41.5, south: 42.25, north: 52 });
  });

  it('reads a record (unlimited) time dimension, built here byte by byte from the classic format specification', async () => {
    const bytes = recordFile([0, 1.5, 2], [1, 2, 3, 4, 5, 6]);
    const p = await netcdfPreview(source(bytes));
    expect(p.dimensions).toEqual([
      { name: 'time', size: 3, unlimited: true },
      { name: 'x', size: 2, unlimited: false },
    ]);
    expect(p.variables.map((v) => [v.name, v.dimensions.join(' × '), v.type, v.units])).toEqual([
      ['time', 'time', 'double', 'days since 2000-01-01'],
      ['v', 'time × x', 'float', ''],
    ]);
    expect(p.time).toEqual({ start: '2000-01-01', end: '2000-01-03', steps: 3 });
    expect(await failureOf(() => netcdfPreview(source(bytes.subarray(0, bytes.length - 4))))).toMatch(
      /^дані змінної «v» виходять за кінець файлу/,
    );
  });

  it('says a truncated copy is truncated, whether cut in its data or in its header', async () => {
    const bytes = monthlyGridNetcdf();
    const inData = await failureOf(() => netcdfPreview(source(bytes.subarray(0, bytes.length - 100))));
    expect(inData).toMatch(/^дані змінної «precip» виходять за кінець файлу \(\d+ байтів із \d+\) — файл обрізано$/);
    expect(await failureOf(() => netcdfPreview(source(bytes.subarray(0, 200))))).toBe(
      'заголовок файлу неповний — файл обрізано',
    );
  });

  it('refuses garbage bytes, a damaged header and NetCDF-4', async () => {
    expect(await failureOf(() => netcdfPreview(source(garbage(5000))))).toBe(
      'це не файл NetCDF (на початку немає підпису «CDF»)',
    );
    const damaged = Buffer.from(monthlyGridNetcdf());
    garbage(64, 3).copy(damaged, 8); // the dimension list's tag and count
    expect(await failureOf(() => netcdfPreview(source(damaged)))).toMatch(/заголовок файлу|файл обрізано|вимір/);
    const hdf = Buffer.concat([Buffer.from('\x89HDF\r\n\x1a\n', 'latin1'), garbage(100)]);
    expect(await failureOf(() => netcdfPreview(source(hdf)))).toMatch(/NetCDF-4/);
    expect(await failureOf(() => netcdfPreview(source(Buffer.alloc(0))))).toBe('файл порожній або обрізаний');
  });
});

describe('CF time units', () => {
  it('parses units and converts the standard calendars, leaving others as numbers', () => {
    expect(parseTimeUnits('days since 1946-01-01 00:00:00')).toEqual({ epoch: Date.UTC(1946, 0, 1), step: 86_400_000 });
    expect(parseTimeUnits('seconds since 1970-1-1')).toEqual({ epoch: 0, step: 1000 });
    expect(parseTimeUnits('hours since 1900-01-01T12:00Z')).toEqual({
      epoch: Date.UTC(1900, 0, 1, 12),
      step: 3_600_000,
    });
    expect(parseTimeUnits('months since 2000-01-01')).toBeNull();
    expect(parseTimeUnits('degC')).toBeNull();
    expect(timeCoverage(0, 365, 366, 'days since 2020-01-01', 'standard')).toEqual({
      start: '2020-01-01',
      end: '2020-12-31',
      steps: 366,
    });
    expect(timeCoverage(0, 364, 365, 'days since 2020-01-01', 'noleap')).toEqual({
      start: '0 days since 2020-01-01',
      end: '364 days since 2020-01-01',
      steps: 365,
    });
  });
});

describe('archive names', () => {
  it('keeps the last segment, drops control characters and numbers repeats; the manifest name stays free', () => {
    expect(archiveNames(['a.csv', 'dir/a.csv', '..', 'x\u0001y.nc', 'SHA256SUMS.txt', 'A.CSV'])).toEqual([
      'a.csv',
      'a (2).csv',
      'file',
      'xy.nc',
      'SHA256SUMS (2).txt',
      'A (3).CSV',
    ]);
  });
});

describe('float32Decimal', () => {
  it('gives a float value as the shortest decimal that reads back as the same float', () => {
    expect(float32Decimal(Math.fround(30.9))).toBe(30.9);
    expect(float32Decimal(Math.fround(-0.1))).toBe(-0.1);
    expect(float32Decimal(Math.fround(1 / 3))).toBe(0.33333334);
    expect(float32Decimal(Math.fround(16777217))).toBe(16777216);
    expect(float32Decimal(Number.NaN)).toBeNaN();
    for (const x of [Math.fround(123.456), Math.fround(1e-7), Math.fround(3.4e38)])
      expect(Math.fround(float32Decimal(x))).toBe(x);
  });
});
