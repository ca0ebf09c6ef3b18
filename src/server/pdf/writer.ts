/**
 * The typesetting primitives of the server's PDFs (pdf-lib): A4 pages with 56 pt margins, the house
 * colours, and a `Writer` that sets wrapped text line by line and adds a page when one is full.
 * Units are PDF points (1/72 inch); y grows upwards from the page's bottom.
 */
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { htmlBlocks } from './htmlBlocks';

/** A4 in points. */
export const A4: [number, number] = [595.28, 841.89];
/** Page margin, points. */
export const MARGIN = 56;
export const INK = rgb(0.11, 0.17, 0.23);
export const MUTED = rgb(0.35, 0.42, 0.48);
export const BLUE = rgb(0.12, 0.37, 0.66);
export const RED = rgb(0.76, 0.25, 0.18);
export const RULE = rgb(0.85, 0.88, 0.91);
/** Width of the text column, points. */
export const TEXT_WIDTH = A4[0] - 2 * MARGIN;

/** How `Writer.text` sets a paragraph. */
export interface TextStyle {
  /** Font size, points (10.5). */
  size?: number;
  font?: PDFFont;
  color?: ReturnType<typeof rgb>;
  /** Left indent, points. */
  indent?: number;
  /** Space after the paragraph, points. */
  gap?: number;
  /** Line height as a multiple of the size (1.4). */
  leading?: number;
  align?: 'left' | 'center';
}

/**
 * `text` broken into lines no wider than `width` points at `size`: at its line breaks first (a
 * textarea's paragraphs; a blank line stays an empty line), then at spaces within each of them.
 */
export function wrapLines(text: string, size: number, font: PDFFont, width: number): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  return trimmed
    .split(/\r\n|\r|\n/)
    .flatMap((paragraph) => (paragraph.trim() ? wrapParagraph(paragraph, size, font, width) : ['']));
}

/** One paragraph (no line breaks) broken at spaces into lines no wider than `width` points. */
function wrapParagraph(text: string, size: number, font: PDFFont, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/** Lays out text on pages, adding pages as needed; `onPage` runs on every page it adds (running heads). */
export class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly onPage?: (page: PDFPage) => void,
  ) {
    this.newPage();
  }
  /** Starts a new page at its top margin. */
  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    this.onPage?.(this.page);
  }
  /** The 0-based index of the current page in the document. */
  get pageIndex(): number {
    return this.doc.getPageCount() - 1;
  }
  /** A new page unless `height` points still fit above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height < MARGIN + 24) this.newPage();
  }
  lines(text: string, size: number, font: PDFFont, width: number): string[] {
    return wrapLines(text, size, font, width);
  }
  /** Sets `text` as a paragraph in `style`. */
  text(text: string, style: TextStyle = {}): void {
    const { size = 10.5, font = this.regular, color = INK, indent = 0, gap = 6, leading = 1.4 } = style;
    const width = TEXT_WIDTH - indent;
    for (const line of this.lines(text, size, font, width)) {
      this.ensure(size * leading);
      this.y -= size * leading;
      const x = style.align === 'center' ? (A4[0] - font.widthOfTextAtSize(line, size)) / 2 : MARGIN + indent;
      if (line) this.page.drawText(line, { x, y: this.y, size, font, color });
    }
    this.y -= gap;
  }
  /** Rich-text HTML as headings, bulleted items and paragraphs. */
  blocks(html: string): void {
    for (const block of htmlBlocks(html)) {
      if (block.kind === 'heading') {
        this.ensure(40);
        this.y -= 6;
        this.text(block.text, { size: 12, font: this.bold, gap: 4 });
      } else if (block.kind === 'item') this.text(`•  ${block.text}`, { indent: 10, gap: 3 });
      else this.text(block.text);
    }
  }
}
