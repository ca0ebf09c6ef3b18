/**
 * A line chart of one numeric column of a CSV preview, chosen in a select. The server renders the
 * select and the chart's text alternative; the chart itself (uPlot, lineChart.ts) is imported when
 * its box comes near the screen, so a page that shows no chart never fetches its code.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { CsvPreview } from '../../../shared/datasetPreview';
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

export function CsvChart({ preview, fileName }: { preview: CsvPreview; fileName: string }) {
  const id = useId();
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
      void import('./lineChart').then(({ drawLineChart }) => {
        if (cancelled) return;
        chart = drawLineChart(el, {
          x: preview.x.values,
          y: series.values,
          time: preview.x.kind === 'date',
          xLabel: preview.x.column ?? 'Рядок',
          yLabel: series.column,
        });
        setDrawn(true);
      });
    });
    return () => {
      cancelled = true;
      stop();
      chart?.destroy();
    };
  }, [preview, series]);

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
