/**
 * The head of a scholarly text as the server's PDFs set it (the seed's theses and publications, each
 * entry of a book of abstracts): the title, an optional subtitle, the authors and their affiliations,
 * the abstract («Анотація») and the keywords, then the body's blocks.
 */
import { MUTED, type Writer } from './writer';

/** What `drawArticle` sets. */
export interface ArticleText {
  title: string;
  subtitle?: string;
  authors: Array<{ name: string; affiliation?: string }>;
  abstract: string;
  keywords: string[];
  /** Rich-text HTML (headings, paragraphs, list items). */
  body: string;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** `12` → «¹²». */
function superscript(n: number): string {
  return [...String(n)].map((d) => SUPERSCRIPT_DIGITS[Number(d)]).join('');
}

/** Sets `a` from the writer's position; `titleSize` in points (17). */
export function drawArticle(w: Writer, a: ArticleText, titleSize = 17): void {
  w.text(a.title, { size: titleSize, font: w.bold, leading: 1.3, gap: a.subtitle ? 4 : 10 });
  if (a.subtitle) w.text(a.subtitle, { size: 12, color: MUTED, gap: 10 });
  if (a.authors.length) {
    const affiliations = [...new Set(a.authors.map((x) => x.affiliation).filter((x): x is string => !!x))];
    // With several affiliations each author is marked with the number of theirs (superscript).
    const mark = (affiliation: string | undefined) =>
      affiliations.length > 1 && affiliation ? superscript(affiliations.indexOf(affiliation) + 1) : '';
    w.text(a.authors.map((x) => `${x.name}${mark(x.affiliation)}`).join(', '), { size: 11.5, font: w.bold, gap: 2 });
    for (const x of affiliations) w.text(`${mark(x)}${mark(x) ? ' ' : ''}${x}`, { size: 9.5, color: MUTED, gap: 2 });
    w.y -= 8;
  }
  if (a.abstract) {
    w.text('Анотація', { size: 11, font: w.bold, gap: 2 });
    w.text(a.abstract, { gap: 6 });
  }
  if (a.keywords.length) w.text(`Ключові слова: ${a.keywords.join(', ')}.`, { size: 10, color: MUTED, gap: 12 });
  w.blocks(a.body);
}
