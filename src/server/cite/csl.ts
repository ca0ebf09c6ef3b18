/**
 * Citable documents as CSL-JSON items (the citation library's input and the CSL-JSON download):
 * publications by kind, conference theses as conference papers, datasets as datasets.
 */
import { PUBLICATION_KINDS } from '../../shared/content/constants';
import type { ContentDocument } from '../../shared/content/registry';
import { SITE_NAME } from '../../shared/head/siteFacts';
import { citedAuthors, datasetVersionOf, eventPlace, workLanguage } from '../../shared/head/text';
import { datasetIssued } from '../scholarly/datasetRecord';
import { type CslName, cslName } from './names';

export { type CslName, cslName };

/** A CSL-JSON item (the fields used here; see the CSL-JSON schema). */
export interface CslItem {
  id: string;
  type: string;
  title: string;
  author: CslName[];
  issued: { 'date-parts': number[][] };
  [field: string]: unknown;
}

function dateParts(date: string): number[] {
  return date.slice(0, 10).split('-').map(Number);
}

const INSTITUTE: CslName = { literal: SITE_NAME };

/** The CSL type of each publication kind. */
const PUBLICATION_TYPES: Record<keyof typeof PUBLICATION_KINDS, string> = {
  monograph: 'book',
  guidance: 'report',
  serial: 'book',
  journal: 'periodical',
  atlas: 'map',
  dataset: 'dataset',
  article: 'article-journal',
};

/** «Київ: Ніка-Центр» → place and publisher. */
function publisherOf(text: string): { publisher?: string; 'publisher-place'?: string } {
  const m = /^([^:]+):\s*(.+)$/.exec(text);
  if (m) return { 'publisher-place': m[1]!.trim(), publisher: m[2]!.trim() };
  return text ? { publisher: text } : {};
}

/** A journal article's journal: container title, volume, issue and pages (or article number). */
function journalOf(p: ContentDocument<'publications'>): Partial<CslItem> {
  if (!p.journalTitle) return {};
  return {
    'container-title': p.journalTitle,
    ...(p.journalVolume ? { volume: p.journalVolume } : {}),
    ...(p.journalIssue ? { issue: p.journalIssue } : {}),
    ...(p.journalPages ? { page: p.journalPages.replace(/\s*[–—]\s*/, '-') } : {}),
  };
}

export function publicationCsl(p: ContentDocument<'publications'>, url: string): CslItem {
  const authors = citedAuthors(p.authors);
  return {
    id: p.slug,
    type: PUBLICATION_TYPES[p.kind],
    title: p.title,
    author: authors.length ? authors.map(cslName) : [INSTITUTE],
    issued: { 'date-parts': [[p.year]] },
    ...journalOf(p),
    ...publisherOf(p.publisher),
    ...(p.pages ? { 'number-of-pages': p.pages } : {}),
    ...(p.isbn ? { ISBN: p.isbn } : {}),
    ...(p.doi ? { DOI: p.doi } : {}),
    URL: url,
    language: workLanguage(p),
    ...(p.summary ? { abstract: p.summary } : {}),
  };
}

export function thesisCsl(t: ContentDocument<'theses'>, conf: ContentDocument<'conferences'>, url: string): CslItem {
  return {
    id: t.slug,
    type: 'paper-conference',
    title: t.title,
    author: t.authors.map((a) => cslName(a.name)),
    issued: { 'date-parts': [dateParts(conf.startDate)] },
    'container-title': `Матеріали конференції «${conf.title}»`,
    'event-title': conf.title,
    ...(eventPlace(conf.location) ? { 'event-place': eventPlace(conf.location) } : {}),
    publisher: SITE_NAME,
    // CSL's `keyword` is one string; RIS writers split it at commas into one KW line each.
    ...(t.keywords.length ? { keyword: t.keywords.join(',') } : {}),
    URL: url,
    language: workLanguage(t),
    ...(t.summary ? { abstract: t.summary } : {}),
  };
}

/**
 * A dataset: the same creators (the institute when none are named) and year as its DataCite and
 * DCAT records, i.e. its first release.
 */
export function datasetCsl(d: ContentDocument<'dataRepo'>, url: string): CslItem {
  const version = datasetVersionOf(d);
  return {
    id: d.slug,
    type: 'dataset',
    title: d.title,
    author: d.creators.length ? d.creators.map((c) => cslName(c.name)) : [INSTITUTE],
    issued: { 'date-parts': [dateParts(datasetIssued(d))] },
    publisher: SITE_NAME,
    ...(version ? { version } : {}),
    ...(d.doi ? { DOI: d.doi } : {}),
    URL: url,
    language: workLanguage(d),
    ...(d.summary ? { abstract: d.summary } : {}),
  };
}
