/**
 * The document store on Cloud Firestore (firebase-admin), for BACKEND=firebase: the DocumentStore
 * port with the same results as the SQLite store (tests/contract runs one suite against both).
 *
 * Layout: the port's collection is a Firestore collection; a document holds
 *   data       the port's data (JSON-clean: what JSON.stringify keeps, as SQLite stores it)
 *   version, createdAt, updatedAt   (number, ISO 8601 UTC strings)
 *   datestamp  the later of updatedAt and data.publishedAt (datestamp.ts; OAI-PMH lists order by it)
 *   _sort      {field: ukSortKey(value)} for every top-level string/number/boolean/null data field
 *              except rich-text fields: what lists with `collation: 'uk'` order by
 *   _lo        {field: value, or '' for null} of NULL_LOW_FIELDS (publishedAt): the visibility rule
 *              `is-null-or-<=` as one range (indexes.ts)
 *   _text      the normalised search text (shared/content/search.ts, as SQLite's `search` column)
 *   _search    the distinct 1-, 2- and 3-character substrings of each word of `_text`
 *   _unique    {field: value} of the unique guards it holds
 *   _site      the visitor search's entry (server/search/siteIndex.ts: the title's and text's stemmed
 *              terms, `visibleFrom`, `parent`) and `w`, {term: stored BM25 weight} of each distinct
 *              term (search/rank.ts termWeights), null for drafts and types not on the site
 * Guards: `_unique/{collection}:{field}:{hash of the value}` = {collection, field, value, owner}.
 * Document ids containing `/` or `%` (or reserved by Firestore: `.`, `..`, `__…__`) are stored
 * percent-encoded; the port sees its own ids.
 *
 * The parts: context.ts (what they share), ids.ts (ids, guard ids), grams.ts (search grams),
 * values.ts (Firestore's value order, filters in memory), document.ts (the stored form above),
 * filters.ts (references, filtered queries, count), list.ts and listSearch.ts (list pages),
 * siteSearch.ts (the visitor search), commit.ts with transaction.ts (commits and guards),
 * createMany.ts (chunked creates), changeFeed.ts (the change feed between instances), indexes.ts
 * (the query shapes and the composite indexes they need), datestamps.ts (the OAI datestamp backfill).
 *
 * Firestore references: transactions https://firebase.google.com/docs/firestore/manage-data/transactions
 * (reads before writes, retried on contention), query cursors and offsets
 * https://firebase.google.com/docs/firestore/query-data/query-cursors, count()
 * https://firebase.google.com/docs/firestore/query-data/aggregation-queries, OR queries
 * https://firebase.google.com/docs/firestore/query-data/queries#or_queries (at most 30 disjunctions),
 * one array-contains per query, ordering of values
 * https://firebase.google.com/docs/firestore/manage-data/data-types (null < booleans < numbers <
 * strings; strings by UTF-8 bytes).
 */
import { Firestore, type Settings } from 'firebase-admin/firestore';
import { searchTerms } from '../../../shared/content/search';
import { filterShape, type QueryShape } from './indexes';
import {
  autoId,
  type ChangeEvent,
  type Filter,
  type ListQuery,
  type ListResult,
  type SiteSearchQuery,
  type SiteSearchResult,
  type StoredDocument,
  type WriteOp,
} from '../port';
import { CommitDocumentStore, registrySearchText } from '../storeBase';
import { ChangeFeed, type ChangeFeedOptions } from './changeFeed';
import { commitWrites } from './commit';
import type { FsContext } from './context';
import { createInChunks } from './createMany';
import { toDocument } from './document';
import { countWhere, filtered, ref } from './filters';
import { listPage } from './list';
import { listSearch, SEARCH_CANDIDATES } from './listSearch';
import { siteSearch, SITE_SEARCH_CANDIDATES } from './siteSearch';

export { CHANGES_COLLECTION, MAX_LISTED_CHANGES, type ChangeFeedOptions } from './changeFeed';
export { UNIQUE_COLLECTION } from './commit';
export { CREATE_MANY_CHUNK } from './createMany';
export { SEARCH_CANDIDATES } from './listSearch';
export { SITE_SEARCH_CANDIDATES } from './siteSearch';

/** Options of createFirestoreStore (and of the store's constructor, less `firestore` and `settings`). */
export interface FirestoreStoreOptions {
  /** A Firestore instance (e.g. `getFirestore(app)` of firebase-admin); the store does not terminate it. */
  firestore?: Firestore;
  /**
   * Settings of a Firestore instance the store creates (and terminates on close), e.g.
   * `{ projectId: 'demo-x', host: '127.0.0.1:8080', ssl: false }` for the emulator.
   */
  settings?: Settings;
  /** Normalised search text kept for a document (default: its content type's searchable fields). */
  searchText?: (collection: string, data: unknown) => string;
  /** Called with the shape of every query the store sends (tests check them against firestore.indexes.json). */
  onQuery?: (shape: QueryShape) => void;
  /** Write and follow the change feed (server instances sharing one database: see ChangeFeedOptions). */
  changeFeed?: boolean | ChangeFeedOptions;
  /** Documents a visitor search reads per collection, at most (default SITE_SEARCH_CANDIDATES). */
  siteSearchCandidates?: number;
  /** Documents an admin search reads, at most (default SEARCH_CANDIDATES; past it the result is `partial`). */
  searchCandidates?: number;
  /** Called with the number of documents each read of a search returned (tests check the bound). */
  onRead?: (documents: number) => void;
}

