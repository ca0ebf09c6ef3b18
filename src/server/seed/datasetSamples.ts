/**
 * Sample files of the data repository's datasets, made from the seed's sample data (sampleData.ts):
 * station series and station lists as CSV, and gridded fields as NetCDF classic files (netcdf.ts)
 * with CF-style coordinate variables and attributes, as gridded climate data are usually published.
 */
import { writeNetcdf, type NcVariable } from './netcdf';
import { dailySeries, gridFrom, monthlySeries, STATIONS, station, type Station } from './sampleData';

const csvLine = (values: Array<string | number>) =>
  values.map((v) => (typeof v === 'string' && /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v))).join(',');

/** The stations of the sample: WMO index, name, coordinates, elevation. */
export function stationsCsv(): string {
  return [
    csvLine(['wmo_index', 'name', 'lat', 'lon', 'elevation_m']),
    ...STATIONS.map((s) => csvLine([s.wmo, s.latin, s.lat.toFixed(2), s.lon.toFixed(2), s.elevation])),
    '',
  ].join('\n');
}

/** Monthly series (1946–2020) of the named stations, one row per station and month. */
export function monthlyStationsCsv(latins: string[]): string {
  const rows = [csvLine(['wmo_index', 'year', 'month', 'tmin_c', 'tmax_c', 'tmean_c', 'precip_mm'])];
  for (const s of latins.map(station)) {
    for (const m of monthlySeries(s)) rows.push(csvLine([s.wmo, m.year, m.month, m.tmin, m.tmax, m.tmean, m.precip]));
  }
  return [...rows, ''].join('\n');
}

/** Daily series of the named stations for a year, one row per station and day. */
export function dailyStationsCsv(latins: string[], year: number): string {
  const rows = [csvLine(['wmo_index', 'date', 'tmin_c', 'tmax_c', 'tmean_c', 'precip_mm'])];
  for (const s of latins.map(station)) {
    for (let month = 1; month <= 12; month++)
      for (const d of dailySeries(s, year, month))
        rows.push(csvLine([s.wmo, d.date, d.tmin, d.tmax, d.tmean, d.precip]));
  }
  return [...rows, ''].join('\n');
}

/** The box of the gridded samples: 1° × 1° around Kyiv, 10 × 10 cells of 0.1°. */
const BOX = { lat0: 50.0, lon0: 30.0, n: 10 };

type Field = 'tmin' | 'tmax' | 'tmean' | 'precip';
const FIELDS: Array<{ key: Field; name: string; units: string; long: string }> = [
  { key: 'tmin', name: 'tmin', units: 'degC', long: 'minimum air temperature' },
  { key: 'tmax', name: 'tmax', units: 'degC', long: 'maximum air temperature' },
  { key: 'tmean', name: 'tmean', units: 'degC', long: 'mean air temperature' },
  { key: 'precip', name: 'precip', units: 'mm', long: 'precipitation amount' },
];

/** Interpolated grids of each field for a list of time steps: values by field, C order (time, lat, lon). */
function gridded(steps: Array<(s: Station) => Record<Field, number>>): Record<Field, number[]> {
  const out: Record<Field, number[]> = { tmin: [], tmax: [], tmean: [], precip: [] };
  for (const step of steps) {
    const byStation = STATIONS.map((s) => [s, step(s)] as const);
    for (const f of FIELDS) {
      const grid = gridFrom(new Map(byStation.map(([s, v]) => [s, v[f.key]])), BOX.lat0, BOX.lon0, BOX.n, BOX.n);
      for (const row of grid.values) out[f.key].push(...row.map((v) => (f.key === 'precip' ? Math.max(0, v) : v)));
    }
  }
  return out;
}

