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
 *              `is-null-or-<=` as one range (firestoreIndexes.ts)
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
 * Firestore references: transactions https://firebase.google.com/docs/firestore/manage-data/transactions
 * (reads before writes, retried on contention), query cursors and offsets
 * https://firebase.google.com/docs/firestore/query-data/query-cursors, count()
 * https://firebase.google.com/docs/firestore/query-data/aggregation-queries, OR queries
 * https://firebase.google.com/docs/firestore/query-data/queries#or_queries (at most 30 disjunctions),
 * one array-contains per query, ordering of values
 * https://firebase.google.com/docs/firestore/manage-data/data-types (null < booleans < numbers <
 * strings; strings by UTF-8 bytes).
 */
import { createHash } from 'node:crypto';
import {
  FieldPath,
  FieldValue,
  Filter as FsFilter,
  Firestore,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type Settings,
  type Transaction,
} from 'firebase-admin/firestore';
import { richTextFieldsOf } from '../../shared/content/define';
import { findContentType } from '../../shared/content/registry';
import { searchTerms } from '../../shared/content/search';
import { bm25Scores, MAX_WEIGHTED_TERM, termWeights } from '../search/rank';
import { siteSearchCollections, siteSearchEntry, type SiteSearchEntry } from '../search/siteIndex';
import { datestampOf } from './datestamp';
import { CommitDocumentStore, decodeCursor, encodeCursor, registrySearchText, sortKeysOf } from './storeBase';
import {
  filterShape,
  filterTarget,
  listOrder,
  listShape,
  nullLowOf,
  gramCountShape,
  searchShape,
  valuePath,
  type QueryShape,
} from './firestoreIndexes';
import {
  commitReads,
  docKey,
  planCommit,
  withIds,
  type CommitPlan,
  type CommitReads,
  type StoredState,
} from './planCommit';
import {
  autoId,
  VersionConflictError,
  type ChangeEvent,
  type Filter,
  type ListQuery,
  type ListResult,
  type SiteSearchQuery,
  type SiteSearchResult,
  type StoredDocument,
  type WriteOp,
} from './port';

/** The collection of unique-value guard documents. */
export const UNIQUE_COLLECTION = '_unique';

/** The change feed: one document per commit of a store with `changeFeed` on (see ChangeFeedOptions). */
export const CHANGES_COLLECTION = '_changes';

/** A change document lists at most this many changes; a larger commit names its collections only. */
export const MAX_LISTED_CHANGES = 100;

/**
 * createMany writes at most this many documents (and about this many bytes of data) per Firestore
 * transaction: Firestore's documented limits are 500 writes per commit and 10 MiB per request.
 */
export const CREATE_MANY_CHUNK = 400;
const CREATE_MANY_CHUNK_BYTES = 4 * 1024 * 1024;
/** gRPC status ABORTED: Firestore gave up a transaction for contention. */
const GRPC_ABORTED = 10;
/** gRPC status INVALID_ARGUMENT, which the emulator answers for a transaction it already gave up. */
const GRPC_INVALID_ARGUMENT = 3;
/** Attempts of a transaction the emulator closed under contention (see `transaction`). */
const CLOSED_TRANSACTION_ATTEMPTS = 3;

/**
 * Whether an error is the Firestore emulator's «Transaction is invalid or closed»: under contention
 * it times a waiting transaction out and answers its next call so, where Firestore answers ABORTED
 * and the SDK retries (firebase-tools issues 4473 and 6758). Nothing of that transaction was written.
 */
function isClosedTransaction(err: unknown): boolean {
  const e = err as { code?: unknown; details?: unknown; message?: unknown };
  return e.code === GRPC_INVALID_ARGUMENT && /transaction is invalid or closed/i.test(String(e.details ?? e.message));
}

/**
 * The change feed across server instances. Every commit also writes, in the same transaction, a
 * `_changes` document `{origin, at (server time), expireAt, changes: [{collection, id, kind}],
 * collections, truncated}`; every store listens (`onSnapshot`) to the change documents newer than
 * its start and re-emits the ones other instances wrote through `onChange`, so caches on every
 * instance are invalidated within a round trip. Change documents older than `retentionMs` are
 * deleted by each instance (and carry `expireAt` for a Firestore TTL policy on `_changes`).
 */
export interface ChangeFeedOptions {
  /** How long change documents are kept (default 10 minutes); a listener cut off for longer misses changes. */
  retentionMs?: number;
  /** How often this instance deletes expired change documents (default: half the retention; 0: never). */
  trimEveryMs?: number;
  /** Where listener failures are reported. */
  log?: { warn(message: string): void };
}

type Scalar = string | number | boolean | null;

