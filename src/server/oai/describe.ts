/**
 * Scholarly descriptions (model.ts) of the stored documents: journal articles (the entries of an
 * issue's table of contents), conference theses, publications and datasets.
 */
import { PUBLICATION_KINDS } from '../../shared/content/constants';
import type { TocEntry } from '../../shared/content/types/journal';
import { JOURNAL_NAME, SITE_NAME } from '../../shared/head/siteFacts';
import { citedAuthors, eventPlace, journalReference, workLanguage } from '../../shared/head/text';
import type { Creator, ScholarlyMetadata } from './model';

type Data = Record<string, unknown>;
type Doc = { collection: string; id: string; data: Data };

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): string => (typeof value === 'number' ? String(value) : '');
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];

/** Authors stored as `{ name, affiliation }` objects. */
function authorsOf(value: unknown): Creator[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((a): a is Data => Boolean(a) && typeof a === 'object')
    .map((a) => ({ name: str(a.name), affiliation: str(a.affiliation) }))
    .filter((a) => a.name.trim() !== '');
}

/** A DOI as written by staff (`10.…`, `doi:10.…`, `https://doi.org/10.…`) as a bare DOI, or ''. */
export function bareDoi(value: unknown): string {
  const match = /(10\.\d{4,9}\/\S+)$/.exec(str(value).trim());
  return match ? match[1]! : '';
}

const doiUrl = (doi: string): string => (doi ? `https://doi.org/${doi}` : '');

/** Media types of stored file references (one or a list). */
function formatsOf(...values: unknown[]): string[] {
  const types = new Set<string>();
  for (const value of values) {
    for (const file of Array.isArray(value) ? value : [value]) {
      if (file && typeof file === 'object' && typeof (file as Data).contentType === 'string')
        types.add((file as Data).contentType as string);
    }
  }
  return [...types];
}

function base(doc: Doc, url: string): Pick<ScholarlyMetadata, 'url' | 'document' | 'relations' | 'coverage'> {
  return { url, document: doc, relations: [], coverage: '' };
}

/** An article of a journal issue's table of contents; `url` is its anchor on the issue's page. */
export function articleMetadata(issue: Doc, entry: TocEntry, url: string): ScholarlyMetadata {
  const d = issue.data;
  const doi = bareDoi(entry.doi);
  return {
    ...base(issue, url),
    kind: 'article',
    title: entry.title,
    creators: authorsOf(entry.authors),
    subjects: [],
    description: '',
    publisher: SITE_NAME,
    date: num(d.year),
    doi,
    language: 'uk',
    source: `${JOURNAL_NAME}. ${num(d.year)}. Т. ${num(d.volume)}, № ${num(d.number)}${entry.pages ? `. С. ${entry.pages}` : ''}`,
    rights: '',
    formats: formatsOf(d.pdf),
  };
}

/** A conference thesis; `conference` is its (visible) conference document. */
export function thesisMetadata(doc: Doc, conference: Doc, url: string, conferenceUrl: string): ScholarlyMetadata {
  const d = doc.data;
  const c = conference.data;
  return {
    ...base(doc, url),
    kind: 'thesis',
    title: str(d.title),
    creators: authorsOf(d.authors),
    subjects: strings(d.keywords),
    description: str(d.summary),
    publisher: SITE_NAME,
    date: str(c.startDate),
    doi: '',
    language: workLanguage({ title: str(d.title), language: d.language }),
    source: [str(c.title), eventPlace(str(c.location)), str(c.startDate)].filter(Boolean).join(', '),
    relations: [conferenceUrl],
    rights: '',
    formats: formatsOf(d.pdf),
  };
}

/** A publication (monograph, guidance document, atlas…). */
export function publicationMetadata(doc: Doc, url: string): ScholarlyMetadata {
  const d = doc.data;
  const kind = str(d.kind) as keyof typeof PUBLICATION_KINDS;
  const doi = bareDoi(d.doi);
  const journal = journalReference({
    journalTitle: str(d.journalTitle),
    journalVolume: str(d.journalVolume),
    journalIssue: str(d.journalIssue),
    journalPages: str(d.journalPages),
  });
  return {
    ...base(doc, url),
    kind: 'publication',
    title: str(d.title),
    creators: citedAuthors(strings(d.authors)).map((name) => ({ name, affiliation: '' })),
    subjects: PUBLICATION_KINDS[kind] ? [PUBLICATION_KINDS[kind]] : [],
    description: str(d.summary),
    publisher: str(d.publisher) || SITE_NAME,
    date: num(d.year),
    doi,
    language: workLanguage({ title: str(d.title), language: d.language }),
    source: journal || (str(d.isbn) ? `ISBN ${str(d.isbn)}` : ''),
    relations: [str(d.url)].filter((u) => /^https?:\/\//.test(u)),
    rights: '',
    formats: formatsOf(d.attachments),
  };
}

/** A dataset of the data repository. */
export function datasetMetadata(doc: Doc, url: string): ScholarlyMetadata {
  const d = doc.data;
  const variables = Array.isArray(d.variables) ? (d.variables as Data[]).map((v) => str(v.name)).filter(Boolean) : [];
  const period = [str(d.periodStart), str(d.periodEnd)].filter(Boolean).join('/');
  const date = str(d.publishedAt).slice(0, 10) || str(d.periodEnd).slice(0, 4);
  return {
    ...base(doc, url),
    kind: 'dataset',
    title: str(d.title),
    creators: [{ name: SITE_NAME, affiliation: '' }],
    subjects: variables,
    description: str(d.summary),
    publisher: SITE_NAME,
    date,
    doi: bareDoi(d.doi),
    language: workLanguage({ title: str(d.title) }),
    source: str(d.citation),
    relations: [doiUrl(bareDoi(d.articleDoi))].filter(Boolean),
    rights: str(d.licence),
    formats: formatsOf(d.files),
    coverage: period,
  };
}
