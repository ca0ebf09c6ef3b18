/**
 * Highwire Press `citation_*` meta for Google Scholar (its inclusion guidelines): title, one
 * citation_author per author, citation_publication_date (YYYY/MM/DD, or the year alone when only the
 * year is known), an absolute citation_pdf_url, journal or conference title, volume, issue, first and
 * last page, DOI and language.
 */
import type { PublicDocument } from '../../../shared/content/registry';
import { SITE_NAME } from '../../../shared/head/siteFacts';
import type { HeadSource } from '../../../shared/head/sources';
import type { MetaTag } from '../../../shared/head/tags';
import { absoluteUrl, citedAuthors, type HeadContext, workLanguage } from '../../../shared/head/text';

/** `2025-11-18` → `2025/11/18`. */
export function scholarDate(date: string): string {
  return date.slice(0, 10).replace(/-/g, '/');
}

/** «5–18» → [5, 18]; a single page → [5, 5]; anything else → null. */
export function pageRange(pages: string): [string, string] | null {
  const m = /^\s*(\d+)\s*(?:[-–—]\s*(\d+))?\s*$/.exec(pages);
  return m ? [m[1]!, m[2] ?? m[1]!] : null;
}

function tags(entries: Array<[string, string | number | null | undefined]>): MetaTag[] {
  return entries
    .filter((e): e is [string, string | number] => e[1] !== '' && e[1] != null)
    .map(([name, content]) => ({ name, content: String(content) }));
}

function authors(names: string[]): Array<[string, string]> {
  return names.map((name) => ['citation_author', name]);
}

/** A journal article's journal, volume, issue and first and last page (or its article number as the first). */
function journal(p: PublicDocument<'publications'>): Array<[string, string]> {
  if (!p.journalTitle) return [];
  const range = pageRange(p.journalPages);
  const first = range ? range[0] : p.journalPages;
  return [
    ['citation_journal_title', p.journalTitle],
    ['citation_volume', p.journalVolume],
    ['citation_issue', p.journalIssue],
    ['citation_firstpage', first],
    ['citation_lastpage', range && range[1] !== range[0] ? range[1] : ''],
  ];
}

function publication(p: PublicDocument<'publications'>, ctx: HeadContext): MetaTag[] {
  const pdf = p.attachments.find((f) => f.contentType === 'application/pdf');
  const named = citedAuthors(p.authors);
  return tags([
    ['citation_title', p.title],
    ...authors(named.length ? named : [SITE_NAME]),
    ['citation_publication_date', String(p.year)],
    ...journal(p),
    ['citation_publisher', p.publisher || SITE_NAME],
    ['citation_isbn', p.isbn],
    ['citation_doi', p.doi],
    ['citation_pdf_url', pdf ? absoluteUrl(pdf.url, ctx) : ''],
    ['citation_abstract_html_url', ctx.url],
    ['citation_language', workLanguage(p)],
  ]);
}

function thesis(t: PublicDocument<'theses'>, conf: PublicDocument<'conferences'>, ctx: HeadContext): MetaTag[] {
  return tags([
    ['citation_title', t.title],
    ...authors(t.authors.map((a) => a.name)),
    ['citation_publication_date', scholarDate(conf.startDate)],
    ['citation_conference_title', conf.title],
    ['citation_publisher', SITE_NAME],
    ...t.keywords.map((k): [string, string] => ['citation_keywords', k]),
    ['citation_pdf_url', t.pdf ? absoluteUrl(t.pdf.url, ctx) : ''],
    ['citation_abstract_html_url', ctx.url],
    ['citation_language', workLanguage(t)],
  ]);
}

/**
 * The citation meta of a head source: none for pages that are not one scholarly work, a journal
 * issue (a table of contents) included, as Google Scholar expects one article per page.
 */
export function citationMetaOf(source: HeadSource, ctx: HeadContext): MetaTag[] {
  switch (source.kind) {
    case 'publication':
      return publication(source.item, ctx);
    case 'thesis':
      return thesis(source.item, source.conference, ctx);
    default:
      return [];
  }
}