/** The fields a stored Firestore document has (see the module comment). */
interface FsDocument {
  data: unknown;
  version: number;
  createdAt: string;
  updatedAt: string;
  /** The later of updatedAt and data.publishedAt (datestamp.ts). */
  datestamp: string;
  _sort: Record<string, Scalar>;
  /** NULL_LOW_FIELDS' values, '' for null (firestoreIndexes.ts). */
  _lo: Record<string, string>;
  _text: string;
  _search: string[];
  _unique: Record<string, string | number>;
  _site: FsSiteEntry | null;
}

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

/** One entry of a change document. */
interface FeedEntry {
  collection: string;
  id: string;
  kind: ChangeEvent['kind'];
}

/** Firestore document id of a port id (`%` and `/` percent-encoded; `.`, `..`, `__…__` escaped). */
export function encodeId(id: string): string {
  let out = id.replace(/%/g, '%25').replace(/\//g, '%2F');
  if (out === '.' || out === '..') out = `%2E${out.slice(1)}`;
  else if (/^__.*__$/.test(out)) out = `%5F${out.slice(1)}`;
  return out;
}

/** The port id of a Firestore document id (inverse of encodeId). */
export function decodeId(id: string): string {
  return id.replace(/%(25|2F|2E|5F)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The distinct 1-, 2- and 3-character substrings of every word of a normalised text. */
export function searchGrams(text: string): string[] {
  const grams = new Set<string>();
  for (const word of text.split(' ')) {
    const chars = Array.from(word);
    for (let i = 0; i < chars.length; i += 1) {
      for (let n = 1; n <= 3 && i + n <= chars.length; n += 1) grams.add(chars.slice(i, i + n).join(''));
    }
  }
  return [...grams];
}

/** The term a visitor search reads candidates by: its longest (likely the rarest). */
function probeTerm(terms: string[]): string {
  return terms.reduce((a, b) => (b.length > a.length ? b : a));
}

/**
 * The visitor search's entry as Firestore keeps it (`_site`): siteIndex.ts's entry and `w`, each
 * distinct term's stored BM25 weight (termWeights), which the search orders by. A map, not an
 * array: every entry has its own automatic single-field index, so a query can read the documents
 * of one term best first.
 */
export type FsSiteEntry = SiteSearchEntry & { w: Record<string, number> };

/** The `_site` field of a document (null: not found by visitors). */
function siteEntryOf(collection: string, data: unknown): FsSiteEntry | null {
  const entry = siteSearchEntry(collection, data);
  return entry && { ...entry, w: termWeights(entry) };
}

/** Documents a visitor search reads per collection on the site, at most (FirestoreStoreOptions.siteSearchCandidates). */
export const SITE_SEARCH_CANDIDATES = 100;

/** Grams a search counts to choose the rarest (the longest terms' first). */
const MAX_COUNTED_GRAMS = 8;

/** Documents an admin search reads, at most (FirestoreStoreOptions.searchCandidates). */
export const SEARCH_CANDIDATES = 1000;

/**
 * The grams a search may read its candidates by, longest terms first: a term of up to three
 * characters is a gram itself, a longer one gives its distinct 3-character grams (a document
 * containing the term contains each). At most MAX_COUNTED_GRAMS.
 */
export function searchGramsOf(terms: string[]): string[] {
  const grams = new Set<string>();
  for (const term of [...terms].sort((a, b) => Array.from(b).length - Array.from(a).length)) {
    const chars = Array.from(term);
    if (chars.length <= 3) grams.add(term);
    else for (let i = 0; i + 3 <= chars.length; i += 1) grams.add(chars.slice(i, i + 3).join(''));
  }
  return [...grams].slice(0, MAX_COUNTED_GRAMS);
}

function typeRank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'boolean') return 1;
  if (typeof v === 'number') return 2;
  if (typeof v === 'string') return 3;
  return 4;
}

/** Firestore's value order for scalars: null < booleans < numbers < strings (by UTF-8 bytes). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 1 || ra === 2) return Number(a) - Number(b);
  if (ra === 3) return Buffer.compare(Buffer.from(a as string, 'utf8'), Buffer.from(b as string, 'utf8'));
  return 0;
}

/** Whether a stored value passes a port filter, with Firestore's semantics (comparisons within one type). */
function passes(filter: Filter, value: unknown): boolean {
  const v = value === undefined ? undefined : value;
  const sameType = v !== undefined && v !== null && typeRank(v) === typeRank(filter.value);
  switch (filter.op) {
    case '==':
      return filter.value === null ? v === null : sameType && compareValues(v, filter.value) === 0;
    case 'array-contains':
      return (
        Array.isArray(v) &&
        v.some(
          (x) =>
            x === filter.value ||
            (x !== null && typeRank(x) === typeRank(filter.value) && compareValues(x, filter.value) === 0),
        )
      );
    case 'is-null-or-<=':
      return v === null || (sameType && compareValues(v, filter.value) <= 0);
    case '<':
      return sameType && compareValues(v, filter.value) < 0;
    case '<=':
      return sameType && compareValues(v, filter.value) <= 0;
    case '>':
      return sameType && compareValues(v, filter.value) > 0;
    case '>=':
      return sameType && compareValues(v, filter.value) >= 0;
  }
}

/** Decodes a cursor of `length` scalar order values whose last one is the document id. */
function decodeOrderCursor(cursor: string, length: number): Scalar[] {
  return decodeCursor<Scalar>(
    cursor,
    length,
    (v, i) =>
      (i < length - 1 || typeof v === 'string') &&
      (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'),
  );
}

/** A value at a path of a snapshot (`__name__` = the port id). */
function valueAt(snap: DocumentSnapshot, path: string): unknown {
  if (path === '__name__') return decodeId(snap.id);
  return snap.get(path);
}

function guardId(collection: string, field: string, value: string | number): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([typeof value, value]))
    .digest('hex')
    .slice(0, 40);
  return `${encodeId(collection)}:${field}:${hash}`;
}