/** The DocumentStore on Cloud Firestore. */
export class FirestoreDocumentStore extends CommitDocumentStore {
  private readonly ctx: FsContext;
  /** This store's id in the change feed (its own change documents are not re-emitted). */
  readonly origin = autoId();
  private readonly feed: ChangeFeed;
  private closed = false;

  constructor(
    readonly db: Firestore,
    options: Omit<FirestoreStoreOptions, 'firestore' | 'settings'> = {},
    private readonly ownsClient = false,
  ) {
    super();
    this.ctx = {
      db,
      searchText: options.searchText ?? registrySearchText,
      onQuery: options.onQuery,
      onRead: options.onRead,
      siteSearchCandidates: options.siteSearchCandidates ?? SITE_SEARCH_CANDIDATES,
      searchCandidates: options.searchCandidates ?? SEARCH_CANDIDATES,
    };
    this.feed = new ChangeFeed(db, this.origin, options.changeFeed, (event) => this.emit(event));
  }

  /**
   * Resolves once the change feed's listener has had its first snapshot from the database, i.e. from
   * then on other instances' commits arrive within a round trip (earlier ones are replayed anyway).
   * Never resolves for a store without the feed.
   */
  feedListening(): Promise<void> {
    return this.feed.listening();
  }

  /** Deletes change documents older than the retention (up to 400 per call). */
  async trimFeed(): Promise<number> {
    return this.feed.trim();
  }

  /**
   * Listeners hear the writes made through this store at once and, with `changeFeed` on, those of
   * other stores on the same database (server instances) as their change documents arrive; a large
   * remote batch is announced as one event with id `*` per collection.
   */
  override onChange(listener: (event: ChangeEvent) => void): () => void {
    return super.onChange(listener);
  }

  async get<T>(collection: string, id: string): Promise<StoredDocument<T> | null> {
    const snap = await ref(this.db, collection, id).get();
    return snap.exists ? toDocument<T>(collection, snap) : null;
  }

  async findOne<T>(collection: string, where: Filter[]): Promise<StoredDocument<T> | null> {
    this.ctx.onQuery?.(filterShape(collection, where));
    const snap = await filtered(this.db, collection, where).limit(1).get();
    const first = snap.docs[0];
    return first ? toDocument<T>(collection, first) : null;
  }

  /** count() aggregation (charged one read per 1000 index entries). */
  async count(collection: string, where?: Filter[]): Promise<number> {
    return countWhere(this.ctx, collection, where);
  }

  /** A page of a list: list.ts without `search`, listSearch.ts with. */
  async list<T>(collection: string, query: ListQuery): Promise<ListResult<T>> {
    const terms = query.search ? searchTerms(query.search) : [];
    if (terms.length) return listSearch<T>(this.ctx, collection, query, terms);
    return listPage<T>(this.ctx, collection, query);
  }

  /** The visitor search (siteSearch.ts). */
  async siteSearch(query: SiteSearchQuery): Promise<SiteSearchResult> {
    return siteSearch(this.ctx, query);
  }

  /** Atomic up to CREATE_MANY_CHUNK documents; a larger set in consecutive transactions (createMany.ts). */
  async createMany(items: Array<{ collection: string; id: string; data: unknown }>): Promise<void> {
    await createInChunks((ops) => this.commit(ops), items);
  }

  /** Applies the writes in one Firestore transaction, all or none (see the port and commit.ts). */
  async commit(ops: WriteOp[]): Promise<Array<StoredDocument<unknown> | null>> {
    if (ops.length === 0) return [];
    const plan = await commitWrites(this.ctx, this.feed, ops);
    for (const event of plan.events) this.emit(event);
    return plan.writes.map((write) => write.doc);
  }

  /** Stops following the change feed; ends the Firestore client when the store created it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.feed.stop();
    if (this.ownsClient) await this.db.terminate();
  }
}

/**
 * A Firestore document store: on a given instance (`firestore`, e.g. firebase-admin's
 * `getFirestore(app)`), or on a new one made from `settings` (closed with the store). For the
 * emulator, pass `settings: { projectId: 'demo-…', host: '127.0.0.1:PORT', ssl: false }`.
 */
export function createFirestoreStore(options: FirestoreStoreOptions = {}): FirestoreDocumentStore {
  const { firestore, settings, ...rest } = options;
  if (firestore) return new FirestoreDocumentStore(firestore, rest, false);
  const emulated = settings?.ssl === false;
  const db = new Firestore({
    ...settings,
    // The emulator treats this token as an administrator (as FIRESTORE_EMULATOR_HOST makes the SDK do).
    ...(emulated
      ? {
          customHeaders: {
            Authorization: 'Bearer owner',
            ...(settings?.customHeaders as Record<string, string> | undefined),
          },
        }
      : {}),
  });
  return new FirestoreDocumentStore(db, rest, true);
}
