/**
 * The embedded document store: one SQLite file (better-sqlite3, WAL) under DATA_DIR.
 * Implements the DocumentStore port; schema managed by umzug (see migrations/).
 */
import Database from 'better-sqlite3';
import { Umzug, type UmzugStorage } from 'umzug';
import { contentTypes } from '../../shared/content/registry';
import { prepareDatabaseFile } from '../dataDir';
import type { AnyContentType } from '../../shared/content/define';
import { searchTerms, searchTextOf } from '../../shared/content/search';
import { ukSortKey } from '../../shared/content/sortKey';
import { afterCursorSql } from './sqlCursor';
import { tieBreakFields } from './tieBreak';
import { migrations } from './migrations/index';
import {
  autoId,
  DocumentExistsError,
  DocumentNotFoundError,
  InvalidCursorError,
  UniqueConstraintError,
  VersionConflictError,
  type ChangeEvent,
  type DocumentStore,
  type Filter,
  type ListQuery,
  type ListResult,
  type StoredDocument,
  type UniqueField,
  type WriteOp,
} from './port';

interface Row {
  collection: string;
  id: string;
  data: string;
  version: number;
  created_at: string;
  updated_at: string;
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
export { autoId, ukSortKey };

/** SQL expression for a sortable/filterable field. */
function fieldExpr(field: string): string {
  if (field === 'createdAt') return 'created_at';
  if (field === 'updatedAt') return 'updated_at';
  if (field === 'id') return 'id';
  if (!FIELD.test(field)) throw new Error(`Invalid field name: ${field}`);
  return `json_extract(data, '$.${field}')`;
}

/** The ORDER BY expression of a field: with the 'uk' collation, document fields go through `uk_sort_key`. */
function sortExpr(field: string, collation: 'uk' | undefined): string {
  const expr = fieldExpr(field);
  return collation === 'uk' && expr.startsWith('json_extract') ? `uk_sort_key(${expr})` : expr;
}

function bind(value: Filter['value']): string | number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

function whereSql(where: Filter[] | undefined, params: unknown[], search?: string): string {
  const parts = ['collection = ?'];
  // The search column is already normalised (see shared/content/search.ts); instr needs no escaping.
  for (const term of search ? searchTerms(search) : []) {
    parts.push('instr(search, ?) > 0');
    params.push(term);
  }
  for (const f of where ?? []) {
    const expr = fieldExpr(f.field);
    switch (f.op) {
      case 'array-contains':
        parts.push(`EXISTS (SELECT 1 FROM json_each(data, '$.${f.field}') WHERE value = ?)`);
        params.push(bind(f.value));
        break;
      case 'is-null-or-<=':
        parts.push(`(${expr} IS NULL OR ${expr} <= ?)`);
        params.push(bind(f.value));
        break;
      case '==':
        if (f.value === null) parts.push(`${expr} IS NULL`);
        else {
          parts.push(`${expr} = ?`);
          params.push(bind(f.value));
        }
        break;
      default:
        parts.push(`${expr} ${f.op} ?`);
        params.push(bind(f.value));
    }
  }
  return parts.join(' AND ');
}

function encodeCursor(values: unknown[]): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string, length: number): Array<string | number | null> {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(values) &&
      values.length === length &&
      values.every((v) => v === null || typeof v === 'string' || typeof v === 'number')
    ) {
      return values as Array<string | number | null>;
    }
  } catch {
    /* fall through */
  }
  throw new InvalidCursorError();
}