/** What a commit reads in its transaction (see `readCommitState`). */
interface CommitRead {
  state: StoredState;
  /** The guards each stored target held (`_unique`), by `docKey`. */
  heldBefore: Map<string, Record<string, string | number>>;
  /** The owner of each guard read (claimed or held by a target), null when absent. */
  guardOwner: Map<string, string | null>;
}

/** The DocumentStore on Cloud Firestore. */
export class FirestoreDocumentStore extends CommitDocumentStore {
  private readonly searchText: (collection: string, data: unknown) => string;
  private readonly onQuery?: (shape: QueryShape) => void;
  private readonly onRead?: (documents: number) => void;
  private readonly siteSearchCandidates: number;
  private readonly searchCandidates: number;
  /** This store's id in the change feed (its own change documents are not re-emitted). */
  readonly origin = autoId();
  private readonly feed: Required<ChangeFeedOptions> | null;
  private feedStop: (() => void) | null = null;
  private feedTimer: NodeJS.Timeout | null = null;
  private feedRetry: NodeJS.Timeout | null = null;
  /** Change documents already handled (until they are deleted), so a resubscription repeats nothing. */
  private readonly feedSeen = new Set<string>();
  /** Server time of the newest change document handled: where a resubscription starts. */
  private feedFrom: Timestamp;
  /** Resolves at the feed listener's first snapshot (see feedListening). */
  private feedListened!: () => void;
  private readonly feedListenedPromise = new Promise<void>((resolve) => (this.feedListened = resolve));
  private closed = false;

  constructor(
    readonly db: Firestore,
    options: Omit<FirestoreStoreOptions, 'firestore' | 'settings'> = {},
    private readonly ownsClient = false,
  ) {
    super();
    this.searchText = options.searchText ?? registrySearchText;
    this.onQuery = options.onQuery;
    this.onRead = options.onRead;
    this.siteSearchCandidates = options.siteSearchCandidates ?? SITE_SEARCH_CANDIDATES;
    this.searchCandidates = options.searchCandidates ?? SEARCH_CANDIDATES;
    const feed = options.changeFeed === true ? {} : options.changeFeed || null;
    const retentionMs = feed?.retentionMs ?? 10 * 60_000;
    this.feed = feed
      ? {
          retentionMs,
          trimEveryMs: feed.trimEveryMs ?? retentionMs / 2,
          log: feed.log ?? { warn: (m) => process.emitWarning(m, 'ChangeFeedWarning') },
        }
      : null;
    // Changes committed shortly before the start are replayed too (harmless: caches start empty),
    // so a clock behind the database's loses nothing.
    this.feedFrom = Timestamp.fromMillis(Date.now() - 60_000);
    if (this.feed) {
      this.followFeed();
      if (this.feed.trimEveryMs > 0) {
        this.feedTimer = setInterval(
          () =>
            void this.trimFeed().catch((err: Error) => this.feed?.log.warn(`change feed trim failed: ${err.message}`)),
          this.feed.trimEveryMs,
        );
        this.feedTimer.unref();
      }
    }
  }

