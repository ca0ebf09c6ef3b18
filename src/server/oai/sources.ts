/**
 * The repository's items, read from the store: each scholarly type is a source with its set, and
 * each stored document becomes its records (a journal issue: one per article of its table of
 * contents). A document visitors cannot see (a draft, scheduled, withdrawn, or a thesis of a
 * conference that is not public) answers as deleted; a document deleted in the admin answers as
 * deleted from its deletion in the audit log (`_audit`, action `delete`) until it is restored.
 */
import { getContentType } from '../../shared/content/registry';
import { placeOf } from '../../shared/content/places';
import type { TocEntry } from '../../shared/content/types/journal';
import { articleAnchor } from '../../shared/head/text';
import type { ContentHistory } from '../content/history';
import type { ContentService } from '../content/service';
import { datestampOf } from '../store/datestamp';
import type { StoredDocument } from '../store/port';
import { articleMetadata, datasetMetadata, publicationMetadata, thesisMetadata } from './describe';
import { identifierOf, type ItemCollection } from './identifiers';
import type { OaiItem, ScholarlyKind, ScholarlyMetadata } from './model';

type Data = Record<string, unknown>;
type Doc = StoredDocument<Data>;

/** A source of items: one scholarly type, its set, and (articles, theses) its sub-sets. */
export interface RecordSource {
  kind: ScholarlyKind;
  collection: ItemCollection;
  /** The type's setSpec. */
  set: string;
  setName: string;
  /** Sub-sets `{set}:{parent id}`: per journal issue (the document itself) or per conference (a field). */
  subsets?: { parent: 'journal' | 'conferences'; field: 'id' | 'conferenceId'; name: string };
}

export const RECORD_SOURCES: readonly RecordSource[] = [
  {
    kind: 'article',
    collection: 'journal',
    set: 'articles',
    setName: 'Статті журналу «Метеорологія. Гідрологія. Моніторинг довкілля»',
    subsets: { parent: 'journal', field: 'id', name: 'Статті випуску' },
  },
  {
    kind: 'thesis',
    collection: 'theses',
    set: 'theses',
    setName: 'Тези доповідей конференцій',
    subsets: { parent: 'conferences', field: 'conferenceId', name: 'Тези конференції' },
  },
  { kind: 'publication', collection: 'publications', set: 'publications', setName: 'Публікації' },
  { kind: 'dataset', collection: 'dataRepo', set: 'datasets', setName: 'Набори даних' },
];

/** The source of a collection. */
export function sourceOf(collection: ItemCollection): RecordSource {
  return RECORD_SOURCES.find((s) => s.collection === collection)!;
}

/** setSpecs allow letters, digits and `-_.!~*'()` only; other ids get no sub-set. */
const SET_PART = /^[A-Za-z0-9\-_.!~*'()]+$/;

/** The setSpec of a sub-set, or null when the parent id cannot be one. */
export function subsetSpec(source: RecordSource, parentId: string): string | null {
  return source.subsets && SET_PART.test(parentId) ? `${source.set}:${parentId}` : null;
}

/** Reads items for one request (it caches the conferences it looks up). */
export class ItemReader {
  private readonly parents = new Map<string, Promise<{ doc: Doc; url: string } | null>>();

  constructor(
    private readonly content: ContentService,
    private readonly history: ContentHistory,
    private readonly origin: string,
    private readonly repository: string,
  ) {}

  /** A visible document's page on the site (absolute), or null. */
  private url(collection: string, doc: Doc, parentPath?: string | null): string | null {
    const path = placeOf(getContentType(collection), { ...doc.data, id: doc.id }, parentPath);
    return path ? `${this.origin}${path}` : null;
  }

  /** A visible conference and its page (cached), or null. */
  private conference(id: unknown): Promise<{ doc: Doc; url: string } | null> {
    if (typeof id !== 'string') return Promise.resolve(null);
    let found = this.parents.get(id);
    if (!found) {
      found = (async () => {
        const doc = await this.content.store.get<Data>('conferences', id);
        if (!doc || !this.content.isVisible(getContentType('conferences'), doc.data)) return null;
        const url = this.url('conferences', doc);
        return url ? { doc, url } : null;
      })();
      this.parents.set(id, found);
    }
    return found;
  }

  private sets(source: RecordSource, parentId: unknown): string[] {
    const sub = typeof parentId === 'string' ? subsetSpec(source, parentId) : null;
    return sub ? [source.set, sub] : [source.set];
  }

  /**
   * The records of a stored document: full when visitors see it, deleted otherwise. Its datestamp is
   * the store's (the later of the last update and the scheduled publication) once that has come,
   * the last update before (lists do not show it before: see DateRange's `now`).
   */
  async itemsOf(collection: ItemCollection, doc: Doc): Promise<OaiItem[]> {
    const source = sourceOf(collection);
    const visible = this.content.isVisible(getContentType(collection), doc.data);
    const stamp = datestampOf(doc.updatedAt, doc.data);
    const datestamp = stamp <= this.content.now().toISOString() ? stamp : doc.updatedAt;
    const header = (n: number | undefined, parentId: unknown, metadata: ScholarlyMetadata | null): OaiItem => ({
      identifier: identifierOf(this.repository, { collection, id: doc.id, ...(n !== undefined ? { n } : {}) }),
      datestamp,
      sets: this.sets(source, parentId),
      kind: source.kind,
      metadata,
    });
    if (collection === 'journal') {
      const toc = (Array.isArray(doc.data.toc) ? doc.data.toc : []) as TocEntry[];
      const url = visible ? this.url(collection, doc) : null;
      return toc.map((entry, i) =>
        header(i + 1, doc.id, url ? articleMetadata(doc, entry, `${url}#${articleAnchor(i + 1)}`) : null),
      );
    }
    if (collection === 'theses') {
      const conference = visible ? await this.conference(doc.data.conferenceId) : null;
      const url = conference ? this.url(collection, doc, conference.url.slice(this.origin.length)) : null;
      const meta = conference && url ? thesisMetadata(doc, conference.doc, url, conference.url) : null;
      return [header(undefined, doc.data.conferenceId, meta)];
    }
    const url = visible ? this.url(collection, doc) : null;
    if (!url) return [header(undefined, undefined, null)];
    return [
      header(undefined, undefined, (collection === 'dataRepo' ? datasetMetadata : publicationMetadata)(doc, url)),
    ];
  }

  /**
   * The deleted records of a document removed in the admin at `at` (its audit entry `entryId`):
   * none when it exists again (restored) or a later deletion stands for it. An issue's articles
   * are counted from its last saved revision.
   */
  async deletedItemsOf(collection: ItemCollection, id: string, at: string, entryId: string): Promise<OaiItem[]> {
    if (await this.content.store.get(collection, id)) return [];
    const [latest] = (await this.history.audit({ collection, action: 'delete', documentId: id, limit: 1 })).entries;
    if (latest && latest.id !== entryId) return [];
    const source = sourceOf(collection);
    const revision = source.subsets ? await this.history.latest(collection, id) : null;
    const parentId = collection === 'journal' ? id : revision?.data.conferenceId;
    const header = (n?: number): OaiItem => ({
      identifier: identifierOf(this.repository, { collection, id, ...(n !== undefined ? { n } : {}) }),
      datestamp: at,
      sets: this.sets(source, parentId),
      kind: source.kind,
      metadata: null,
    });
    if (collection !== 'journal') return [header()];
    const toc = revision && Array.isArray(revision.data.toc) ? revision.data.toc : [];
    return toc.map((_, i) => header(i + 1));
  }
}
