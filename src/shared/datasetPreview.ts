/**
 * The preview payloads of a dataset's files (issue 28 item 6), made on the server
 * (server/datasetFiles/) and shown by the dataset page (client/components/datasetPreview/).
 * Pure types and constants: the client imports them.
 */

/**
 * The preview of a CSV file: the first rows as text, and what the chart needs to offer its numeric
 * columns and describe them; the plotted values come separately (`datasetPreview.chart`, CsvChartData)
 * when the chart is drawn, so the page carries no more than the table.
 */
export interface CsvPreview {
  kind: 'csv';
  /** Column names (the header row). */
  columns: string[];
  /** The first rows (at most CSV_TABLE_ROWS), cells as written. */
  rows: string[][];
  /** Rows read for the chart (a bounded prefix of the file). */
  rowCount: number;
  /** Whether the file has more rows than were read. */
  partial: boolean;
  /**
   * The chart's x axis: `date` when a column holds ascending ISO dates (`first` and `last` in
   * seconds since the epoch, UTC), else `row` (row numbers 1 to rowCount).
   */
  x: { kind: 'date' | 'row'; column: string | null; first: number; last: number };
  /** Columns whose cells are all numbers (empty cells are gaps), in file order, with their least, greatest and mean values. */
  series: CsvSeriesSummary[];
}

export interface CsvSeriesSummary {
  column: string;
  /** null when the column has no value in the rows read. */
  min: number | null;
  max: number | null;
  mean: number | null;
  /** Empty cells. */
  gaps: number;
}

/** The values of one chart: x as in CsvPreview['x'] (seconds or row numbers), y with null for gaps. */
export interface CsvChartData {
  x: number[];
  y: Array<number | null>;
}

/** The header of a NetCDF classic file, and the coverage read from its coordinate variables. */
export interface NetcdfPreview {
  kind: 'netcdf';
  /** 'classic format' (CDF-1) or '64-bit offset format' (CDF-2). */
  format: string;
  dimensions: Array<{ name: string; size: number; unlimited: boolean }>;
  variables: Array<{
    name: string;
    dimensions: string[];
    type: string;
    units: string;
    standardName: string;
    longName: string;
  }>;
  /** Global attributes, values as text (numbers joined with ', '). */
  attributes: Array<{ name: string; value: string }>;
  /** First and last time (ISO date or date-time, UTC) or, for calendars not converted, the raw values with their units. */
  time: { start: string; end: string; steps: number } | null;
  /** Decimal degrees from the latitude and longitude coordinate variables. */
  bbox: { west: number; east: number; south: number; north: number } | null;
}

/** A file that could not be read: `message` is Ukrainian and starts with «Не вдалося прочитати файл: ». */
export interface PreviewError {
  kind: 'error';
  message: string;
}

/** One previewable file of a dataset version. */
export interface FilePreview {
  /** The storage path of the file (its FileRef.path). */
  path: string;
  name: string;
  format: 'csv' | 'netcdf';
  preview: CsvPreview | NetcdfPreview | PreviewError;
}

/** Rows the CSV table shows. */
export const CSV_TABLE_ROWS = 20;

/** The start of every preview error message. */
export const PREVIEW_ERROR_PREFIX = 'Не вдалося прочитати файл: ';

/** «Завантажити все»: the ZIP of a dataset version's files (the current version without `version`). */
export function datasetZipPath(slug: string, version?: string): string {
  const path = `/api/data_repo/${encodeURIComponent(slug)}/files.zip`;
  return version ? `${path}?version=${encodeURIComponent(version)}` : path;
}