  /** Listens to change documents from `feedFrom` on; on an error, logs and listens again after a second. */
  private followFeed(): void {
    if (this.closed || !this.feed) return;
    const query = this.db.collection(CHANGES_COLLECTION).where('at', '>=', this.feedFrom).orderBy('at');
    this.feedStop = query.onSnapshot(
      (snap) => {
        this.feedListened();
        for (const change of snap.docChanges()) {
          const id = change.doc.id;
          if (change.type === 'removed') {
            this.feedSeen.delete(id);
            continue;
          }
          if (change.type !== 'added' || this.feedSeen.has(id)) continue;
          this.feedSeen.add(id);
          const at = change.doc.get('at') as Timestamp | undefined;
          if (at && at.toMillis() > this.feedFrom.toMillis()) this.feedFrom = at;
          if (change.doc.get('origin') === this.origin) continue;
          for (const event of this.eventsOf(change.doc)) this.emit(event);
        }
      },
      (err) => {
        this.feed?.log.warn(`change feed listener failed, listening again: ${err.message}`);
        this.feedStop = null;
        if (this.closed) return;
        this.feedRetry = setTimeout(() => this.followFeed(), 1000);
        this.feedRetry.unref();
      },
    );
  }

  /**
   * Resolves once the change feed's listener has had its first snapshot from the database, i.e. from
   * then on other instances' commits arrive within a round trip (earlier ones are replayed anyway;
   * see feedFrom). Never resolves for a store without the feed.
   */
  feedListening(): Promise<void> {
    return this.feedListenedPromise;
  }

  /** The events of a change document (a truncated one: one event with id `*` per collection). */
  private eventsOf(doc: DocumentSnapshot): ChangeEvent[] {
    if (doc.get('truncated') === true) {
      const collections = (doc.get('collections') as string[] | undefined) ?? [];
      return collections.map((collection) => ({ collection, id: '*', kind: 'update' as const }));
    }
    return ((doc.get('changes') as FeedEntry[] | undefined) ?? []).map((c) => ({
      collection: c.collection,
      id: c.id,
      kind: c.kind,
    }));
  }

  /** Deletes change documents older than the retention (up to 400 per call). */
  async trimFeed(): Promise<number> {
    if (!this.feed) return 0;
    const before = Timestamp.fromMillis(Date.now() - this.feed.retentionMs);
    const old = await this.db.collection(CHANGES_COLLECTION).where('at', '<', before).limit(400).select().get();
    if (old.empty) return 0;
    const batch = this.db.batch();
    for (const doc of old.docs) batch.delete(doc.ref);
    await batch.commit();
    return old.size;
  }

  /** The change document of a commit's events (written in the commit's transaction). */
  private changeDocument(events: ChangeEvent[]): Record<string, unknown> {
    const truncated = events.length > MAX_LISTED_CHANGES;
    return {
      origin: this.origin,
      at: FieldValue.serverTimestamp(),
      expireAt: Timestamp.fromMillis(Date.now() + (this.feed?.retentionMs ?? 0)),
      changes: truncated ? [] : events.map((e) => ({ collection: e.collection, id: e.id, kind: e.kind })),
      collections: [...new Set(events.map((e) => e.collection))],
      truncated,
    };
  }

  private ref(collection: string, id: string): DocumentReference {
    return this.db.collection(collection).doc(encodeId(id));
  }

  /**
   * Listeners hear the writes made through this store at once and, with `changeFeed` on, those of
   * other stores on the same database (server instances) as their change documents arrive; a large
   * remote batch is announced as one event with id `*` per collection.
   */
  override onChange(listener: (event: ChangeEvent) => void): () => void {
    return super.onChange(listener);
  }

  private toDocument<T>(collection: string, snap: DocumentSnapshot, select?: string[]): StoredDocument<T> {
    const raw = snap.data() as Partial<FsDocument>;
    const data = select ? Object.fromEntries(select.map((f) => [f, snap.get(`data.${f}`) ?? null])) : raw.data;
    return {
      collection,
      id: decodeId(snap.id),
      data: data as T,
      version: raw.version as number,
      createdAt: raw.createdAt as string,
      updatedAt: raw.updatedAt as string,
    };
  }

  /**
   * The Firestore filter of port filters: ranges of NULL_LOW_FIELDS on `_lo.{field}` (where
   * `is-null-or-<=` is `<=`), any other `is-null-or-<=` as `== null OR <= value`.
   */
  private filterOf(where: Filter[] | undefined): FsFilter | null {
    const parts: FsFilter[] = [];
    for (const f of where ?? []) {
      const { path, op } = filterTarget(f);
      const target = path === '__name__' ? FieldPath.documentId() : path;
      const value = path === '__name__' && typeof f.value === 'string' ? encodeId(f.value) : f.value;
      if (op === 'is-null-or-<=')
        parts.push(FsFilter.or(FsFilter.where(target, '==', null), FsFilter.where(target, '<=', value)));
      else parts.push(FsFilter.where(target, op, value));
    }
    if (parts.length === 0) return null;
    return parts.length === 1 ? parts[0]! : FsFilter.and(...parts);
  }

  private filtered(collection: string, where: Filter[] | undefined): Query {
    const filter = this.filterOf(where);
    const base = this.db.collection(collection);
    return filter ? base.where(filter) : base;
  }

