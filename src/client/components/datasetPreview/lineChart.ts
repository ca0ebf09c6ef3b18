/**
 * The CSV preview's line chart, drawn with uPlot (https://github.com/leeoniya/uPlot, MIT). Loaded
 * only by CsvChart's dynamic import, so its code is a chunk of its own that only dataset pages
 * fetch (tests/integration/bundle-budget.test.ts checks that no other page loads it).
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 260;
const MONTHS = ['січ', 'лют', 'бер', 'кві', 'тра', 'чер', 'лип', 'сер', 'вер', 'жов', 'лис', 'гру'];
const DAYS = ['нд', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

export interface LineChartData {
  /** x values: seconds since the epoch (`time`) or row numbers. */
  x: number[];
  y: Array<number | null>;
  /** Whether x holds dates (shown in UTC). */
  time: boolean;
  xLabel: string;
  yLabel: string;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Tick labels of a date axis in Ukrainian order: «01.07» over days, «07.2020» over months, «2020» over years. */
function dateTicks(splits: number[]): string[] {
  const span = splits.length > 1 ? splits[splits.length - 1]! - splits[0]! : 0;
  return splits.map((s) => {
    const d = new Date(s * 1000);
    const [day, month, year] = [two(d.getUTCDate()), two(d.getUTCMonth() + 1), d.getUTCFullYear()];
    if (span > 3 * 365 * 86_400) return String(year);
    return span > 90 * 86_400 ? `${month}.${year}` : `${day}.${month}`;
  });
}

/** A date (seconds, UTC) as ISO text, for the legend. */
const isoDate = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** Draws the chart into `el` (its width, resized with it); `destroy` removes it. */
export function drawLineChart(el: HTMLElement, data: LineChartData): { destroy(): void } {
  const chart = new uPlot(
    {
      width: Math.max(280, el.clientWidth),
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      fmtDate: (tpl) => uPlot.fmtDate(tpl, { MMM: MONTHS, MMMM: MONTHS, WWW: DAYS, WWWW: DAYS }),
      scales: { x: { time: data.time } },
      series: [
        {
          label: data.xLabel,
          value: (_u, v: number | null) => (v === null ? '–' : data.time ? isoDate(v) : String(v)),
        },
        { label: data.yLabel, stroke: '#0f62a8', width: 2, points: { show: data.x.length <= 60 } },
      ],
      axes: [
        data.time ? { stroke: '#4f5b69', values: (_u, splits) => dateTicks(splits) } : { stroke: '#4f5b69' },
        { stroke: '#4f5b69', size: 60 },
      ],
      cursor: { drag: { x: false, y: false } },
    },
    [data.x, data.y],
    el,
  );
  const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
  resize.observe(el);
  return {
    destroy() {
      resize.disconnect();
      chart.destroy();
    },
  };
}
