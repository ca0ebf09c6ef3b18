/**
 * A new PDF of the institute's: pdf-lib with @pdf-lib/fontkit, DejaVu Sans (regular and bold)
 * embedded as subsets, so Ukrainian text is real text that can be searched and copied, and the
 * document's metadata (Ukrainian, the institute as creator, fixed dates so the bytes are
 * deterministic). `numberPages` writes the page numbers once everything is set.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { dejaVu } from './fonts';
import { A4, MARGIN, MUTED, Writer } from './writer';

/** The institute's full name, as the PDFs print it. */
export const INSTITUTE = 'Український гідрометеорологічний інститут ДСНС України та НАН України';

export interface PdfMeta {
  title: string;
  /** Authors (or the institute). */
  author: string;
  subject?: string;
  keywords?: string[];
  /** Creation and modification date. */
  date: Date;
}

/** A started PDF: the document and its two fonts. */
export interface NewPdf {
  doc: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
}

/** A PDF document with its metadata set and the DejaVu fonts embedded. */
export async function createPdf(meta: PdfMeta): Promise<NewPdf> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const regular = await doc.embedFont(dejaVu('DejaVuSans.ttf'), { subset: true });
  const bold = await doc.embedFont(dejaVu('DejaVuSans-Bold.ttf'), { subset: true });
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  doc.setAuthor(meta.author);
  if (meta.subject) doc.setSubject(meta.subject);
  if (meta.keywords) doc.setKeywords(meta.keywords);
  doc.setLanguage('uk');
  doc.setCreator(INSTITUTE);
  doc.setProducer('pdf-lib');
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
  return { doc, regular, bold };
}

/** A `Writer` on a new page of `pdf`. */
export function writerOf(pdf: NewPdf, onPage?: ConstructorParameters<typeof Writer>[3]): Writer {
  return new Writer(pdf.doc, pdf.regular, pdf.bold, onPage);
}

/**
 * Writes each page's number at its bottom right: `label(n, count)` (1-based; «3 / 12» by default),
 * skipping pages for which it answers ''.
 */
export function numberPages(
  pdf: NewPdf,
  label: (n: number, count: number) => string = (n, count) => `${n} / ${count}`,
): void {
  const pages = pdf.doc.getPages();
  pages.forEach((page, i) => {
    const text = label(i + 1, pages.length);
    if (!text) return;
    page.drawText(text, {
      x: A4[0] - MARGIN - pdf.regular.widthOfTextAtSize(text, 8),
      y: MARGIN / 2,
      size: 8,
      font: pdf.regular,
      color: MUTED,
    });
  });
}

/** The bytes of a finished PDF. */
export async function pdfBytes(pdf: NewPdf): Promise<Buffer> {
  return Buffer.from(await pdf.doc.save({ useObjectStreams: true }));
}