  async get<T>(collection: string, id: string): Promise<StoredDocument<T> | null> {
    const snap = await this.ref(collection, id).get();
    return snap.exists ? this.toDocument<T>(collection, snap) : null;
  }

  async findOne<T>(collection: string, where: Filter[]): Promise<StoredDocument<T> | null> {
    this.onQuery?.(filterShape(collection, where));
    const snap = await this.filtered(collection, where).limit(1).get();
    const first = snap.docs[0];
    return first ? this.toDocument<T>(collection, first) : null;
  }

  /** count() aggregation (charged one read per 1000 index entries). */
  async count(collection: string, where?: Filter[]): Promise<number> {
    this.onQuery?.(filterShape(collection, where));
    const snap = await this.filtered(collection, where).count().get();
    return snap.data().count;
  }

  /**
   * A page of a list. Without `search`: one query (filters, the order of listOrder, startAfter the
   * cursor's values or an offset, limit + 1 to know whether a next page exists, `select()` for a
   * projection) and a count() aggregation for the total. With `search`: see listSearch.
   */
  async list<T>(collection: string, query: ListQuery): Promise<ListResult<T>> {
    const terms = query.search ? searchTerms(query.search) : [];
    if (terms.length) return this.listSearch<T>(collection, query, terms);
    const order = listOrder(query);
    const direction = query.orderBy.direction;
    let q = this.filtered(collection, query.where);
    for (const o of order) q = q.orderBy(o.path, o.direction);
    q = q.orderBy(FieldPath.documentId(), direction);
    if (query.select)
      q = q.select(
        ...query.select.map((f) => valuePath(f)),
        'version',
        'createdAt',
        'updatedAt',
        ...order.map((o) => o.path),
      );
    if (query.cursor) {
      const values = decodeOrderCursor(query.cursor, order.length + 1);
      q = q.startAfter(...values.slice(0, -1), encodeId(values[values.length - 1] as string));
    } else if (query.offset) {
      q = q.offset(query.offset);
    }
    this.onQuery?.(listShape(collection, query));
    const [snap, total] = await Promise.all([
      q.limit(query.limit + 1).get(),
      query.withTotal ? this.count(collection, query.where) : Promise.resolve(undefined),
    ]);
    const page = snap.docs.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor =
      snap.docs.length > query.limit && last
        ? encodeCursor([...order.map((o) => valueAt(last, o.path) ?? null), decodeId(last.id)])
        : null;
    const result: ListResult<T> = {
      items: page.map((d) => this.toDocument<T>(collection, d, query.select)),
      nextCursor,
    };
    if (total !== undefined) result.total = total;
    return result;
  }

  /**
   * A search list. Firestore has no substring search, so the store keeps each document's 1–3
   * character grams (`_search`) and its normalised text (`_text`). The candidates are the documents
   * containing the query's rarest gram (searchGrams: each short term itself, the 3-character grams
   * of the longer ones; each counted with a limit, so a count costs at most one read whatever the
   * collection's size), read most recently updated first (one array-contains query on a composite
   * index, only the fields the list needs) and at most `searchCandidates` of them. Each is checked
   * for every term in `_text` (the SQLite store's `instr`) and the other filters, then sorted,
   * paged and counted in memory, so pages and totals equal SQLite's whenever the candidates are
   * within the bound; past it the result covers the candidates read and says so (`partial`). The
   * page's documents are then fetched by id.
   */
  private async listSearch<T>(collection: string, query: ListQuery, terms: string[]): Promise<ListResult<T>> {
    const order = listOrder(query);
    const direction = query.orderBy.direction === 'desc' ? -1 : 1;
    const filterPaths = (query.where ?? []).map((f) => valuePath(f.field));
    const paths = [...new Set(['_text', ...filterPaths, ...order.map((o) => o.path)].filter((p) => p !== '__name__'))];
    const gram = await this.rarestGram(collection, terms);
    this.onQuery?.(searchShape(collection));
    const read = await this.db
      .collection(collection)
      .where('_search', 'array-contains', gram)
      .orderBy('updatedAt', 'desc')
      .select(...paths)
      .limit(this.searchCandidates + 1)
      .get();
    this.onRead?.(read.size);
    const partial = read.size > this.searchCandidates;
    const snap = { docs: read.docs.slice(0, this.searchCandidates) };
    const keyOf = (d: DocumentSnapshot): unknown[] => [...order.map((o) => valueAt(d, o.path) ?? null), decodeId(d.id)];
    const compareKeys = (a: unknown[], b: unknown[]): number => {
      for (let i = 0; i < a.length; i += 1) {
        const c =
          i === a.length - 1
            ? compareValues(encodeId(a[i] as string), encodeId(b[i] as string))
            : compareValues(a[i], b[i]);
        if (c !== 0) return c * direction;
      }
      return 0;
    };
    const matches = snap.docs
      .filter((d) => {
        const text = String(d.get('_text') ?? '');
        return (
          terms.every((t) => text.includes(t)) &&
          (query.where ?? []).every((f) => passes(f, valueAt(d, valuePath(f.field))))
        );
      })
      .map((d) => ({ d, key: keyOf(d) }))
      .sort((a, b) => compareKeys(a.key, b.key));
    let start = 0;
    if (query.cursor) {
      const after = decodeOrderCursor(query.cursor, order.length + 1);
      start = matches.findIndex((m) => compareKeys(m.key, after) > 0);
      if (start < 0) start = matches.length;
    } else if (query.offset) {
      start = query.offset;
    }
    const window = matches.slice(start, start + query.limit + 1);
    const page = window.slice(0, query.limit);
    const refs = page.map((m) => m.d.ref);
    const full = refs.length
      ? await this.db.getAll(
          ...refs,
          ...(query.select
            ? [{ fieldMask: [...query.select.map((f) => valuePath(f)), 'version', 'createdAt', 'updatedAt'] }]
            : []),
        )
      : [];
    const last = page[page.length - 1];
    const result: ListResult<T> = {
      items: full.filter((d) => d.exists).map((d) => this.toDocument<T>(collection, d, query.select)),
      nextCursor: window.length > query.limit && last ? encodeCursor(last.key) : null,
    };
    if (query.withTotal) result.total = matches.length;
    if (partial) result.partial = true;
    return result;
  }

