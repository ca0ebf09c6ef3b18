/**
 * The seed's PDFs, typeset with the server's PDF primitives (`server/pdf/`: pdf-lib, DejaVu Sans
 * embedded, so Ukrainian text is real text that can be searched and copied). A PDF is made from the
 * seed document that holds it: title, authors and affiliations, the summary as the abstract,
 * keywords and the body's headings, paragraphs and list items. Scholarly PDFs (theses and
 * publications) add, on a page of their own, a figure drawn from the repository's sample data, a
 * table of the station's 1991–2020 monthly means, and references, so they always have several pages.
 */
import { rgb } from 'pdf-lib';
import { drawArticle, type ArticleText } from '../pdf/article';
import { createPdf, INSTITUTE, numberPages, pdfBytes, writerOf } from '../pdf/document';
import { A4, BLUE, MARGIN, MUTED, INK, RED, RULE, type Writer } from '../pdf/writer';
import { annualAnomalies, MONTHS_UK, normals, station, STATIONS } from './sampleData';
import type { PdfFigure } from './types';

/** What a seed PDF shows: an article's text, and for scholarly works a page of figure and references. */
export interface PdfContent extends ArticleText {
  /** Figure, table and references on their own page. */
  scholarly: boolean;
  figure?: PdfFigure;
  /** Publication year (document metadata and the header line). */
  year?: number;
}

/** Real works on the methods the seed's texts discuss. */
const REFERENCES = [
  'Skrynyk O. et al. Dataset of gridded time series of monthly air temperature (min, max, mean) and atmospheric precipitation for Ukraine covering the period of 1946–2020. Data in Brief. 2022. Vol. 44. 108553. https://doi.org/10.1016/j.dib.2022.108553',
  'Mestre O. et al. HOMER: a homogenization software – methods and applications. Időjárás. 2013. Vol. 117, No. 1. P. 47–67.',
  'Szentimrey T., Bihari Z. Mathematical background of the spatial interpolation methods and the software MISH. Proceedings of the Conference on Spatial Interpolation in Climatology and Meteorology. Budapest, 2004.',
  'WMO Guidelines on the Calculation of Climate Normals. WMO-No. 1203. Geneva: World Meteorological Organization, 2017. 29 p.',
  'Настанова гідрометеорологічним станціям і постам. Випуск 3. Частина 1. Метеорологічні спостереження на станціях. Київ: Ніка-Центр, 2011. 280 с.',
];

/** Annual anomalies of a station as bars, in a box (points) on the current page. */
function drawAnomalyFigure(w: Writer, latin: string): string {
  const s = station(latin);
  const data = annualAnomalies(s);
  const x0 = MARGIN + 30;
  const width = A4[0] - 2 * MARGIN - 30;
  const height = 200;
  w.ensure(height + 60);
  const top = w.y - 10;
  const zero = top - height / 2;
  const scale = height / 2 / 3;
  for (let v = -3; v <= 3; v++) {
    w.page.drawLine({
      start: { x: x0, y: zero + v * scale },
      end: { x: x0 + width, y: zero + v * scale },
      thickness: 0.4,
      color: RULE,
    });
    w.page.drawText(`${v}°`, { x: MARGIN, y: zero + v * scale - 3, size: 8, font: w.regular, color: MUTED });
  }
  const bw = width / data.length;
  data.forEach((d, i) => {
    const h = d.anomaly * scale;
    w.page.drawRectangle({
      x: x0 + i * bw + 0.5,
      y: h >= 0 ? zero : zero + h,
      width: bw - 1,
      height: Math.max(Math.abs(h), 0.5),
      color: d.anomaly >= 0 ? RED : BLUE,
    });
  });
  for (const year of [1950, 1970, 1990, 2010]) {
    w.page.drawText(String(year), {
      x: x0 + (year - 1946) * bw - 8,
      y: top - height - 14,
      size: 8,
      font: w.regular,
      color: MUTED,
    });
  }
  w.y = top - height - 24;
  return `Рисунок 1. Відхилення середньої річної температури повітря від норми 1961–1990 рр., ${s.name}, °C (приклад даних репозитарію інституту)`;
}

