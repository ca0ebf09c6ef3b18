/**
 * Texts of the CSV chart, the same on the server and in the browser (no Intl: numbers are written
 * here, with a decimal comma and a real minus sign): the default column and the chart's text
 * alternative.
 */
import type { CsvPreview } from '../../../shared/datasetPreview';

type Series = CsvPreview['series'][number];

/** A number as Ukrainian text: at most `digits` decimals, decimal comma, «−» for minus. */
export function formatNumber(value: number, digits = 2): string {
  const text = String(Number(value.toFixed(digits)));
  return text.replace('-', '−').replace('.', ',');
}

/** `n` with the Ukrainian form of a word for it: forms for 1, 2–4 and 5+ («1 файл», «3 файли», «12 файлів»). */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const [ten, hundred] = [n % 10, n % 100];
  const form = ten === 1 && hundred !== 11 ? 0 : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14) ? 1 : 2;
  return `${n} ${forms[form]}`;
}

/** Columns that say where or when a row is (coordinates, date parts, station ids) rather than a measured value. */
const KEY_COLUMN = /^(lat(itude)?|lon(gitude)?|x|y|year|month|day|hour|id|index|wmo(_index)?|station(_id)?)$/i;

/**
 * The column shown first: the first measured one (not a coordinate, date part or id) whose values
 * are not all the same; else the first that varies; else the first.
 */
export function defaultSeries(preview: CsvPreview): Series | undefined {
  const varies = preview.series.filter((s) => s.min !== null && s.min !== s.max);
  return varies.find((s) => !KEY_COLUMN.test(s.column)) ?? varies[0] ?? preview.series[0];
}

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The chart's text alternative: what is plotted over which rows, and its least, greatest and mean values. */
export function chartSummary(preview: CsvPreview, series: Series): string {
  const { x } = preview;
  const over = x.kind === 'date' ? `з ${isoDay(x.first)} по ${isoDay(x.last)}` : `у рядках 1–${preview.rowCount}`;
  if (series.min === null || series.max === null || series.mean === null) {
    return `Стовпець «${series.column}» ${over} не має значень.`;
  }
  return (
    `Лінійний графік стовпця «${series.column}» ${over}: найменше значення ${formatNumber(series.min)}, ` +
    `найбільше ${formatNumber(series.max)}, середнє ${formatNumber(series.mean)}` +
    (series.gaps ? `; порожніх значень: ${series.gaps}.` : '.')
  );
}
