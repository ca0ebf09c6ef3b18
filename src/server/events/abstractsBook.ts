/**
 * A conference's book of abstracts («Збірник тез») as a Ukrainian PDF, typeset with the server's PDF
 * primitives like the seed's PDFs: a title page (the institute, «Збірник тез доповідей», the
 * conference's name, dates, place and organisers), the table of contents (titles, authors, page
 * numbers, grouped by section, each a link to its entry; the entries are also the PDF's bookmarks)
 * and one entry per thesis from a new page (section, title, authors with
 * affiliations, the summary as the abstract, keywords and the body), each page under a running head
 * with the conference's name. Deterministic for the same input (the date is given).
 */
import { formatDateRange } from '../../shared/dates';
import { drawArticle } from '../pdf/article';
import { addOutline, addPageLink } from '../pdf/navigation';
import { createPdf, INSTITUTE, numberPages, pdfBytes, writerOf, type NewPdf } from '../pdf/document';
import { A4, MARGIN, MUTED, RULE, TEXT_WIDTH, wrapLines, type Writer } from '../pdf/writer';
import { drawToc, layoutToc } from './abstractsToc';

/** What the book is made of. */
export interface AbstractsBookInput {
  conference: {
    title: string;
    startDate: string;
    endDate: string;
    location: string;
    organizers: string;
    /** The conference page's absolute address. */
    url: string;
  };
  /** The published theses in programme order. */
  theses: Array<{
    title: string;
    section: string;
    authors: Array<{ name: string; affiliation?: string }>;
    summary: string;
    keywords: string[];
    /** Sanitised rich-text HTML. */
    body: string;
  }>;
  /** The PDF's creation date (the newest change of what it shows). */
  date: Date;
}

/** The book's title in the document's metadata and its file name. */
export function abstractsBookTitle(conferenceTitle: string): string {
  return `Збірник тез доповідей: ${conferenceTitle}`;
}

function drawTitlePage(w: Writer, c: AbstractsBookInput['conference']): void {
  w.text(INSTITUTE, { size: 10, color: MUTED, align: 'center', gap: 0 });
  w.y = A4[1] * 0.68;
  w.text('Збірник тез доповідей', { size: 13, color: MUTED, align: 'center', gap: 14 });
  w.text(c.title, { size: 22, font: w.bold, leading: 1.25, align: 'center', gap: 18 });
  w.text(formatDateRange(c.startDate, c.endDate), { size: 13, align: 'center', gap: 4 });
  if (c.location) w.text(c.location, { size: 12, align: 'center', gap: 4 });
  if (c.organizers) w.text(`Організатори: ${c.organizers}`, { size: 10, color: MUTED, align: 'center', gap: 4 });
  w.y = MARGIN + 70;
  w.text(c.url, { size: 9, color: MUTED, align: 'center', gap: 2 });
  w.text(c.startDate.slice(0, 4), { size: 11, align: 'center', gap: 0 });
}

/** The conference's name, shortened to one line, above a rule at the top of an entry's page. */
function runningHead(pdf: NewPdf, title: string) {
  const [first = '', ...rest] = wrapLines(title, 8, pdf.regular, TEXT_WIDTH - 12);
  const line = rest.length ? `${first} …` : first;
  return (page: ReturnType<NewPdf['doc']['addPage']>) => {
    page.drawText(line, { x: MARGIN, y: A4[1] - MARGIN + 18, size: 8, font: pdf.regular, color: MUTED });
    page.drawLine({
      start: { x: MARGIN, y: A4[1] - MARGIN + 12 },
      end: { x: A4[0] - MARGIN, y: A4[1] - MARGIN + 12 },
      thickness: 0.5,
      color: RULE,
    });
  };
}

/** The bytes of the book of abstracts. */
export async function abstractsBookPdf(input: AbstractsBookInput): Promise<Buffer> {
  const { conference, theses } = input;
  const pdf = await createPdf({
    title: abstractsBookTitle(conference.title),
    author: INSTITUTE,
    subject: `${conference.title}, ${formatDateRange(conference.startDate, conference.endDate)}`,
    keywords: [...new Set(theses.flatMap((t) => t.keywords))],
    date: input.date,
  });
  const titlePage = writerOf(pdf);
  drawTitlePage(titlePage, conference);

  const toc = layoutToc(
    theses.map((t) => ({ title: t.title, authors: t.authors.map((a) => a.name).join(', '), section: t.section })),
    pdf,
  );
  const tocPages = toc.pages.map(() => pdf.doc.addPage(A4));

  const starts: number[] = [];
  const head = runningHead(pdf, conference.title);
  let w: Writer | null = null;
  for (const t of theses) {
    if (w) w.newPage();
    else w = writerOf(pdf, head);
    starts.push(w.pageIndex + 1);
    if (t.section) w.text(t.section.toLocaleUpperCase('uk'), { size: 8.5, color: MUTED, gap: 10 });
    drawArticle(w, { title: t.title, authors: t.authors, abstract: t.summary, keywords: t.keywords, body: t.body }, 15);
  }
  drawToc(toc, tocPages, starts, pdf);
  toc.numbers.forEach((at, i) =>
    addPageLink(pdf.doc, 1 + at.page, [MARGIN, at.bottom - 4, A4[0] - MARGIN, at.y + 12], starts[i]! - 1),
  );
  addOutline(
    pdf.doc,
    theses.map((t, i) => ({ title: t.title, pageIndex: starts[i]! - 1 })),
  );
  numberPages(pdf, (n) => (n === 1 ? '' : String(n)));
  return pdfBytes(pdf);
}
