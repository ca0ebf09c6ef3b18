/**
 * The seed's cover images, drawn in code as SVG (16:9, 1200 × 675): charts of the repository's
 * sample data (sampleData.ts), schematic maps of Ukraine with stations, rivers and seas, a timeline
 * and a journal cover. Every drawing has a title set in the picture; the page's alt text (declared
 * with the seed document) says what it shows.
 */
import { annualAnomalies, monthlySeries, MONTHS_UK, normals, STATIONS, station, type Station } from '../sampleData';
import { points, svgDocument, text, wrap, type Drawing } from './svg';
import { fitUkraine, RIVERS, UKRAINE_BORDER, type LonLat, type Projection } from './ukraine';

export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 675;

const INK = '#1d2b3a';
const MUTED = '#5a6b7b';
const BLUE = '#1f5fa8';
const RED = '#c2412d';
const GRID = '#d9e2ea';
const SOURCE = 'УкрГМІ · приклад даних репозитарію';
const MAP_SOURCE = 'УкрГМІ · схематична карта';

/** Title, subtitle and source line around a plot; returns the plot box. */
function frame(
  title: string,
  subtitle: string,
  body: (box: { x: number; y: number; w: number; h: number }) => string,
  background = '#f7fafc',
  source: string | null = SOURCE,
): Drawing {
  const titleLines = wrap(title, COVER_WIDTH - 96, 38, true).slice(0, 2);
  let y = 70;
  const head = titleLines.map((line, i) => text(line, 48, y + i * 46, { size: 38, bold: true, fill: INK })).join('');
  y += (titleLines.length - 1) * 46 + 38;
  const subLines = subtitle ? wrap(subtitle, COVER_WIDTH - 96, 22).slice(0, 2) : [];
  const sub = subLines.map((line, i) => text(line, 48, y + i * 28, { size: 22, fill: MUTED })).join('');
  const top = y + 28 * Math.max(subLines.length, 1) + 4;
  const box = { x: 48, y: top, w: COVER_WIDTH - 96, h: COVER_HEIGHT - top - 84 };
  const foot = source
    ? text(source, COVER_WIDTH - 48, COVER_HEIGHT - 18, { size: 16, fill: MUTED, anchor: 'end' })
    : '';
  return svgDocument(COVER_WIDTH, COVER_HEIGHT, head + sub + body(box) + foot, background);
}

/** Axis ticks and grid lines for a value range. */
function yAxis(
  box: { x: number; y: number; w: number; h: number },
  min: number,
  max: number,
  step: number,
  y: (v: number) => number,
  unit: string,
): string {
  const out: string[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + 1e-9; v += step) {
    const py = y(v);
    out.push(
      `<line x1="${box.x + 56}" x2="${box.x + box.w}" y1="${py.toFixed(1)}" y2="${py.toFixed(1)}" stroke="${GRID}" stroke-width="1"/>`,
    );
    out.push(
      text(`${Number(v.toFixed(1)).toLocaleString('uk-UA')}${unit}`, box.x + 48, py + 6, {
        size: 16,
        fill: MUTED,
        anchor: 'end',
      }),
    );
  }
  return out.join('');
}

/** Annual temperature anomalies of a station against 1961–1990, as red and blue bars. */
export function anomalyBars(latin: string, title: string): Drawing {
  const s = station(latin);
  const data = annualAnomalies(s);
  return frame(
    title,
    `${s.name}: відхилення середньої річної температури повітря від норми 1961–1990 рр., °C`,
    (box) => {
      const plotX = box.x + 60;
      const plotW = box.w - 60;
      const max = 3;
      const y = (v: number) => box.y + box.h / 2 - (v / max) * (box.h / 2);
      const bw = plotW / data.length;
      const bars = data
        .map((d, i) => {
          const top = Math.min(y(d.anomaly), y(0));
          const h = Math.abs(y(d.anomaly) - y(0));
          return `<rect x="${(plotX + i * bw + 1).toFixed(1)}" y="${top.toFixed(1)}" width="${(bw - 2).toFixed(1)}" height="${Math.max(h, 1).toFixed(1)}" fill="${d.anomaly >= 0 ? RED : BLUE}"/>`;
        })
        .join('');
      const labels = [1950, 1970, 1990, 2010]
        .map((year) =>
          text(String(year), plotX + (year - 1946 + 0.5) * bw, box.y + box.h + 24, {
            size: 16,
            fill: MUTED,
            anchor: 'middle',
          }),
        )
        .join('');
      return (
        yAxis(box, -max, max, 1, y, '°') +
        bars +
        `<line x1="${plotX}" x2="${plotX + plotW}" y1="${y(0)}" y2="${y(0)}" stroke="${INK}"/>` +
        labels
      );
    },
  );
}

