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

export function formatCitation(item: CslItem, format: CiteFormat): string {
  const out = new Cite([item]).format(OUTPUT[format], { format: 'text' });
  return typeof out === 'string' ? out : JSON.stringify(out);
}