function toDocument<T>(row: Row): StoredDocument<T> {
  return {
    collection: row.collection,
    id: row.id,
    data: JSON.parse(row.data) as T,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Columns of a row, with `data` narrowed to the selected fields when a projection is asked for. */
function columnsSql(select: string[] | undefined): string {
  if (!select) return 'collection, id, data, version, created_at, updated_at';
  const pairs = select.map((f) => {
    if (!FIELD.test(f)) throw new Error(`Invalid field name: ${f}`);
    return `'${f}', json(data -> '$.${f}')`;
  });
  return `collection, id, json_object(${pairs.join(', ')}) AS data, version, created_at, updated_at`;
}

/** The search text of a document of a registry collection (other collections: empty). */
function registrySearchText(collection: string, data: unknown): string {
  const type = Object.prototype.hasOwnProperty.call(contentTypes, collection)
    ? (contentTypes as Record<string, AnyContentType>)[collection]
    : undefined;
  return searchTextOf(type, data);
}

export interface SqliteStoreOptions {
  /** Normalised search text kept for a document (default: its content type's searchable fields). */
  searchText?: (collection: string, data: unknown) => string;
}

/** Runs pending migrations on an open database (umzug, with the log kept in a `migrations` table). */
export async function migrate(db: Database.Database): Promise<string[]> {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, executed_at TEXT NOT NULL)');
  const storage: UmzugStorage = {
    logMigration: async ({ name }) => {
      db.prepare('INSERT INTO migrations (name, executed_at) VALUES (?, ?)').run(name, new Date().toISOString());
    },
    unlogMigration: async ({ name }) => {
      db.prepare('DELETE FROM migrations WHERE name = ?').run(name);
    },
    executed: async () => (db.prepare('SELECT name FROM migrations ORDER BY name').all() as Array<{ name: string }>).map((r) => r.name),
  };
  const umzug = new Umzug({
    migrations: migrations.map((m) => ({
      name: m.name,
      // Each migration runs in a transaction so a failure leaves the schema as it was.
      up: async () => db.transaction(() => m.up(db))(),
      down: async () => db.transaction(() => m.down(db))(),
    })),
    storage,
    logger: undefined,
  });
  const done = await umzug.up();
  return done.map((m) => m.name);
}

/**
 * Opens (creating if needed) the SQLite file, enables WAL and runs migrations. The file and its
 * -wal/-shm files are 0600 (see dataDir.ts).
 */
export async function openSqliteDatabase(file: string): Promise<Database.Database> {
  prepareDatabaseFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.function('uk_sort_key', { deterministic: true }, (value: unknown) => ukSortKey(value) as string | number | null);
  await migrate(db);
  return db;
}

/** The DocumentStore on an open better-sqlite3 database. */
export class SqliteDocumentStore implements DocumentStore {
  private readonly listeners = new Set<(event: ChangeEvent) => void>();
  private readonly searchText: (collection: string, data: unknown) => string;

  constructor(
    readonly db: Database.Database,
    options: SqliteStoreOptions = {},
  ) {
    this.searchText = options.searchText ?? registrySearchText;
    this.reindexSearch({ onlyMissing: true });
  }

  /**
   * Recomputes the search text of every document (or only of rows written before the search column
   * existed); returns how many rows were updated. Run it after changing a type's `searchable` fields.
   */
  reindexSearch(opts: { onlyMissing?: boolean } = {}): number {
    const rows = this.db
      .prepare(`SELECT rowid, collection, data FROM documents${opts.onlyMissing ? ' WHERE search IS NULL' : ''}`)
      .all() as Array<{ rowid: number; collection: string; data: string }>;
    if (!rows.length) return 0;
    const set = this.db.prepare('UPDATE documents SET search = ? WHERE rowid = ?');
    this.db.transaction(() => {
      for (const row of rows) set.run(this.searchText(row.collection, JSON.parse(row.data)), row.rowid);
    })();
    return rows.length;
  }

  private emit(event: ChangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  onChange(listener: (event: ChangeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async get<T>(collection: string, id: string): Promise<StoredDocument<T> | null> {
    const row = this.db.prepare(`SELECT ${columnsSql(undefined)} FROM documents WHERE collection = ? AND id = ?`).get(collection, id) as
      | Row
      | undefined;
    return row ? toDocument<T>(row) : null;
  }

  async findOne<T>(collection: string, where: Filter[]): Promise<StoredDocument<T> | null> {
    const params: unknown[] = [collection];
    const sql = `SELECT ${columnsSql(undefined)} FROM documents WHERE ${whereSql(where, params)} LIMIT 1`;
    const row = this.db.prepare(sql).get(...params) as Row | undefined;
    return row ? toDocument<T>(row) : null;
  }

  async count(collection: string, where?: Filter[]): Promise<number> {
    const params: unknown[] = [collection];
    const row = this.db.prepare(`SELECT count(*) AS n FROM documents WHERE ${whereSql(where, params)}`).get(...params) as { n: number };
    return row.n;
  }

  async list<T>(collection: string, query: ListQuery): Promise<ListResult<T>> {
    const params: unknown[] = [collection];
    const where = whereSql(query.where, params, query.search);
    const totalParams = [...params];
    const sortExprs = [
      ...query.orderBy.fields.map((f) => sortExpr(f, query.orderBy.collation)),
      ...tieBreakFields(query).map((f) => fieldExpr(f)),
      'id',
    ];
    const dir = query.orderBy.direction === 'desc' ? 'DESC' : 'ASC';
    let sql = `SELECT ${columnsSql(query.select)}, ${sortExprs.map((e, i) => `${e} AS s${i}`).join(', ')} FROM documents WHERE ${where}`;
    if (query.cursor) {
      const values = decodeCursor(query.cursor, sortExprs.length);
      sql += ` AND ${afterCursorSql(sortExprs, values, dir, params)}`;
    }
    sql += ` ORDER BY ${sortExprs.map((e) => `${e} ${dir}`).join(', ')} LIMIT ?`;
    params.push(query.limit + 1);
    if (!query.cursor && query.offset) {
      sql += ' OFFSET ?';
      params.push(query.offset);
    }
    const rows = this.db.prepare(sql).all(...params) as Array<Row & Record<string, string | number | null>>;
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > query.limit && last ? encodeCursor(sortExprs.map((_, i) => last[`s${i}`] ?? null)) : null;
    const result: ListResult<T> = { items: page.map((r) => toDocument<T>(r)), nextCursor };
    if (query.withTotal) {
      result.total = (this.db.prepare(`SELECT count(*) AS n FROM documents WHERE ${where}`).get(...totalParams) as { n: number }).n;
    }
    return result;
  }

  async create<T>(collection: string, data: T, options: { id?: string } = {}): Promise<StoredDocument<T>> {
    const [doc] = await this.commit([{ kind: 'create', collection, id: options.id, data }]);
    return doc as StoredDocument<T>;
  }

  async createMany(items: Array<{ collection: string; id: string; data: unknown }>): Promise<void> {
    await this.commit(items.map((item) => ({ kind: 'create' as const, ...item })));
  }

  async update<T>(collection: string, id: string, data: T, expectedVersion: number): Promise<StoredDocument<T>> {
    const [doc] = await this.commit([{ kind: 'update', collection, id, data, expectedVersion }]);
    return doc as StoredDocument<T>;
  }

  async delete(collection: string, id: string, expectedVersion?: number): Promise<void> {
    await this.commit([{ kind: 'delete', collection, id, expectedVersion }]);
  }

  async commit(ops: WriteOp[]): Promise<Array<StoredDocument<unknown> | null>> {
    const now = new Date().toISOString();
    const events: ChangeEvent[] = [];
    // better-sqlite3 transactions are synchronous, so no other request's writes can interleave.
    const results = this.db.transaction(() => ops.map((op) => this.apply(op, now, events)))();
    for (const event of events) this.emit(event);
    return results;
  }

  private checkUnique(collection: string, id: string, unique: UniqueField[] | undefined): void {
    for (const u of unique ?? []) {
      const holder = this.db
        .prepare(`SELECT id FROM documents WHERE collection = ? AND ${fieldExpr(u.field)} = ? AND id != ? LIMIT 1`)
        .get(collection, u.value, id) as { id: string } | undefined;
      if (holder) throw new UniqueConstraintError(collection, u.field, u.value, holder.id);
    }
  }

  private apply(op: WriteOp, now: string, events: ChangeEvent[]): StoredDocument<unknown> | null {
    const { collection } = op;
    if (op.kind === 'create') {
      const id = op.id ?? autoId();
      if (this.db.prepare('SELECT 1 FROM documents WHERE collection = ? AND id = ?').get(collection, id)) {
        throw new DocumentExistsError(collection, id);
      }
      this.checkUnique(collection, id, op.unique);
      const version = op.version ?? 1;
      const createdAt = op.createdAt ?? now;
      const updatedAt = op.updatedAt ?? now;
      this.db
        .prepare('INSERT INTO documents (collection, id, data, version, created_at, updated_at, search) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(collection, id, JSON.stringify(op.data), version, createdAt, updatedAt, this.searchText(collection, op.data));
      events.push({ collection, id, kind: 'create' });
      return { collection, id, data: op.data, version, createdAt, updatedAt };
    }
    const row = this.db.prepare('SELECT version, created_at FROM documents WHERE collection = ? AND id = ?').get(collection, op.id) as
      | { version: number; created_at: string }
      | undefined;
    if (!row) throw new DocumentNotFoundError(collection, op.id);
    if (op.expectedVersion !== undefined && row.version !== op.expectedVersion) {
      throw new VersionConflictError(collection, op.id, op.expectedVersion, row.version);
    }
    if (op.kind === 'delete') {
      this.db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?').run(collection, op.id);
      events.push({ collection, id: op.id, kind: 'delete' });
      return null;
    }
    this.checkUnique(collection, op.id, op.unique);
    this.db
      .prepare('UPDATE documents SET data = ?, version = version + 1, updated_at = ?, search = ? WHERE collection = ? AND id = ?')
      .run(JSON.stringify(op.data), now, this.searchText(collection, op.data), collection, op.id);
    events.push({ collection, id: op.id, kind: 'update' });
    return { collection, id: op.id, data: op.data, version: row.version + 1, createdAt: row.created_at, updatedAt: now };
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