/** «Warming stripes»: one stripe per year from blue (cool) to red (warm), with a caption band. */
export function warmingStripes(latin: string, title: string): Drawing {
  const s = station(latin);
  const data = annualAnomalies(s);
  const colour = (a: number) => {
    const t = Math.max(-1, Math.min(1, a / 2));
    const mix = (from: number[], to: number[], k: number) => from.map((c, i) => Math.round(c + (to[i]! - c) * k));
    const [r, g, b] = t < 0 ? mix([247, 251, 255], [8, 69, 148], -t) : mix([255, 245, 240], [165, 15, 21], t);
    return `rgb(${r},${g},${b})`;
  };
  const w = COVER_WIDTH / data.length;
  const stripes = data
    .map(
      (d, i) =>
        `<rect x="${(i * w).toFixed(2)}" y="0" width="${(w + 0.6).toFixed(2)}" height="${COVER_HEIGHT}" fill="${colour(d.anomaly)}"/>`,
    )
    .join('');
  const band = `<rect x="0" y="${COVER_HEIGHT - 132}" width="${COVER_WIDTH}" height="132" fill="#ffffff" fill-opacity="0.9"/>`;
  const caption =
    text(title, 48, COVER_HEIGHT - 78, { size: 34, bold: true, fill: INK }) +
    text(
      `${s.name}, ${data[0]!.year}–${data[data.length - 1]!.year}: кожна смуга — один рік, від холодних (сині) до теплих (червоні)`,
      48,
      COVER_HEIGHT - 38,
      { size: 20, fill: MUTED },
    );
  return svgDocument(COVER_WIDTH, COVER_HEIGHT, stripes + band + caption);
}

/** Climograph: monthly precipitation bars and the mean temperature line of 1991–2020 at a station. */
export function climograph(latin: string, title: string): Drawing {
  const s = station(latin);
  const data = normals(s);
  return frame(
    title,
    `${s.name}, середні за 1991–2020 рр.: опади (стовпчики, мм) і температура повітря (лінія, °C)`,
    (box) => {
      const plotX = box.x + 60;
      const plotW = box.w - 120;
      const pMax = 120;
      const tMin = -10;
      const tMax = 30;
      const yp = (v: number) => box.y + box.h - (v / pMax) * box.h;
      const yt = (v: number) => box.y + box.h - ((v - tMin) / (tMax - tMin)) * box.h;
      const bw = plotW / 12;
      const bars = data
        .map(
          (d, i) =>
            `<rect x="${(plotX + i * bw + 8).toFixed(1)}" y="${yp(d.precip).toFixed(1)}" width="${(bw - 16).toFixed(1)}" height="${(box.y + box.h - yp(d.precip)).toFixed(1)}" fill="#7fb3e0"/>`,
        )
        .join('');
      const line = `<polyline fill="none" stroke="${RED}" stroke-width="5" stroke-linejoin="round" points="${points(data.map((d, i) => [plotX + (i + 0.5) * bw, yt(d.tmean)]))}"/>`;
      const dots = data
        .map(
          (d, i) =>
            `<circle cx="${(plotX + (i + 0.5) * bw).toFixed(1)}" cy="${yt(d.tmean).toFixed(1)}" r="7" fill="${RED}"/>`,
        )
        .join('');
      const months = data
        .map((_, i) =>
          text(MONTHS_UK[i]!.slice(0, 3), plotX + (i + 0.5) * bw, box.y + box.h + 24, {
            size: 16,
            fill: MUTED,
            anchor: 'middle',
          }),
        )
        .join('');
      const right = [-10, 0, 10, 20, 30]
        .map((v) => text(`${v}°`, plotX + plotW + 12, yt(v) + 6, { size: 16, fill: RED }))
        .join('');
      return yAxis(box, 0, pMax, 30, yp, '') + bars + line + dots + months + right;
    },
  );
}

/**
 * Observed annual temperature anomaly for Ukraine (mean of the sample stations, 1946–2020) and two
 * projected ranges to 2100 (a moderate and a high-emission scenario, drawn as widening bands).
 */
