/**
 * Crossref deposit XML (schema 5.4.0, https://www.crossref.org/documentation/schema-library/) for
 * one journal issue: the journal, the issue (year, volume, number) and each contents entry with a
 * DOI as a journal article with its authors (ORCID where known), abstract as JATS paragraphs, page
 * range and landing page. Entries without a DOI cannot be deposited: they are left out and their
 * titles returned, for the editor to see. Pure: no I/O; nothing is sent anywhere (an editor uploads the file to Crossref).
 */
import type { ContentDocument } from '../../shared/content/registry';
import type { TocEntry } from '../../shared/content/types/journal';
import { JOURNAL_NAME } from '../../shared/head/siteFacts';
import { cslName } from '../cite/names';
import { el, optional, textEl, XML_DECLARATION } from './xmlTree';

export const CROSSREF_NAMESPACE = 'http://www.crossref.org/schema/5.4.0';
export const CROSSREF_SCHEMA_LOCATION = 'https://www.crossref.org/schemas/crossref5.4.0.xsd';
const JATS = 'http://www.ncbi.nlm.nih.gov/JATS1';

export interface CrossrefOptions {
  /** Absolute URL of the issue's page (each article's landing page). */
  issueUrl: string;
  /** Who deposits: the institute and its address. */
  depositor: { name: string; email: string };
  registrant: string;
  /** The deposit's time (its `timestamp`, which Crossref reads as the record's version). */
  now: Date;
}

/** «5–17» → first and last page; «5» → first only; anything else nothing. */
export function pageRange(pages: string): { first: string; last?: string } | null {
  const m = /^\s*([\dA-Za-z]+)\s*(?:[-–—]\s*([\dA-Za-z]+))?\s*$/.exec(pages);
  return m ? { first: m[1]!, ...(m[2] ? { last: m[2] } : {}) } : null;
}

function person(author: TocEntry['authors'][number], index: number): string {
  const name = cslName(author.name);
  const surname = 'family' in name ? name.family : name.literal;
  const given = 'family' in name ? name.given : undefined;
  return el(
    'person_name',
    { sequence: index === 0 ? 'first' : 'additional', contributor_role: 'author' },
    given ? textEl('given_name', {}, given) : '',
    textEl('surname', {}, surname),
    author.affiliation
      ? el('affiliations', {}, el('institution', {}, textEl('institution_name', {}, author.affiliation)))
      : '',
    author.orcid ? textEl('ORCID', {}, `https://orcid.org/${author.orcid}`) : '',
  );
}

function article(entry: TocEntry, year: number, issueUrl: string): string {
  const pages = pageRange(entry.pages);
  const paragraphs = entry.abstract
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return el(
    'journal_article',
    { publication_type: 'full_text' },
    el('titles', {}, textEl('title', {}, entry.title)),
    optional('contributors', {}, entry.authors.map(person)),
    optional(
      'jats:abstract',
      {},
      paragraphs.map((p) => textEl('jats:p', {}, p)),
    ),
    el('publication_date', { media_type: 'online' }, textEl('year', {}, year)),
    pages
      ? el('pages', {}, textEl('first_page', {}, pages.first), pages.last ? textEl('last_page', {}, pages.last) : '')
      : '',
    el('doi_data', {}, textEl('doi', {}, entry.doi), textEl('resource', {}, issueUrl)),
  );
}

/** `yyyyMMddHHmmss` in UTC (Crossref's timestamp). */
const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(0, 14);

/** The deposit file of `issue`, and the titles of the entries left out for want of a DOI. */
export function crossrefIssueXml(
  issue: ContentDocument<'journal'>,
  o: CrossrefOptions,
): { xml: string; skipped: string[] } {
  const deposited = issue.toc.filter((e) => e.doi);
  const skipped = issue.toc.filter((e) => !e.doi);
  const body = el(
    'journal',
    {},
    el('journal_metadata', { language: 'uk' }, textEl('full_title', {}, JOURNAL_NAME)),
    el(
      'journal_issue',
      {},
      el('publication_date', { media_type: 'online' }, textEl('year', {}, issue.year)),
      el('journal_volume', {}, textEl('volume', {}, issue.volume)),
      textEl('issue', {}, issue.number),
    ),
    ...deposited.map((e) => article(e, issue.year, o.issueUrl)),
  );
  const head = el(
    'head',
    {},
    textEl('doi_batch_id', {}, `${issue.slug}-${stamp(o.now)}`.slice(0, 100)),
    textEl('timestamp', {}, stamp(o.now)),
    el('depositor', {}, textEl('depositor_name', {}, o.depositor.name), textEl('email_address', {}, o.depositor.email)),
    textEl('registrant', {}, o.registrant),
  );
  const root = el(
    'doi_batch',
    {
      version: '5.4.0',
      xmlns: CROSSREF_NAMESPACE,
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xmlns:jats': JATS,
      'xsi:schemaLocation': `${CROSSREF_NAMESPACE} ${CROSSREF_SCHEMA_LOCATION}`,
    },
    head,
    el('body', {}, body),
  );
  return { xml: `${XML_DECLARATION}${root}\n`, skipped: skipped.map((e) => e.title) };
}
