/**
 * The document store port: a document-shaped interface (collection, id, data, version, timestamps)
 * that both the embedded SQLite store and Cloud Firestore fit without leaking their quirks.
 *
 * Queries are deliberately Firestore-shaped: equality filters, an ordered list of sort fields and a
 * cursor that continues after the last document seen (startAfter), plus an offset for page numbers.
 */
import { randomBytes } from 'node:crypto';

const AUTO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 20-character id, as Firestore's auto ids (made by the caller, so a batch can refer to it). */
export function autoId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const b of bytes) id += AUTO_ID_ALPHABET[b % AUTO_ID_ALPHABET.length];
  return id;
}

/** A stored document. `data` holds the content type's fields; the rest is bookkeeping. */
export interface StoredDocument<T = Record<string, unknown>> {
  collection: string;
  id: string;
  data: T;
  /** Starts at 1, incremented by every update (optimistic concurrency). */
  version: number;
  /** ISO 8601 UTC instants. */
  createdAt: string;
  updatedAt: string;
}

/** An equality or comparison filter on a top-level data field. */
export interface Filter {
  field: string;
  op: '==' | '<=' | '>=' | '<' | '>' | 'array-contains' | 'is-null-or-<=';
  value: string | number | boolean | null;
}

export interface ListQuery {
  where?: Filter[];
  /**
   * Fields compared in order (data fields, or `createdAt`/`updatedAt`), all in one direction; then
   * the range-filtered fields not ordered yet (raw values, by name; see tieBreak.ts: Firestore orders
   * by them), then the id breaks ties. `collation: 'uk'` compares text data fields in Ukrainian alphabetical order, case
   * and apostrophes aside (for titles and names people read; without it, stored values compare as
   * they are, which indexes can serve).
   */
  orderBy: { fields: string[]; direction: 'asc' | 'desc'; collation?: 'uk' };
  /** 1..1000 */
  limit: number;
  /** Continue after this opaque cursor (from a previous page's `nextCursor`). */
  cursor?: string;
  /** Skip this many documents (page numbers); ignored when a cursor is given. */
  offset?: number;
  /** Whether to compute the total number of matches (extra query). */
  withTotal?: boolean;
  /**
   * Full-text filter: only documents whose searchable fields (the content type's `searchable`)
   * contain every word of this text, case-insensitively in any script. The store keeps the
   * normalised text itself on every write (SQLite: a `search` column; Firestore: a field of terms).
   */
  search?: string;
  /** Return only these top-level data fields (a projection, as Firestore's `select()`). */
  select?: string[];
}

export interface ListResult<T> {
  items: Array<StoredDocument<T>>;
  /** Cursor for the next page, or null on the last page. */
  nextCursor: string | null;
  /** Total matches, when asked for. */
  total?: number;
  /**
   * Set by a search that looked at a bounded part of its candidates only (the Firestore store: the
   * most recently updated documents that share the query's rarest fragment, see its `listSearch`):
   * items, cursor and total are those of that part. Never set by SQLite, which searches everything.
   */
  partial?: boolean;
}