export function projectionChart(title: string): Drawing {
  const series = STATIONS.map((s) => annualAnomalies(s));
  const observed = series[0]!.map((d, i) => ({
    year: d.year,
    anomaly: series.reduce((a, st) => a + st[i]!.anomaly, 0) / series.length,
  }));
  return frame(title, 'Середня річна температура повітря в Україні: відхилення від норми 1961–1990 рр., °C', (box) => {
    const plotX = box.x + 60;
    const plotW = box.w - 60;
    const x = (year: number) => plotX + ((year - 1946) / (2100 - 1946)) * plotW;
    const y = (v: number) => box.y + box.h - ((v + 1) / 8) * box.h;
    const band = (rate: number, spread: number, fill: string) => {
      const years = Array.from({ length: 81 }, (_, i) => 2020 + i);
      const centre = (yr: number) => 1.9 + rate * (yr - 2020);
      const upper = years.map((yr): [number, number] => [x(yr), y(centre(yr) + spread * ((yr - 2015) / 85))]);
      const lower = years.map((yr): [number, number] => [x(yr), y(centre(yr) - spread * ((yr - 2015) / 85))]).reverse();
      return `<polygon fill="${fill}" fill-opacity="0.35" points="${points([...upper, ...lower])}"/><polyline fill="none" stroke="${fill}" stroke-width="4" points="${points(years.map((yr) => [x(yr), y(centre(yr))]))}"/>`;
    };
    const obs = `<polyline fill="none" stroke="${INK}" stroke-width="3" points="${points(observed.map((d) => [x(d.year), y(d.anomaly)]))}"/>`;
    const years = [1950, 1980, 2010, 2040, 2070, 2100]
      .map((yr) => text(String(yr), x(yr), box.y + box.h + 24, { size: 16, fill: MUTED, anchor: 'middle' }))
      .join('');
    const legend =
      text('спостереження', x(1950), y(4.2), { size: 20, fill: INK }) +
      text('помірний сценарій', x(2062), y(1.2), { size: 20, fill: '#2f7d4f' }) +
      text('високий сценарій', x(2030), y(5.4), { size: 20, fill: RED });
    return yAxis(box, -1, 7, 1, y, '°') + band(0.018, 0.8, '#2f7d4f') + band(0.045, 1.1, RED) + obs + years + legend;
  });
}

/** Schematic map: Ukraine's outline, rivers, and the sample stations (optionally some highlighted and named). */
export function stationMap(
  title: string,
  options: { highlight?: string[]; subtitle?: string; seas?: boolean } = {},
): Drawing {
  return frame(
    title,
    options.subtitle ?? 'Метеорологічні станції вибірки на схематичній карті України',
    (box) => map(box, options.highlight ?? [], options.seas ?? false),
    options.seas ? '#eaf3fb' : '#f7fafc',
    MAP_SOURCE,
  );
}

function map(box: { x: number; y: number; w: number; h: number }, highlight: string[], seas: boolean): string {
  const project = fitUkraine(box.x, box.y, box.w, box.h);
  const outline = `<polygon points="${points(UKRAINE_BORDER.map(project))}" fill="${seas ? '#ffffff' : '#e4eef7'}" stroke="${BLUE}" stroke-width="3" stroke-linejoin="round"/>`;
  const rivers = Object.values(RIVERS)
    .map(
      (r) =>
        `<polyline fill="none" stroke="#4f93d2" stroke-width="${(project.scale / 30).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round" points="${points(r.map(project))}"/>`,
    )
    .join('');
  const seaLabels = seas
    ? text('Чорне море', ...project([31.0, 44.9]), { size: 26, fill: BLUE, anchor: 'middle' }) +
      text('Азовське море', ...project([37.0, 46.15]), { size: 22, fill: BLUE, anchor: 'middle' })
    : '';
  const stations = STATIONS.map((s) => stationDot(project, s, highlight.includes(s.latin))).join('');
  return outline + rivers + seaLabels + stations;
}

function stationDot(project: Projection, s: Station, marked: boolean): string {
  const [x, y] = project([s.lon, s.lat]);
  const dot = `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${marked ? 11 : 7}" fill="${marked ? RED : INK}" stroke="#ffffff" stroke-width="3"/>`;
  // Names east of 37° E and on the coast go to the left of the dot, where there is room.
  const left = s.lon > 37 || s.latin === 'Odesa';
  return marked
    ? dot +
        text(s.name, left ? x - 16 : x + 16, y - 10, {
          size: 20,
          bold: true,
          fill: INK,
          anchor: left ? 'end' : 'start',
        })
    : dot;
}

