/**
 * A line chart of one numeric column of a CSV preview, chosen in a select. The server renders the
 * select and the chart's text alternative; when the chart's box comes near the screen the browser
 * imports the chart (uPlot, lineChart.ts) and fetches the column's values (`datasetPreview.chart`),
 * so a page that shows no chart fetches neither, and the page carries only the table.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CsvPreview } from '../../../shared/datasetPreview';
import { trpc } from '../../lib/trpc';
import { chartSummary, defaultSeries } from './chartText';

/** Starts `load` once `el` is within 200 px of the viewport (at once without IntersectionObserver). */
function whenNear(el: Element, load: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    load();
    return () => undefined;
  }
  const io = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      load();
    },
    { rootMargin: '200px' },
  );
  io.observe(el);
  return () => io.disconnect();
}

/** Where the chart's values come from: the dataset version and the file's storage path. */
export interface ChartSource {
  slug: string;
  version?: string;
  path: string;
}

/** What a CSV file's preview and its chart are drawn from. */
export interface CsvViewProps {
  preview: CsvPreview;
  fileName: string;
  source: ChartSource;
}

export function CsvChart({ preview, fileName, source }: CsvViewProps) {
  const id = useId();
  const utils = trpc.useUtils();
  const { slug, version, path } = source;
  const box = useRef<HTMLDivElement>(null);
  const [column, setColumn] = useState(() => defaultSeries(preview)?.column ?? '');
  const series = preview.series.find((s) => s.column === column);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el || !series) return;
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    const stop = whenNear(el, () => {
      const input = { slug, ...(version ? { version } : {}), path, column: series.column };
      void Promise.all([import('./lineChart'), utils.datasetPreview.chart.fetch(input)]).then(
        ([{ drawLineChart }, data]) => {
          if (cancelled) return;
          chart = drawLineChart(el, {
            x: data.x,
            y: data.y,
            time: preview.x.kind === 'date',
            xLabel: preview.x.column ?? 'Рядок',
            yLabel: series.column,
          });
          setDrawn(true);
        },
        () => setDrawn(false),
      );
    });
    return () => {
      cancelled = true;
      stop();
      chart?.destroy();
    };
  }, [preview, series, slug, version, path, utils]);

  if (!series) return null;
  const summary = chartSummary(preview, series);
  return (
    <figure className="csv-chart">
      <label className="csv-chart-pick">
        Стовпець для графіка{' '}
        <select value={column} onChange={(e) => setColumn(e.currentTarget.value)}>
          {preview.series.map((s) => (
            <option key={s.column} value={s.column}>
              {s.column}
            </option>
          ))}
        </select>
      </label>
      <div
        ref={box}
        className="csv-chart-box"
        role="img"
        aria-labelledby={`${id}-c`}
        data-chart={drawn ? 'drawn' : 'pending'}
      />
      <figcaption id={`${id}-c`}>
        {summary} Файл: {fileName}.
      </figcaption>
    </figure>
  );
}
