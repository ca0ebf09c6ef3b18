/**
 * What a page says about itself beyond its title: the sources of its structured data (JSON-LD) and
 * scholarly `citation_*` meta. Components name a source with `useHeadSource`; turning sources into
 * tags is `client/lib/head/build.ts`, which the server's render imports and the browser loads lazily on navigation, so the
 * public bundle carries only these types and a short id per source.
 */
import type { PublicDocument, PublicListItemFor } from '../content/registry';

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
      contacts: Array<Pick<PublicListItemFor<'contacts'>, 'id' | 'title' | 'address' | 'phones' | 'email'>>;
    }
  | { kind: 'breadcrumbs'; crumbs: Crumb[] }
  | { kind: 'news'; item: PublicDocument<'news'> }
  | { kind: 'trainings'; items: Array<PublicListItemFor<'trainings'>> }
  | { kind: 'conference'; item: PublicDocument<'conferences'> }
  | { kind: 'thesis'; item: PublicDocument<'theses'>; conference: PublicDocument<'conferences'> }
  | { kind: 'publication'; item: PublicDocument<'publications'> }
  | { kind: 'development'; item: PublicDocument<'developments'>; department?: { title: string; url: string } }
  | { kind: 'journalIssue'; item: PublicDocument<'journal'> }
  /** `version`: on the page of one version (`/data_repo/{slug}/v/{label}`), its label; `item` is the dataset at it. */
  | { kind: 'dataset'; item: PublicDocument<'dataRepo'>; version?: string };

type Versioned = { id: string; updatedAt?: string };

/** FNV-1a (32 bits) of a string, in base 36: a short fingerprint, not a secure hash. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

const fingerprints = new WeakMap<object, string>();

/** `doc`'s id and revision; a list item's fingerprint is kept per object (the read cache's answers are frozen and shared). */
function versionOf(doc: Versioned): string {
  if (doc.updatedAt) return `${doc.id}@${doc.updatedAt}`;
  let version = fingerprints.get(doc);
  if (version === undefined) {
    version = `${doc.id}#${fingerprint(JSON.stringify(doc))}`;
    if (Object.isFrozen(doc)) fingerprints.set(doc, version);
  }
  return version;
}

/**
 * A short identity of a source (its kind and the ids and revisions of the documents it reads: a
 * document's `updatedAt`, or for a list item, which carries none, a fingerprint of its fields): the
 * browser rebuilds a source's tags only when this differs from the tags already in the head.
 */
export function headSourceId(source: HeadSource): string {
  const ids = (docs: Versioned[]) => docs.map(versionOf).join(',');
  switch (source.kind) {
    case 'organization':
      return `organization:${ids(source.contacts)}`;
    case 'breadcrumbs':
      return `breadcrumbs:${source.crumbs.map((c) => `${c.label}>${c.to ?? ''}`).join('|')}`;
    case 'trainings':
      return `trainings:${ids(source.items)}`;
    case 'thesis':
      return `thesis:${ids([source.item, source.conference])}`;
    case 'dataset':
      return `dataset:${ids([source.item])}/${source.version ?? ''}`;
    default:
      return `${source.kind}:${ids([source.item])}`;
  }
}