/** Thrown when an update names a version that is no longer current. */
export class VersionConflictError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Version conflict on ${collection}/${id}: expected ${expected}, found ${actual}`);
    this.name = 'VersionConflictError';
  }
}

/** Thrown when a document does not exist. */
export class DocumentNotFoundError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`Document not found: ${collection}/${id}`);
    this.name = 'DocumentNotFoundError';
  }
}

/** Thrown when a cursor string cannot be decoded. */
export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}

/** Thrown when a create names an id that already exists. */
export class DocumentExistsError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`Document already exists: ${collection}/${id}`);
    this.name = 'DocumentExistsError';
  }
}

/** Thrown when a write's `unique` precondition fails: another document of the collection has the value. */
export class UniqueConstraintError extends Error {
  constructor(
    readonly collection: string,
    readonly field: string,
    readonly value: string | number,
    readonly holderId: string,
  ) {
    super(`${collection}.${field} = ${String(value)} is already used by ${holderId}`);
    this.name = 'UniqueConstraintError';
  }
}

/** A field value no other document of the collection may have (checked inside the atomic write). */
export interface UniqueField {
  field: string;
  value: string | number;
}

/**
 * One write of an atomic batch (as a Firestore batched write with preconditions): a create (new id
 * or a random one), an update conditional on the current version, or a delete (conditional when a
 * version is given). `unique` fields are checked against the other documents of the collection.
 */
export type WriteOp =
  /**
   * `version`: what the new document starts at (default 1; a document restored after deletion continues its numbering).
   * `createdAt`/`updatedAt`: the document's timestamps (default now; `npm run import` restores an archive's).
   */
  | {
      kind: 'create';
      collection: string;
      id?: string;
      data: unknown;
      unique?: UniqueField[];
      version?: number;
      createdAt?: string;
      updatedAt?: string;
    }
  | { kind: 'update'; collection: string; id: string; data: unknown; expectedVersion: number; unique?: UniqueField[] }
  | { kind: 'delete'; collection: string; id: string; expectedVersion?: number };

/** A change to a collection, for cache invalidation. */
export interface ChangeEvent {
  collection: string;
  /** The document; `*` when another instance changed many documents of the collection at once (Firestore's change feed). */
  id: string;
  kind: 'create' | 'update' | 'delete';
}

/** A visitor search (see server/search/): documents whose indexed terms include every term, visible at `now`. */
export interface SiteSearchQuery {
  /** Stemmed terms (server/search/stem.ts `queryTerms`); at least one. */
  terms: string[];
  /** ISO instant: scheduled documents visible from later are left out. */
  now: string;
  limit: number;
  offset: number;
  /** Only this collection's matches are paged and counted in `total` (`totals` still counts every collection). */
  collection?: string;
}

export interface SiteSearchResult {
  /** The page's documents, best first (title matches weigh ten times text matches, BM25). */
  items: Array<StoredDocument<Record<string, unknown>>>;
  /** Matches of the query within `collection` when given, else in all. */
  total: number;
  /** Matches of the query per collection, whatever `collection` is; collections without any are left out. */
  totals: Record<string, number>;
}

export interface DocumentStore {
  get<T>(collection: string, id: string): Promise<StoredDocument<T> | null>;
  /** The first document whose field equals the value (e.g. a slug), or null. */
  findOne<T>(collection: string, where: Filter[]): Promise<StoredDocument<T> | null>;
  list<T>(collection: string, query: ListQuery): Promise<ListResult<T>>;
  count(collection: string, where?: Filter[]): Promise<number>;
  /** Creates a document; a given id must be new, otherwise a random id is made. */
  create<T>(collection: string, data: T, options?: { id?: string }): Promise<StoredDocument<T>>;
  /** Creates several documents atomically (all or none), as a Firestore batched write; ids must be new. */
  createMany(items: Array<{ collection: string; id: string; data: unknown }>): Promise<void>;
  /** Replaces data if the current version equals expectedVersion; throws VersionConflictError or DocumentNotFoundError. */
  update<T>(collection: string, id: string, data: T, expectedVersion: number): Promise<StoredDocument<T>>;
  /** Deletes; throws DocumentNotFoundError, or VersionConflictError when expectedVersion is given and stale. */
  delete(collection: string, id: string, expectedVersion?: number): Promise<void>;
  /**
   * Applies the writes atomically, all or none, in order; returns each write's document (null for
   * deletes). Throws VersionConflictError, DocumentNotFoundError, DocumentExistsError or
   * UniqueConstraintError for the first failed precondition, and then nothing is written.
   */
  commit(ops: WriteOp[]): Promise<Array<StoredDocument<unknown> | null>>;
  /** The visitor search over every public type on the site, ranked (server/search/siteIndex.ts says what is indexed). */
  siteSearch(query: SiteSearchQuery): Promise<SiteSearchResult>;
  /** Registers a listener for changes; returns the function that removes it. */
  onChange(listener: (event: ChangeEvent) => void): () => void;
  close(): Promise<void>;
}
