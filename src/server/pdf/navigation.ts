/**
 * Navigation inside a PDF through pdf-lib's low-level objects (it has no API for them): the document
 * outline (bookmarks, ISO 32000-1 §12.3.3), opened beside the pages, and link annotations that jump
 * to a page (§12.5.6.5), e.g. from a table of contents. Destinations show the page's top (`XYZ`
 * with no position or zoom change).
 */
import { PDFHexString, PDFName, type PDFDocument, type PDFRef } from 'pdf-lib';

function destination(doc: PDFDocument, pageIndex: number) {
  return doc.context.obj([doc.getPage(pageIndex).ref, 'XYZ', null, null, null]);
}

/** A flat outline: one bookmark per item, in order; the viewer opens it beside the pages. */
export function addOutline(doc: PDFDocument, items: Array<{ title: string; pageIndex: number }>): void {
  if (!items.length) return;
  const { context } = doc;
  const root = context.nextRef();
  const refs: PDFRef[] = items.map(() => context.nextRef());
  items.forEach((item, i) => {
    const entry = context.obj({
      Title: PDFHexString.fromText(item.title),
      Parent: root,
      Dest: destination(doc, item.pageIndex),
    });
    if (i > 0) entry.set(PDFName.of('Prev'), refs[i - 1]!);
    if (i < refs.length - 1) entry.set(PDFName.of('Next'), refs[i + 1]!);
    context.assign(refs[i]!, entry);
  });
  context.assign(root, context.obj({ Type: 'Outlines', First: refs[0]!, Last: refs.at(-1)!, Count: refs.length }));
  doc.catalog.set(PDFName.of('Outlines'), root);
  doc.catalog.set(PDFName.of('PageMode'), PDFName.of('UseOutlines'));
}

/** Makes the rectangle `[x1, y1, x2, y2]` (points) of page `from` a link to the top of page `to` (0-based). */
export function addPageLink(doc: PDFDocument, from: number, rect: [number, number, number, number], to: number): void {
  const annotation = doc.context.register(
    doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0], Dest: destination(doc, to) }),
  );
  doc.getPage(from).node.addAnnot(annotation);
}
