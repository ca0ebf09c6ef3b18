/**
 * What a reader of a PDF gets, through pdfjs-dist (Mozilla's PDF.js, the maintained extractor): each
 * page's text, the outline's titles and target pages, and where a page's links lead.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Whitespace runs (no-break spaces too) as one space. */
export const words = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Each page's text (items joined by spaces), as a reader's copy would give it. */
export async function pdfPages(bytes: Uint8Array): Promise<Array<{ text: string; items: string[] }>> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const items = content.items.map((i) => ('str' in i ? i.str : '')).filter((s) => s.trim());
    pages.push({ text: words(items.join(' ')), items });
  }
  await doc.destroy();
  return pages;
}

/** The outline's titles and target pages, and the targets of the links on the ToC's pages (1-based). */
export async function pdfNavigation(bytes: Uint8Array, tocPages: number) {
  const doc = await getDocument({ data: new Uint8Array(bytes) }).promise;
  const pageOf = async (dest: unknown) =>
    1 + (await doc.getPageIndex((Array.isArray(dest) ? dest : [])[0] as { num: number; gen: number }));
  const outline = await Promise.all(
    ((await doc.getOutline()) ?? []).map(async (o) => ({ title: o.title, page: await pageOf(o.dest) })),
  );
  const tocLinks: number[] = [];
  for (let n = 2; n < 2 + tocPages; n++) {
    const annotations = (await (await doc.getPage(n)).getAnnotations()) as Array<{ subtype: string; dest: unknown }>;
    for (const a of annotations.filter((x) => x.subtype === 'Link')) tocLinks.push(await pageOf(a.dest));
  }
  await doc.destroy();
  return { outline, tocLinks };
}

/**
 * The table of contents of a book of abstracts: its pages (the 2nd to the one before the first entry,
 * the first number it gives) and each entry's page number in order (the numbers alone on a ToC page,
 * but its last: the page's own number at the foot).
 */
export function tableOfContents(pages: Array<{ text: string; items: string[] }>) {
  const firstEntry = Number(pages[1]?.items.find((item) => /^\d+$/.test(item)));
  const toc = pages.slice(1, firstEntry - 1);
  const numbers = toc.flatMap((p) => p.items.filter((s) => /^\d+$/.test(s)).slice(0, -1)).map(Number);
  return { toc, numbers };
}