/** Map of the main river basins: each river in its own colour with its name. */
export function riverMap(title: string, subtitle: string): Drawing {
  const names: Record<keyof typeof RIVERS, [string, LonLat, string]> = {
    dnipro: ['Дніпро', [32.9, 49.35], '#1f5fa8'],
    dniester: ['Дністер', [25.4, 48.35], '#7a3fa0'],
    southernBug: ['Південний Буг', [28.6, 48.6], '#2f7d4f'],
    desna: ['Десна', [32.2, 51.85], '#b3621b'],
    siverskyiDonets: ['Сіверський Донець', [37.6, 49.55], '#c2412d'],
    danube: ['Дунай', [28.8, 45.05], '#0f7c8c'],
  };
  return frame(
    title,
    subtitle,
    (box) => {
      const project = fitUkraine(box.x, box.y, box.w, box.h);
      const outline = `<polygon points="${points(UKRAINE_BORDER.map(project))}" fill="#eef4f9" stroke="#8aa4bd" stroke-width="2"/>`;
      const rivers = (Object.keys(RIVERS) as Array<keyof typeof RIVERS>)
        .map((key) => {
          const [name, at, colour] = names[key];
          const line = `<polyline fill="none" stroke="${colour}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round" points="${points(RIVERS[key].map(project))}"/>`;
          return line + text(name, ...project(at), { size: 20, bold: true, fill: colour, anchor: 'middle' });
        })
        .join('');
      return outline + rivers;
    },
    '#f7fafc',
    MAP_SOURCE,
  );
}

/** Share of monthly values available in electronic form by decade, before and after digitising paper records. */
export function dataRescueChart(title: string): Drawing {
  const decades = [1940, 1950, 1960, 1970, 1980, 1990, 2000, 2010];
  const before = [38, 52, 71, 86, 93, 97, 99, 100];
  const after = [81, 92, 96, 98, 99, 99.5, 100, 100];
  return frame(
    title,
    'Частка значень у електронному вигляді за десятиліттями, %: до оцифрування (світлі) і після (темні)',
    (box) => {
      const plotX = box.x + 60;
      const plotW = box.w - 60;
      const y = (v: number) => box.y + box.h - (v / 100) * box.h;
      const gw = plotW / decades.length;
      const bars = decades
        .map((d, i) => {
          const x0 = plotX + i * gw + 14;
          const bw = (gw - 28) / 2;
          return (
            `<rect x="${x0.toFixed(1)}" y="${y(before[i]!).toFixed(1)}" width="${bw.toFixed(1)}" height="${(box.y + box.h - y(before[i]!)).toFixed(1)}" fill="#9cc3e6"/>` +
            `<rect x="${(x0 + bw).toFixed(1)}" y="${y(after[i]!).toFixed(1)}" width="${bw.toFixed(1)}" height="${(box.y + box.h - y(after[i]!)).toFixed(1)}" fill="${BLUE}"/>` +
            text(
              `${d === 1940 ? '1946' : d}–${d === 2010 ? '2020' : String(d + 9).slice(2)}`,
              x0 + bw,
              box.y + box.h + 24,
              { size: 16, fill: MUTED, anchor: 'middle' },
            )
          );
        })
        .join('');
      return yAxis(box, 0, 100, 20, y, '%') + bars;
    },
  );
}

/**
 * Hydrothermal coefficient (Selianinov: precipitation divided by a tenth of the sum of daily mean
 * temperatures above 10 °C) for May–August of each year at a station, from the monthly sample.
 */
export function htcChart(latin: string, title: string): Drawing {
  const s = station(latin);
  const months = monthlySeries(s).filter((m) => m.month >= 5 && m.month <= 8 && m.year >= 1991);
  const years = [...new Set(months.map((m) => m.year))];
  const htc = years.map((year) => {
    const of = months.filter((m) => m.year === year);
    const p = of.reduce((a, m) => a + m.precip, 0);
    const t = of.reduce((a, m) => a + m.tmean * 30.75, 0);
    return { year, value: Math.round((p / (t / 10)) * 100) / 100 };
  });
  return frame(title, `${s.name}: гідротермічний коефіцієнт Селянінова за травень–серпень, 1991–2020 рр.`, (box) => {
    const plotX = box.x + 60;
    const plotW = box.w - 60;
    const y = (v: number) => box.y + box.h - (v / 2) * box.h;
    const bw = plotW / htc.length;
    const bars = htc
      .map(
        (d, i) =>
          `<rect x="${(plotX + i * bw + 3).toFixed(1)}" y="${y(d.value).toFixed(1)}" width="${(bw - 6).toFixed(1)}" height="${(box.y + box.h - y(d.value)).toFixed(1)}" fill="${d.value < 0.7 ? '#d08a2b' : d.value > 1.3 ? '#2f7d4f' : '#8bb174'}"/>`,
      )
      .join('');
    const labels = [1991, 2000, 2010, 2020]
      .map((yr) =>
        text(String(yr), plotX + (yr - 1991 + 0.5) * bw, box.y + box.h + 24, {
          size: 16,
          fill: MUTED,
          anchor: 'middle',
        }),
      )
      .join('');
    const dry =
      `<line x1="${plotX}" x2="${plotX + plotW}" y1="${y(0.7)}" y2="${y(0.7)}" stroke="#d08a2b" stroke-dasharray="10 8" stroke-width="2"/>` +
      text('посушливо', plotX + plotW - 8, y(0.7) - 10, { size: 18, fill: '#a5661b', anchor: 'end' });
    return yAxis(box, 0, 2, 0.5, y, '') + bars + dry + labels;
  });
}

