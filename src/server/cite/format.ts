/**
 * BibTeX, RIS and CSL-JSON from a CSL-JSON item, with citation-js (@citation-js/core and its
 * BibTeX and RIS plugins). BibTeX keeps Ukrainian letters as they are (UTF-8, as biber and
 * bibtex8 read them) and uses the item's id (its slug) as the key.
 */
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import type { CiteFormat } from '../../shared/cite';
import type { CslItem } from './csl';

const bibtexConfig = plugins.config.get('@bibtex') as { format: { asciiOnly: boolean; useIdAsLabel: boolean } };
bibtexConfig.format.asciiOnly = false;
bibtexConfig.format.useIdAsLabel = true;

const OUTPUT: Record<CiteFormat, string> = { bib: 'bibtex', ris: 'ris', json: 'data' };

/**
 * citation-js's RIS output breaks values every 70 characters, even inside a word, and readers
 * (citation-js's own parser included) join the pieces with a space («m ean»): the pieces are put
 * back on their tag's line, as RIS readers take lines of any length.
 */
export function unwrapRis(ris: string): string {
  return `${ris.replace(/\n(?![A-Z][A-Z0-9] {2}-)/g, '').trimEnd()}\n`;
}

/**
 * A journal article's RIS with the journal also as JO (citation-js writes only T2, which some
 * readers take for a series) and a page range as SP and EP (citation-js writes «SP  - 5-18»).
 */
export function risJournal(ris: string, item: CslItem): string {
  const journal = item.type === 'article-journal' ? item['container-title'] : undefined;
  let out = ris.replace(/^SP {2}- (\d+)-(\d+)$/m, 'SP  - $1\nEP  - $2');
  if (typeof journal === 'string' && journal) out = out.replace(/^T2 {2}- .*$/m, (line) => `${line}\nJO  - ${journal}`);
  return out;
}

/**
 * The item for BibTeX: its dates without the day. BibTeX has no day field, and citation-js writes
 * the day into `month` («nov 18»), which neither BibTeX nor biblatex reads as a month.
 */
function withoutDays(item: CslItem): CslItem {
  return { ...item, issued: { 'date-parts': item.issued['date-parts'].map((parts) => parts.slice(0, 2)) } };
}

export function formatCitation(item: CslItem, format: CiteFormat): string {
  const out = new Cite([format === 'bib' ? withoutDays(item) : item]).format(OUTPUT[format], { format: 'text' });
  const text = typeof out === 'string' ? out : JSON.stringify(out);
  return format === 'ris' ? risJournal(unwrapRis(text), item) : text;
}