  /**
   * The search gram (searchGrams) with the fewest documents in the collection: each counted up to
   * `searchCandidates + 1` (a count with a limit reads at most that many index entries), in parallel.
   */
  private async rarestGram(collection: string, terms: string[]): Promise<string> {
    const grams = searchGramsOf(terms);
    if (grams.length === 1) return grams[0]!;
    const counts = await Promise.all(
      grams.map(async (gram) => {
        this.onQuery?.(gramCountShape(collection));
        const snap = await this.db
          .collection(collection)
          .where('_search', 'array-contains', gram)
          .limit(this.searchCandidates + 1)
          .count()
          .get();
        return snap.data().count;
      }),
    );
    let best = 0;
    for (let i = 1; i < grams.length; i += 1) if (counts[i]! < counts[best]!) best = i;
    return grams[best]!;
  }

  /**
   * The visitor search, reading at most `siteSearchCandidates` documents per collection on the site
   * whatever the collection's size: per collection, the documents whose stored weight of the
   * query's probe term (`_site.w.{term}`, termWeights in search/rank.ts) is highest, by the
   * automatic single-field index of that map entry (an order on it, descending, with a limit; a
   * document without the term has no entry and is not read). They are checked for the other terms
   * and visibility, ranked by BM25 in memory (search/rank.ts, the weights SQLite's FTS5 uses) and
   * paged; the parents they are shown under and the page's documents are then fetched by id. When a
   * collection has more documents with the probe term than the bound, only its best ones by that
   * term are ranked and counted (SQLite ranks and counts them all).
   */
  async siteSearch(query: SiteSearchQuery): Promise<SiteSearchResult> {
    const probe = probeTerm(query.terms);
    if (probe.length > MAX_WEIGHTED_TERM) return { items: [], total: 0 };
    const weight = new FieldPath('_site', 'w', probe);
    const snaps = await Promise.all(
      siteSearchCollections().map(async (collection) => {
        this.onQuery?.({
          collection,
          branches: [{ equality: [], range: [] }],
          orderBy: [{ path: `_site.w.${probe}`, direction: 'desc' }],
          nameDirection: null,
        });
        const snap = await this.db
          .collection(collection)
          .orderBy(weight, 'desc')
          .select('_site.title', '_site.body', '_site.visibleFrom', '_site.parent', weight)
          .limit(this.siteSearchCandidates)
          .get();
        this.onRead?.(snap.size);
        return snap.docs.map((d) => ({ collection, d, site: d.get('_site') as FsSiteEntry }));
      }),
    );
    const visible = (site: Pick<FsSiteEntry, 'visibleFrom'> | null | undefined) =>
      Boolean(site) && (site!.visibleFrom === null || site!.visibleFrom <= query.now);
    const matching = snaps.flat().filter(({ site }) => {
      if (!visible(site)) return false;
      // Each other term must be in the title or the text (the probe's weight is there: it was read).
      const terms = new Set(`${site.title} ${site.body}`.split(' '));
      return query.terms.every((t) => t === probe || terms.has(t));
    });
    // Documents shown under a parent count only while the parent is indexed (published) and visible.
    const parentKeys = [...new Set(matching.map((c) => c.site.parent).filter((p): p is string => Boolean(p)))];
    const parents = parentKeys.length
      ? await this.db.getAll(
          ...parentKeys.map((key) => this.ref(key.slice(0, key.indexOf('/')), key.slice(key.indexOf('/') + 1))),
          { fieldMask: ['_site.visibleFrom', '_site.parent'] },
        )
      : [];
    this.onRead?.(parents.length);
    const shown = new Set(
      parentKeys.filter((_, i) => parents[i]!.exists && visible(parents[i]!.get('_site') as FsSiteEntry | null)),
    );
    const candidates = matching.filter((c) => !c.site.parent || shown.has(c.site.parent));
    const scores = bm25Scores(
      candidates.map((c) => c.site),
      query.terms,
    );
    const ranked = candidates
      .map((c, i) => ({ ...c, score: scores[i]!, id: decodeId(c.d.id) }))
      .sort(
        (a, b) =>
          b.score - a.score ||
          (a.collection < b.collection ? -1 : a.collection > b.collection ? 1 : 0) ||
          compareValues(a.id, b.id),
      );
    const page = ranked.slice(query.offset, query.offset + query.limit);
    const full = page.length ? await this.db.getAll(...page.map((p) => p.d.ref)) : [];
    this.onRead?.(full.length);
    return {
      items: full.flatMap((d, i) =>
        d.exists ? [this.toDocument<Record<string, unknown>>(page[i]!.collection, d)] : [],
      ),
      total: ranked.length,
    };
  }