/** A timeline of the hydrometeorological service and the institute (facts from the seed's reference). */
export function timeline(title: string): Drawing {
  const events: Array<[number, string]> = [
    [1921, 'заснування гідрометслужби'],
    [1953, 'відділ агрометеорології'],
    [2012, 'нова назва: УкрГМІ'],
    [2021, '100 років службі'],
    [2026, '105 років'],
    [2030, 'Стратегія до 2030'],
  ];
  return frame(
    title,
    'Віхи гідрометеорологічної служби України та інституту',
    (box) => {
      const step = box.w / events.length;
      const axisY = box.y + box.h / 2;
      const axis = `<line x1="${box.x}" x2="${box.x + box.w}" y1="${axisY}" y2="${axisY}" stroke="${BLUE}" stroke-width="6" stroke-linecap="round"/>`;
      const marks = events
        .map(([year, label], i) => {
          const up = i % 2 === 0;
          const px = box.x + step * (i + 0.5);
          const ly = up ? axisY - 86 : axisY + 80;
          const lines = wrap(label, step * 1.8, 20);
          return (
            `<line x1="${px}" x2="${px}" y1="${axisY}" y2="${up ? axisY - 40 : axisY + 40}" stroke="${MUTED}" stroke-width="2"/>` +
            `<circle cx="${px}" cy="${axisY}" r="13" fill="${year === 2026 ? RED : BLUE}" stroke="#fff" stroke-width="4"/>` +
            text(String(year), px, up ? ly - 26 * (lines.length - 1) : ly, {
              size: 34,
              bold: true,
              fill: year === 2026 ? RED : INK,
              anchor: 'middle',
            }) +
            lines
              .map((line, k) =>
                text(line, px, (up ? ly - 26 * (lines.length - 1) : ly) + 32 + k * 26, {
                  size: 20,
                  fill: MUTED,
                  anchor: 'middle',
                }),
              )
              .join('')
          );
        })
        .join('');
      return axis + marks;
    },
    '#f7fafc',
    'УкрГМІ',
  );
}

/** A journal cover: the journal's name, the issue and a small station map. */
export function journalCover(year: number, number: number, volume: number): Drawing {
  const body =
    `<rect x="0" y="0" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="#123f6d"/>` +
    `<rect x="40" y="40" width="${COVER_WIDTH - 80}" height="${COVER_HEIGHT - 80}" fill="none" stroke="#8fb8df" stroke-width="2"/>` +
    text('Метеорологія. Гідрологія.', 90, 150, { size: 50, bold: true, fill: '#ffffff' }) +
    text('Моніторинг довкілля', 90, 214, { size: 50, bold: true, fill: '#ffffff' }) +
    text('Науковий журнал Українського гідрометеорологічного інституту', 90, 268, { size: 22, fill: '#cfe0f1' }) +
    text(`Том ${volume} · № ${number} · ${year}`, 90, 560, { size: 40, bold: true, fill: '#ffd34d' }) +
    `<g opacity="0.9">${mapMini(740, 300, 400, 290)}</g>`;
  return svgDocument(COVER_WIDTH, COVER_HEIGHT, body, '#123f6d');
}

function mapMini(x: number, y: number, w: number, h: number): string {
  const project = fitUkraine(x, y, w, h);
  return (
    `<polygon points="${points(UKRAINE_BORDER.map(project))}" fill="#1f5fa8" stroke="#8fb8df" stroke-width="2"/>` +
    Object.values(RIVERS)
      .map((r) => `<polyline fill="none" stroke="#8fb8df" stroke-width="2" points="${points(r.map(project))}"/>`)
      .join('') +
    STATIONS.map((s) => {
      const [cx, cy] = project([s.lon, s.lat]);
      return `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="4" fill="#ffd34d"/>`;
    }).join('')
  );
}