/** Monthly precipitation (bars) at a station, 1991–2020 means. */
function drawPrecipFigure(w: Writer, latin: string): string {
  const s = station(latin);
  const data = normals(s);
  const x0 = MARGIN + 30;
  const width = A4[0] - 2 * MARGIN - 30;
  const height = 180;
  w.ensure(height + 60);
  const base = w.y - 10 - height;
  const scale = height / 100;
  for (let v = 0; v <= 100; v += 20) {
    w.page.drawLine({
      start: { x: x0, y: base + v * scale },
      end: { x: x0 + width, y: base + v * scale },
      thickness: 0.4,
      color: RULE,
    });
    w.page.drawText(String(v), { x: MARGIN, y: base + v * scale - 3, size: 8, font: w.regular, color: MUTED });
  }
  const bw = width / 12;
  data.forEach((d, i) => {
    w.page.drawRectangle({
      x: x0 + i * bw + 6,
      y: base,
      width: bw - 12,
      height: d.precip * scale,
      color: rgb(0.5, 0.7, 0.88),
    });
    w.page.drawText(MONTHS_UK[i]!.slice(0, 3), {
      x: x0 + i * bw + bw / 2 - 8,
      y: base - 14,
      size: 8,
      font: w.regular,
      color: MUTED,
    });
  });
  w.y = base - 24;
  return `Рисунок 1. Середня місячна кількість опадів за 1991–2020 рр., ${s.name}, мм (приклад даних репозитарію інституту)`;
}

/** The stations of the sample as a table. */
function drawStationsTable(w: Writer): string {
  const cols = [MARGIN, MARGIN + 70, MARGIN + 220, MARGIN + 300, MARGIN + 380];
  const head = ['Індекс ВМО', 'Станція', 'Широта', 'Довгота', 'Висота, м'];
  w.ensure(30);
  w.y -= 14;
  head.forEach((h, i) => w.page.drawText(h, { x: cols[i]!, y: w.y, size: 9, font: w.bold, color: INK }));
  for (const s of STATIONS) {
    w.ensure(14);
    w.y -= 13;
    [s.wmo, s.name, s.lat.toFixed(2), s.lon.toFixed(2), String(s.elevation)].forEach((v, i) =>
      w.page.drawText(v, { x: cols[i]!, y: w.y, size: 9, font: w.regular, color: INK }),
    );
  }
  w.y -= 12;
  return 'Рисунок 1. Метеорологічні станції вибірки: індекс ВМО, координати (°), висота над рівнем моря';
}

/** Monthly means of 1991–2020 at a station as a table. */
function drawNormalsTable(w: Writer, latin: string): void {
  const s = station(latin);
  const data = normals(s);
  w.text(`Таблиця 1. Середні місячні значення за 1991–2020 рр., ${s.name}`, { size: 10, font: w.bold, gap: 2 });
  const cols = [MARGIN, MARGIN + 140, MARGIN + 280];
  w.ensure(16);
  w.y -= 14;
  ['Місяць', 'Температура, °C', 'Опади, мм'].forEach((h, i) =>
    w.page.drawText(h, { x: cols[i]!, y: w.y, size: 9, font: w.bold, color: INK }),
  );
  for (const d of data) {
    w.ensure(14);
    w.y -= 13;
    [MONTHS_UK[d.month - 1]!, d.tmean.toFixed(1).replace('.', ','), d.precip.toFixed(1).replace('.', ',')].forEach(
      (v, i) => w.page.drawText(v, { x: cols[i]!, y: w.y, size: 9, font: w.regular, color: INK }),
    );
  }
  w.y -= 14;
}

/** The bytes of a seed PDF. Deterministic: fixed dates, no random ids. */
export async function seedPdf(content: PdfContent): Promise<Buffer> {
  const pdf = await createPdf({
    title: content.title,
    author: content.authors.map((a) => a.name).join(', ') || INSTITUTE,
    subject: content.abstract,
    keywords: content.keywords,
    date: new Date(Date.UTC(content.year ?? 2025, 0, 1)),
  });
  const w = writerOf(pdf);
  w.text(INSTITUTE, { size: 8.5, color: MUTED, gap: 14 });
  drawArticle(w, content);

  if (content.scholarly) {
    const figure = content.figure ?? { kind: 'temperature', station: 'Kyiv' };
    const latin = figure.kind === 'stations' ? 'Kyiv' : figure.station;
    w.newPage();
    w.text('Дані та результати', { size: 12, font: w.bold, gap: 6 });
    const caption =
      figure.kind === 'stations'
        ? drawStationsTable(w)
        : figure.kind === 'precipitation'
          ? drawPrecipFigure(w, latin)
          : drawAnomalyFigure(w, latin);
    w.text(caption, { size: 9.5, color: MUTED, gap: 14 });
    drawNormalsTable(w, latin);
    w.text('Література', { size: 12, font: w.bold, gap: 4 });
    REFERENCES.forEach((r, i) => w.text(`${i + 1}. ${r}`, { size: 9.5, indent: 0, gap: 4 }));
  }

  numberPages(pdf);
  return pdfBytes(pdf);
}