  /**
   * Atomic up to CREATE_MANY_CHUNK documents (and about 4 MiB of data); a larger set is written in
   * consecutive transactions of that size, each all or none, so a failure can leave the earlier
   * chunks written (the seed, the only large user, runs on an empty store and refuses to run again).
   */
  async createMany(items: Array<{ collection: string; id: string; data: unknown }>): Promise<void> {
    let chunk: typeof items = [];
    let bytes = 0;
    for (const item of items) {
      const size = JSON.stringify(item.data ?? null).length;
      if (chunk.length && (chunk.length >= CREATE_MANY_CHUNK || bytes + size > CREATE_MANY_CHUNK_BYTES)) {
        await this.commit(chunk.map((c) => ({ kind: 'create' as const, ...c })));
        chunk = [];
        bytes = 0;
      }
      chunk.push(item);
      bytes += size;
    }
    if (chunk.length) await this.commit(chunk.map((c) => ({ kind: 'create' as const, ...c })));
  }

  /** The stored form of a document (sort keys, search text and grams computed from its JSON-clean data). */
  private encode(doc: StoredDocument<unknown>, data: unknown, held: Record<string, string | number>): FsDocument {
    const { collection } = doc;
    const type = findContentType(collection);
    const richText = new Set(type ? richTextFieldsOf(type) : []);
    const sort = sortKeysOf(data, (field) => !richText.has(field));
    const text = this.searchText(collection, data);
    return {
      data,
      version: doc.version,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
      datestamp: datestampOf(doc.updatedAt, data),
      _sort: sort,
      _lo: nullLowOf(data),
      _text: text,
      _search: text ? searchGrams(text) : [],
      _unique: held,
      _site: siteEntryOf(collection, data),
    };
  }

  private guardRef(guard: string): DocumentReference {
    return this.db.collection(UNIQUE_COLLECTION).doc(guard);
  }

  /**
   * Applies the writes in one Firestore transaction, all or none (see the port). Inside it the
   * targets, the unique guards and the holders of each claimed value are read (`readCommitState`),
   * `planCommit` decides, and the final documents and guards are written (`writePlan`). Two writers
   * claiming one value both read its guard, so they conflict there and Firestore retries one of
   * them, which then sees the other's document.
   */
  async commit(ops: WriteOp[]): Promise<Array<StoredDocument<unknown> | null>> {
    if (ops.length === 0) return [];
    // Ids of creates without one are made once, so a retried transaction writes the same ids.
    const targeted = withIds(ops);
    const now = new Date().toISOString();
    const plan = await this.transaction(targeted, async (tx) => {
      const read = await this.readCommitState(tx, commitReads(targeted));
      const outcome = planCommit(targeted, read.state, now);
      if (!outcome.ok) throw outcome.error;
      this.writePlan(tx, outcome.plan, read);
      return outcome.plan;
    });
    for (const event of plan.events) this.emit(event);
    return plan.writes.map((write) => write.doc);
  }