function gridNetcdf(
  title: string,
  timeUnits: string,
  times: number[],
  fields: Record<Field, number[]>,
  frequency: string,
): Buffer {
  const lats = Array.from({ length: BOX.n }, (_, i) => Math.round((BOX.lat0 + i * 0.1) * 100) / 100);
  const lons = Array.from({ length: BOX.n }, (_, j) => Math.round((BOX.lon0 + j * 0.1) * 100) / 100);
  const variables: NcVariable[] = [
    {
      name: 'time',
      dimensions: ['time'],
      type: 'double',
      attributes: { standard_name: 'time', units: timeUnits, calendar: 'standard' },
      data: times,
    },
    {
      name: 'lat',
      dimensions: ['lat'],
      type: 'float',
      attributes: { standard_name: 'latitude', units: 'degrees_north' },
      data: lats,
    },
    {
      name: 'lon',
      dimensions: ['lon'],
      type: 'float',
      attributes: { standard_name: 'longitude', units: 'degrees_east' },
      data: lons,
    },
    ...FIELDS.map((f): NcVariable => ({
      name: f.name,
      dimensions: ['time', 'lat', 'lon'],
      type: 'float',
      attributes: { long_name: f.long, units: f.units, _FillValue: { type: 'float', values: [-9999] } },
      data: fields[f.key],
    })),
  ];
  return writeNetcdf({
    dimensions: [
      { name: 'time', length: times.length },
      { name: 'lat', length: BOX.n },
      { name: 'lon', length: BOX.n },
    ],
    attributes: {
      Conventions: 'CF-1.8',
      title,
      institution: 'Ukrainian Hydrometeorological Institute (UHMI)',
      source: 'station observations interpolated to a 0.1 degree grid',
      frequency,
      comment: 'Sample subset: 1 x 1 degree box around Kyiv',
    },
    variables,
  });
}

/** Monthly grids of 2020 for the sample box (12 × 10 × 10 cells per variable). */
export function monthlyGridNetcdf(): Buffer {
  const year = 2020;
  const steps = Array.from(
    { length: 12 },
    (_, i) => (s: Station) => monthlySeries(s).find((m) => m.year === year && m.month === i + 1)!,
  );
  const times = Array.from({ length: 12 }, (_, i) =>
    Math.round((Date.UTC(year, i, 15) - Date.UTC(1946, 0, 1)) / 86_400_000),
  );
  return gridNetcdf(
    'Gridded monthly air temperature and precipitation for Ukraine (sample, 2020)',
    'days since 1946-01-01 00:00:00',
    times,
    gridded(steps),
    'mon',
  );
}

/** Monthly grids of 2020 as CSV rows (lat, lon, year, month, values), the same numbers as the NetCDF sample. */
export function monthlyGridCsv(): string {
  const fields = gridded(
    Array.from(
      { length: 12 },
      (_, i) => (s: Station) => monthlySeries(s).find((m) => m.year === 2020 && m.month === i + 1)!,
    ),
  );
  const rows = [csvLine(['lat', 'lon', 'year', 'month', 'tmin_c', 'tmax_c', 'tmean_c', 'precip_mm'])];
  let k = 0;
  for (let month = 1; month <= 12; month++) {
    for (let i = 0; i < BOX.n; i++) {
      for (let j = 0; j < BOX.n; j++, k++) {
        rows.push(
          csvLine([
            (BOX.lat0 + i * 0.1).toFixed(1),
            (BOX.lon0 + j * 0.1).toFixed(1),
            2020,
            month,
            ...(['tmin', 'tmax', 'tmean', 'precip'] as const).map((f) => fields[f][k]!.toFixed(1)),
          ]),
        );
      }
    }
  }
  return [...rows, ''].join('\n');
}

/** Daily grids of July 2020 for the sample box (31 × 10 × 10 cells per variable). */
export function dailyGridNetcdf(): Buffer {
  const days = new Map(STATIONS.map((s) => [s, dailySeries(s, 2020, 7)]));
  const steps = Array.from({ length: 31 }, (_, d) => (s: Station) => days.get(s)![d]!);
  const times = Array.from({ length: 31 }, (_, d) =>
    Math.round((Date.UTC(2020, 6, d + 1) - Date.UTC(1946, 0, 1)) / 86_400_000),
  );
  return gridNetcdf(
    'Gridded daily air temperature and precipitation for Ukraine, ClimUAd (sample, July 2020)',
    'days since 1946-01-01 00:00:00',
    times,
    gridded(steps),
    'day',
  );
}

/** Daily values of July 2020 at the grid cell nearest Kyiv, as CSV. */
export function dailyGridCellCsv(): string {
  const fields = gridded(Array.from({ length: 31 }, (_, d) => (s: Station) => dailySeries(s, 2020, 7)[d]!));
  const cell = 4 * BOX.n + 5; // 50.4° N, 30.5° E
  const rows = [csvLine(['date', 'lat', 'lon', 'tmin_c', 'tmax_c', 'tmean_c', 'precip_mm'])];
  for (let d = 0; d < 31; d++) {
    const k = d * BOX.n * BOX.n + cell;
    rows.push(
      csvLine([
        `2020-07-${String(d + 1).padStart(2, '0')}`,
        '50.4',
        '30.5',
        ...(['tmin', 'tmax', 'tmean', 'precip'] as const).map((f) => fields[f][k]!.toFixed(1)),
      ]),
    );
  }
  return [...rows, ''].join('\n');
}
