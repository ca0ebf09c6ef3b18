/**
 * FAIR signposting level 1 (https://signposting.org/FAIR/) for scholarly landing pages: the typed
 * links a page gives both as HTTP `Link` headers (ssr/plugin.ts) and as `<link>` tags in its head
 * (ssr/document.ts): `cite-as` (the DOI, else the page), `describedby` (DataCite XML, BibTeX),
 * `item` (its files), `collection` (the list or conference it belongs to), `type` (schema.org) and
 * `author` (ORCID iDs). A journal issue's page is a table of contents, not one work: it names no
 * authors (its articles' are theirs) and, having no persistent identifier of its own, no `cite-as`
 * (its articles' DOIs resolve to this same page, so `item` links to them would point back here).
 * Pure; shared by the server and the browser's head updates.
 */
import { citePath, datacitePath, type CiteType } from '../cite';
import type { HeadSource } from './sources';
import { absoluteUrl, type HeadContext } from './text';

export interface LinkTag {
  rel: 'cite-as' | 'describedby' | 'item' | 'collection' | 'type' | 'author' | 'linkset';
  href: string;
  type?: string;
}

/** The relations this module writes (the ones a page's Link header carries). */
export const SIGNPOSTING_RELS: ReadonlySet<string> = new Set([
  'cite-as',
  'describedby',
  'item',
  'collection',
  'type',
  'author',
]);

const SCHEMA = 'https://schema.org/';
const ABOUT_PAGE = `${SCHEMA}AboutPage`;

const PUBLICATION_TYPES: Record<string, string> = {
  monograph: 'Book',
  guidance: 'Report',
  serial: 'Book',
  journal: 'Periodical',
  atlas: 'Map',
  dataset: 'Dataset',
  article: 'ScholarlyArticle',
};

interface Landing {
  /** The work's DOI (bare), '' when it has none. */
  doi: string;
  /** A table of contents (a journal issue) rather than one work: `cite-as` only with a DOI of its own. */
  contents?: true;
  schemaType: string;
  collection: string;
  files: Array<{ url: string; contentType: string }>;
  orcids: string[];
  cite?: { type: CiteType; slug: string };
  datacite?: string;
}

function landingOf(source: HeadSource): Landing | null {
  switch (source.kind) {
    case 'dataset': {
      const d = source.item;
      return {
        doi: d.doi,
        schemaType: 'Dataset',
        collection: '/data_repo',
        files: d.files,
        orcids: (d.creators ?? []).map((c) => c.orcid).filter(Boolean),
        cite: { type: 'datasets', slug: d.slug },
        datacite: datacitePath(d.slug, source.version),
      };
    }
    case 'publication': {
      const p = source.item;
      return {
        doi: p.doi,
        schemaType: PUBLICATION_TYPES[p.kind] ?? 'CreativeWork',
        collection: '/publications',
        files: p.attachments,
        orcids: [],
        cite: { type: 'publications', slug: p.slug },
      };
    }
    case 'thesis': {
      const t = source.item;
      return {
        doi: '',
        schemaType: 'ScholarlyArticle',
        collection: `/conf/${source.conference.slug}`,
        files: t.pdf ? [t.pdf] : [],
        orcids: t.authors.map((a) => a.orcid ?? '').filter(Boolean),
        cite: { type: 'theses', slug: t.slug },
      };
    }
    case 'journalIssue': {
      const j = source.item;
      return {
        doi: '',
        contents: true,
        schemaType: 'PublicationIssue',
        collection: '/journal',
        files: j.pdf ? [j.pdf] : [],
        orcids: [],
      };
    }
    default:
      return null;
  }
}

/** A media type without parameters (`text/csv; charset=utf-8` → `text/csv`). */
const essence = (type: string) => type.split(';')[0]!.trim();

/** The signposting links of a page's head source (none for sources that are not scholarly works). */
export function signpostingLinks(source: HeadSource, ctx: HeadContext): LinkTag[] {
  const landing = landingOf(source);
  if (!landing) return [];
  const links: LinkTag[] = [];
  if (landing.doi) links.push({ rel: 'cite-as', href: `https://doi.org/${landing.doi}` });
  else if (!landing.contents) links.push({ rel: 'cite-as', href: ctx.url });
  if (landing.datacite)
    links.push({
      rel: 'describedby',
      href: absoluteUrl(landing.datacite, ctx),
      type: 'application/vnd.datacite.datacite+xml',
    });
  if (landing.cite)
    links.push({
      rel: 'describedby',
      href: absoluteUrl(citePath(landing.cite.type, landing.cite.slug, 'bib'), ctx),
      type: 'application/x-bibtex',
    });
  for (const f of landing.files)
    links.push({ rel: 'item', href: absoluteUrl(f.url, ctx), type: essence(f.contentType) });
  links.push({ rel: 'collection', href: absoluteUrl(landing.collection, ctx), type: 'text/html' });
  links.push({ rel: 'type', href: `${SCHEMA}${landing.schemaType}` }, { rel: 'type', href: ABOUT_PAGE });
  for (const orcid of [...new Set(landing.orcids)]) links.push({ rel: 'author', href: `https://orcid.org/${orcid}` });
  return links;
}

/** Links as one HTTP `Link` header value (RFC 8288). */
export function linkHeader(links: readonly LinkTag[]): string {
  return links
    .map(
      (l) =>
        `<${l.href.replace(/[^\x21-\x7e]|[<>"]/gu, (c) => encodeURIComponent(c))}>; rel="${l.rel}"${l.type ? `; type="${l.type}"` : ''}`,
    )
    .join(', ');
}