  /**
   * Reads, in the transaction, what `planCommit` needs (the targets; per claim, the documents holding
   * the value) and what the guards' upkeep needs: the guards each target held, and the owner of
   * every guard claimed or held.
   */
  private async readCommitState(tx: Transaction, reads: CommitReads): Promise<CommitRead> {
    const snaps = await tx.getAll(...reads.targets.map((t) => this.ref(t.collection, t.id)));
    const documents: Array<StoredDocument<unknown>> = [];
    const heldBefore = new Map<string, Record<string, string | number>>();
    const guards = new Set(reads.claims.map((c) => guardId(c.collection, c.field, c.value)));
    reads.targets.forEach(({ collection, id }, i) => {
      const snap = snaps[i]!;
      if (!snap.exists) return;
      const raw = snap.data() as FsDocument;
      const { data, version, createdAt, updatedAt } = raw;
      documents.push({ collection, id, data, version, createdAt, updatedAt });
      heldBefore.set(docKey(collection, id), raw._unique ?? {});
      for (const [field, value] of Object.entries(raw._unique ?? {})) guards.add(guardId(collection, field, value));
    });
    const guardSnaps = guards.size ? await tx.getAll(...[...guards].map((g) => this.guardRef(g))) : [];
    const guardOwner = new Map(guardSnaps.map((s) => [s.id, s.exists ? (s.get('owner') as string) : null]));
    const holders: StoredState['holders'] = [];
    for (const { collection, field, value, limit } of reads.claims) {
      const where: Filter[] = [{ field, op: '==', value }];
      this.onQuery?.(filterShape(collection, where));
      const snap = await tx.get(this.filtered(collection, where).limit(limit));
      holders.push({ collection, field, value, ids: snap.docs.map((d) => decodeId(d.id)) });
    }
    return { state: { documents, holders }, heldBefore, guardOwner };
  }

  /**
   * Writes a plan in the transaction: each document's final state (set, or deleted when it existed),
   * then its guards: those it held and no longer holds are deleted when still its own, those it
   * holds (kept values its data still has, and the values the batch claimed) are set; and, with the
   * change feed on, the commit's change document.
   */
  private writePlan(tx: Transaction, plan: CommitPlan, read: CommitRead): void {
    for (const { collection, id, existed, doc, claimed } of plan.documents) {
      const heldBefore = read.heldBefore.get(docKey(collection, id)) ?? {};
      const held: Record<string, string | number> = {};
      if (doc) {
        const data = JSON.parse(JSON.stringify(doc.data ?? null)) as unknown;
        const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
        for (const [field, value] of Object.entries(heldBefore)) if (record[field] === value) held[field] = value;
        Object.assign(held, claimed);
        tx.set(this.ref(collection, id), this.encode(doc, data, held));
      } else if (existed) {
        tx.delete(this.ref(collection, id));
      }
      for (const [field, value] of Object.entries(heldBefore)) {
        const guard = guardId(collection, field, value);
        if (held[field] !== value && read.guardOwner.get(guard) === id) tx.delete(this.guardRef(guard));
      }
      for (const [field, value] of Object.entries(held))
        tx.set(this.guardRef(guardId(collection, field, value)), { collection, field, value, owner: id });
    }
    if (this.feed && plan.events.length)
      tx.set(this.db.collection(CHANGES_COLLECTION).doc(), this.changeDocument(plan.events));
  }

  /**
   * Runs `body` in a Firestore transaction. When Firestore gives up on it for contention (gRPC
   * ABORTED after its own retries: another writer kept taking the same documents, as two instances
   * saving one document at once do), a write whose expected version is no longer current is reported
   * as the VersionConflictError it is, not as an unexplained failure; other errors pass unchanged.
   * A transaction the emulator closed under contention is run again (at most three attempts), as
   * the SDK runs again one that Firestore aborts.
   */
  private async transaction<T>(
    ops: Array<WriteOp & { id: string }>,
    body: (tx: Transaction) => Promise<T>,
  ): Promise<T> {
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.db.runTransaction(body);
        } catch (err) {
          if (!isClosedTransaction(err) || attempt >= CLOSED_TRANSACTION_ATTEMPTS) throw err;
        }
      }
    } catch (err) {
      if ((err as { code?: unknown }).code !== GRPC_ABORTED) throw err;
      for (const op of ops) {
        if (op.kind === 'create' || op.expectedVersion === undefined) continue;
        const snap = await this.ref(op.collection, op.id).get();
        const version = snap.exists ? ((snap.data() as FsDocument).version ?? 0) : 0;
        if (version !== op.expectedVersion)
          throw new VersionConflictError(op.collection, op.id, op.expectedVersion, version);
      }
      throw err;
    }
  }

  /** Stops following the change feed; ends the Firestore client when the store created it. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.feedStop?.();
    if (this.feedTimer) clearInterval(this.feedTimer);
    if (this.feedRetry) clearTimeout(this.feedRetry);
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
