/**
 * The table of contents of a book of abstracts, laid out before the entries are set: its page count
 * must be known first (the entries' page numbers depend on it), and it does not depend on those
 * numbers (they are right-aligned in a column of their own). Points, as pdf-lib's.
 */
import type { PDFFont, PDFPage } from 'pdf-lib';
import { A4, INK, MARGIN, MUTED, TEXT_WIDTH, wrapLines } from '../pdf/writer';

/** One line of the ToC on its page. */
interface TocLine {
  text: string;
  y: number;
  indent: number;
  size: number;
  bold: boolean;
  muted: boolean;
}

/** The ToC's pages: their lines, and where each entry's page number goes. */
export interface TocLayout {
  pages: TocLine[][];
  /** Per entry: the ToC page (0-based within the ToC), the baselines of its first and last lines. */
  numbers: Array<{ page: number; y: number; bottom: number }>;
}

export interface TocEntry {
  title: string;
  authors: string;
  /** The programme's section; a heading in the ToC when it changes. */
  section: string;
}

const NUMBER_COLUMN = 36;
const TOP = A4[1] - MARGIN;
const BOTTOM = MARGIN + 24;

/** Lays out `entries` under the heading «Зміст». */
export function layoutToc(entries: TocEntry[], fonts: { regular: PDFFont; bold: PDFFont }): TocLayout {
  const pages: TocLine[][] = [[{ text: 'Зміст', y: TOP - 18, indent: 0, size: 16, bold: true, muted: false }]];
  const numbers: TocLayout['numbers'] = [];
  let y = TOP - 18 - 16;
  const place = (height: number) => {
    if (y - height < BOTTOM) {
      pages.push([]);
      y = TOP;
    }
  };
  let section = '';
  for (const e of entries) {
    if (e.section && e.section !== section) {
      section = e.section;
      place(34);
      y -= 22;
      pages.at(-1)!.push({ text: section, y, indent: 0, size: 11, bold: true, muted: true });
      y -= 4;
    }
    const title = wrapLines(e.title, 10.5, fonts.bold, TEXT_WIDTH - NUMBER_COLUMN - 8);
    const authors = wrapLines(e.authors, 9.5, fonts.regular, TEXT_WIDTH - NUMBER_COLUMN - 8);
    place(title.length * 14 + authors.length * 13 + 8);
    title.forEach((text, i) => {
      y -= 14;
      if (i === 0) numbers.push({ page: pages.length - 1, y, bottom: y });
      pages.at(-1)!.push({ text, y, indent: 8, size: 10.5, bold: true, muted: false });
    });
    for (const text of authors) {
      y -= 13;
      pages.at(-1)!.push({ text, y, indent: 8, size: 9.5, bold: false, muted: true });
    }
    numbers.at(-1)!.bottom = y;
    y -= 8;
  }
  return { pages, numbers };
}

/** Draws the ToC on its pages, with each entry's page number (1-based, as printed). */
export function drawToc(
  layout: TocLayout,
  pages: PDFPage[],
  pageNumbers: number[],
  fonts: { regular: PDFFont; bold: PDFFont },
): void {
  layout.pages.forEach((lines, i) => {
    for (const l of lines)
      pages[i]!.drawText(l.text, {
        x: MARGIN + l.indent,
        y: l.y,
        size: l.size,
        font: l.bold ? fonts.bold : fonts.regular,
        color: l.muted ? MUTED : INK,
      });
  });
  layout.numbers.forEach((at, i) => {
    const text = String(pageNumbers[i]);
    pages[at.page]!.drawText(text, {
      x: A4[0] - MARGIN - fonts.regular.widthOfTextAtSize(text, 10.5),
      y: at.y,
      size: 10.5,
      font: fonts.regular,
      color: INK,
    });
  });
}
