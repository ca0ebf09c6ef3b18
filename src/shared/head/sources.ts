/**
 * What a page says about itself beyond its title: the sources of its structured data (JSON-LD) and
 * scholarly `citation_*` meta. Components name a source with `useHeadSource`; turning sources into
 * tags is `client/lib/head/build.ts`, which the server's render imports and the browser loads lazily on navigation, so the
 * public bundle carries only these types and a short id per source.
 */
import type { ContentDocument } from '../content/registry';

/** A step of the trail from the home page to the current page (breadcrumbs and their BreadcrumbList). */
export interface Crumb {
  label: string;
  to?: string;
  /** The label's language when it is not Ukrainian. */
  lang?: string;
}

export type HeadSource =
  | {
      kind: 'organization';
      contacts: Array<Pick<ContentDocument<'contacts'>, 'id' | 'updatedAt' | 'title' | 'address' | 'phones' | 'email'>>;
    }
  | { kind: 'breadcrumbs'; crumbs: Crumb[] }
  | { kind: 'news'; item: ContentDocument<'news'> }
  | { kind: 'trainings'; items: ContentDocument<'trainings'>[] }
  | { kind: 'conference'; item: ContentDocument<'conferences'> }
  | { kind: 'thesis'; item: ContentDocument<'theses'>; conference: ContentDocument<'conferences'> }
  | { kind: 'publication'; item: ContentDocument<'publications'> }
  | { kind: 'journalIssue'; item: ContentDocument<'journal'> }
  | { kind: 'dataset'; item: ContentDocument<'dataRepo'> };

type Versioned = { id: string; updatedAt: string };

/**
 * A short identity of a source (its kind and the ids and revisions of the documents it reads): the
 * browser rebuilds a source's tags only when this differs from the tags already in the head.
 */
export function headSourceId(source: HeadSource): string {
  const ids = (docs: Versioned[]) => docs.map((d) => `${d.id}@${d.updatedAt}`).join(',');
  switch (source.kind) {
    case 'organization':
      return `organization:${ids(source.contacts)}`;
    case 'breadcrumbs':
      return `breadcrumbs:${source.crumbs.map((c) => `${c.label}>${c.to ?? ''}`).join('|')}`;
    case 'trainings':
      return `trainings:${ids(source.items)}`;
    case 'thesis':
      return `thesis:${ids([source.item, source.conference])}`;
    default:
      return `${source.kind}:${ids([source.item])}`;
  }
}
