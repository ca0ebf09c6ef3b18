/**
 * What both DocumentStore implementations (SQLite, Firestore) share: change listeners, the single
 * writes built on `commit`, the registry's search text and sort keys of a document, and the cursor
 * codec (an opaque base64url JSON array of the last row's order values).
 */
import { searchTextOf } from '../../shared/content/search';
import { findContentType } from '../../shared/content/registry';
import { ukSortKey } from '../../shared/content/sortKey';
import {
  InvalidCursorError,
  type ChangeEvent,
  type DocumentStore,
  type Filter,
  type ListQuery,
  type ListResult,
  type SiteSearchQuery,
  type SiteSearchResult,
  type StoredDocument,
  type WriteOp,
} from './port';

export abstract class CommitDocumentStore implements DocumentStore {
  private readonly listeners = new Set<(event: ChangeEvent) => void>();

  abstract get<T>(collection: string, id: string): Promise<StoredDocument<T> | null>;
  abstract findOne<T>(collection: string, where: Filter[]): Promise<StoredDocument<T> | null>;
  abstract list<T>(collection: string, query: ListQuery): Promise<ListResult<T>>;
  abstract count(collection: string, where?: Filter[]): Promise<number>;
  abstract createMany(items: Array<{ collection: string; id: string; data: unknown }>): Promise<void>;
  abstract commit(ops: WriteOp[]): Promise<Array<StoredDocument<unknown> | null>>;
  abstract close(): Promise<void>;
  abstract siteSearch(query: SiteSearchQuery): Promise<SiteSearchResult>;

  /** Tells every listener of a change (the implementations call it after a write took effect). */
  protected emit(event: ChangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async create<T>(collection: string, data: T, options: { id?: string } = {}): Promise<StoredDocument<T>> {
    const [doc] = await this.commit([{ kind: 'create', collection, id: options.id, data }]);
    return doc as StoredDocument<T>;
  }

  async update<T>(collection: string, id: string, data: T, expectedVersion: number): Promise<StoredDocument<T>> {
    const [doc] = await this.commit([{ kind: 'update', collection, id, data, expectedVersion }]);
    return doc as StoredDocument<T>;
  }

  async delete(collection: string, id: string, expectedVersion?: number): Promise<void> {
    await this.commit([{ kind: 'delete', collection, id, expectedVersion }]);
  }
}

/** The search text of a document of a registry collection (other collections: empty). */
export function registrySearchText(collection: string, data: unknown): string {
  return searchTextOf(findContentType(collection), data);
}

/**
 * `ukSortKey` of each top-level scalar field of a document's data that `keep` accepts
 * (`{field: key}`; SQLite stores them as JSON in `sort_keys`, Firestore in `_sort`).
 */
export function sortKeysOf(
  data: unknown,
  keep: (field: string) => boolean,
): Record<string, string | number | boolean | null> {
  const keys: Record<string, string | number | boolean | null> = {};
  if (!data || typeof data !== 'object' || Array.isArray(data)) return keys;
  for (const [field, value] of Object.entries(data as Record<string, unknown>)) {
    if (!keep(field)) continue;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      keys[field] = ukSortKey(value) as string | number | boolean | null;
    }
  }
  return keys;
}

export function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

/**
 * The values of a cursor made by `encodeCursor`: exactly `length` of them, each accepted by
 * `isValue(value, index)`. Throws InvalidCursorError otherwise.
 */
export function decodeCursor<V>(
  cursor: string,
  length: number,
  isValue: (value: unknown, index: number) => boolean,
): V[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(values) && values.length === length && values.every((v, i) => isValue(v, i)))
      return values as V[];
  } catch {
    /* fall through */
  }
  throw new InvalidCursorError();
}
