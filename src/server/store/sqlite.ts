/**
 * The embedded document store: one SQLite file (better-sqlite3, WAL) under DATA_DIR.
 * Implements the DocumentStore port; schema managed by umzug (see migrations/).
 */
import Database from 'better-sqlite3';
import type { UmzugStorage } from 'umzug';
import { prepareDatabaseFile } from '../dataDir';
import { searchTerms } from '../../shared/content/search';
import { ukSortKey } from '../../shared/content/sortKey';
import { afterCursorSql } from './sqlCursor';
import {
  checkField,
  collectionLiteral,
  rawExpr,
  registryIndexes,
  type IndexSpec,
  sortKeyFields,
  sortKeySignature,
  ukOrderExpr,
} from './sqliteIndexes';
import { RANGE_OPS, tieBreakFields } from './tieBreak';
import { migrations } from './migrations/index';
import { CommitDocumentStore, decodeCursor, encodeCursor, registrySearchText, sortKeysOf } from './storeBase';
import { SqliteSiteSearch } from './sqliteSiteSearch';
import {
  commitReads,
  docKey,
  planCommit,
  withIds,
  type CommitReads,
  type PlannedWrite,
  type StoredState,
} from './planCommit';
import {
  type Filter,
  type ListQuery,
  type ListResult,
  type SiteSearchQuery,
  type SiteSearchResult,
  type StoredDocument,
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

/** SQL expression for a filterable field (a column for the timestamps and the id). */
const fieldExpr = rawExpr;

function bind(value: Filter['value']): string | number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** FTS rowids of one collection: its number × this + the document's rowid (2^40). */
const FTS_COLLECTION_SPAN = 1099511627776;

/**
 * The FTS index's matches within one collection's rowid range (see migration 0006), so only its
 * documents are read: `{base, from}` where `from` is `FROM documents_fts WHERE … MATCH ? AND rowid
 * in range` and a match's document rowid is `rowid - base`.
 */
function ftsMatchesOf(collection: string): { base: string; from: string } {
  const base = `(SELECT n FROM fts_collections WHERE name = ${collectionLiteral(collection)}) * ${FTS_COLLECTION_SPAN}`;
  return {
    base,
    from: `FROM documents_fts WHERE documents_fts MATCH ? AND rowid >= ${base} AND rowid < ${base} + ${FTS_COLLECTION_SPAN}`,
  };
}

/**
 * The FTS5 query that finds a search's candidates: each term of three characters or more as a
 * phrase of its trigrams (so the index itself checks that it is a substring); null when no term is
 * that long (the search then scans the collection with instr).
 */
function ftsPhrases(terms: string[]): string | null {
  const long = terms.filter((t) => [...t].length >= 3);
  return long.length ? long.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ') : null;
}

/**
 * The WHERE clause of a query on one collection (its name inlined as a literal, so the registry's
 * partial indexes apply). Search: the FTS5 trigram index gives the candidates for the terms of
 * three characters or more; `instr` on the normalised column decides for every term, so the result
 * is what a scan would give (one- and two-letter terms alone fall back to the scan).
 */
function whereSql(
  collection: string,
  where: Filter[] | undefined,
  params: unknown[],
  search?: string,
  keyFilter?: Filter,
): string {
  const parts = [`collection = ${collectionLiteral(collection)}`];
  const terms = search ? searchTerms(search) : [];
  const fts = ftsPhrases(terms);
  if (fts) {
    const matches = ftsMatchesOf(collection);
    parts.push(`rowid IN (SELECT rowid - ${matches.base} ${matches.from})`);
    params.push(fts);
  }
  // The search column is already normalised (see shared/content/search.ts); instr needs no escaping.
  for (const term of terms) {
    parts.push('instr(search, ?) > 0');
    params.push(term);
  }
  for (const f of where ?? []) {
    // With a key filter (a lookup), the other filters are written `+expr`, which no index serves.
    const expr = keyFilter && f !== keyFilter ? `+${fieldExpr(f.field)}` : fieldExpr(f.field);
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

/** The registry's indexes by collection. */
let indexesByCollection: Map<string, IndexSpec[]> | undefined;

/** The registry's indexes of one collection. */
function registryIndexesOf(collection: string): IndexSpec[] {
  if (!indexesByCollection) {
    indexesByCollection = new Map();
    for (const spec of registryIndexes())
      indexesByCollection.set(spec.collection, [...(indexesByCollection.get(spec.collection) ?? []), spec]);
  }
  return indexesByCollection.get(collection) ?? [];
}

/**
 * The registry index that delivers a list in its order: its leading columns are constrained by
 * equality filters and the next ones are the list's first sort expressions (the longest such
 * match). SQLite's planner, even with statistics, often prefers sorting the rows of a collection
 * found through a general index to walking a partial index, so the list names it (`INDEXED BY`).
 * Lists with a range filter on a field other than `publishedAt` are left to the planner: an index
 * on the range may find far fewer rows (upcoming trainings).
 */
function orderingIndex(collection: string, where: Filter[] | undefined, sortExprs: string[]): string | undefined {
  if ((where ?? []).some((f) => RANGE_OPS.has(f.op) && f.field !== 'publishedAt')) return undefined;
  const equal = new Set((where ?? []).filter((f) => f.op === '==' && f.value !== null).map((f) => fieldExpr(f.field)));
  let best: { name: string; score: number } | undefined;
  for (const spec of registryIndexesOf(collection)) {
    let i = 0;
    while (i < spec.columns.length && equal.has(spec.columns[i]!)) i += 1;
    let m = 0;
    while (m < sortExprs.length && spec.columns[i + m] === sortExprs[m]) m += 1;
    if (m === 0) continue;
    const score = i * 100 + m;
    if (!best || score > best.score) best = { name: spec.name, score };
  }
  return best?.name;
}

/** Range operators an index can seek to (`is-null-or-<=` is an OR). */
const SEEK_OPS: ReadonlySet<string> = new Set(['<', '<=', '>', '>=']);

/**
 * The registry index that finds a count's rows: its leading columns are constrained by the
 * equality filters, then (best) by a range filter on `publishedAt` (scheduled documents); with a
 * range on another field, none (the planner's choice, as for lists). Without sampled statistics (see dropSamples) the
 * planner would weigh the index over every collection's status (averaged over all collections)
 * against a collection's own (status, publishedAt) index and could count every published
 * document to find the few scheduled ones.
 */
function countIndex(collection: string, where: Filter[] | undefined): string | undefined {
  const filters = where ?? [];
  // As lists: a range on another field (upcoming trainings) is the planner's, which picks its index.
  if (filters.some((f) => RANGE_OPS.has(f.op) && f.field !== 'publishedAt')) return undefined;
  const equal = new Set(filters.filter((f) => f.op === '==' && f.value !== null).map((f) => fieldExpr(f.field)));
  const ranged = new Set(filters.filter((f) => SEEK_OPS.has(f.op)).map((f) => fieldExpr(f.field)));
  let best: { name: string; score: number } | undefined;
  for (const spec of registryIndexesOf(collection)) {
    let i = 0;
    while (i < spec.columns.length && equal.has(spec.columns[i]!)) i += 1;
    const score = i * 2 + (i < spec.columns.length && ranged.has(spec.columns[i]!) ? 1 : 0);
    if (score > 0 && (!best || score > best.score)) best = { name: spec.name, score };
  }
  return best?.name;
}

/** The JSON of a document's stored sort keys (see sqliteIndexes.ts `sortKeyFields`). */
export function sortKeysJson(collection: string, data: unknown): string {
  const fields = sortKeyFields(collection);
  return JSON.stringify(sortKeysOf(data, (field) => fields === '*' || fields.has(field)));
}

/** A cursor value SQLite can bind (better-sqlite3 binds no booleans). */
const isSqlValue = (v: unknown): boolean => v === null || typeof v === 'string' || typeof v === 'number';

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
  const pairs = select.map((f) => `'${checkField(f)}', json(data -> '$.${f}')`);
  return `collection, id, json_object(${pairs.join(', ')}) AS data, version, created_at, updated_at`;
}

export interface SqliteStoreOptions {
  /** Normalised search text kept for a document (default: its content type's searchable fields). */
  searchText?: (collection: string, data: unknown) => string;
}

/**
 * Runs pending migrations on an open database (umzug, with the log kept in a `migrations` table).
 * umzug (some 20 MB of memory with its command-line dependencies) is imported only when a migration
 * is pending, so a server starting on an up-to-date database never loads it.
 */
export async function migrate(db: Database.Database): Promise<string[]> {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, executed_at TEXT NOT NULL)');
  const executed = new Set(
    (db.prepare('SELECT name FROM migrations').all() as Array<{ name: string }>).map((r) => r.name),
  );
  if (migrations.every((m) => executed.has(m.name))) return [];
  const { Umzug } = await import('umzug');
  const storage: UmzugStorage = {
    logMigration: async ({ name }) => {
      db.prepare('INSERT INTO migrations (name, executed_at) VALUES (?, ?)').run(name, new Date().toISOString());
    },
    unlogMigration: async ({ name }) => {
      db.prepare('DELETE FROM migrations WHERE name = ?').run(name);
    },
    executed: async () =>
      (db.prepare('SELECT name FROM migrations ORDER BY name').all() as Array<{ name: string }>).map((r) => r.name),
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

/** From this many FTS candidates on, a search list walks its ordering index instead (see manyCandidates). */
const MANY_CANDIDATES = 2000;
/** Prepared statements kept per store (SQL text → statement); beyond this many the cache starts over. */
const STATEMENT_CACHE_LIMIT = 2000;
/** `ANALYZE` reads every index (0: no sampling limit; sampled statistics skew the per-collection estimates badly). */
const ANALYSIS_LIMIT = 0;

/** The DocumentStore on an open better-sqlite3 database. */
export class SqliteDocumentStore extends CommitDocumentStore {
  private readonly searchText: (collection: string, data: unknown) => string;
  private readonly statements = new Map<string, Database.Statement>();
  /** Collections whose stored sort keys match the registry's current declaration. */
  private readonly keyedCollections = new Set<string>();
  /** Documents written by bulk loads since the statistics were last gathered, and the size then. */
  private bulkWritten = 0;
  private rowsAtAnalyze = 0;
  /** The visitor search's index (sqliteSiteSearch.ts), written with each document. */
  private readonly site: SqliteSiteSearch;

  constructor(
    readonly db: Database.Database,
    options: SqliteStoreOptions = {},
  ) {
    super();
    this.searchText = options.searchText ?? registrySearchText;
    // Rows written before the search column existed get their text once (every write sets it since).
    if (!this.db.prepare("SELECT 1 FROM store_meta WHERE key = 'search_filled'").get()) {
      this.reindexSearch({ onlyMissing: true });
      this.db.prepare("INSERT OR IGNORE INTO store_meta (key, value) VALUES ('search_filled', '1')").run();
    }
    this.site = new SqliteSiteSearch(db);
    this.site.refresh();
    this.refreshSortKeys();
    const created = this.ensureIndexes();
    if (created) this.analyze();
    else {
      this.db.pragma('optimize = 0x10002');
      this.dropSamples();
    }
    this.rowsAtAnalyze = this.totalRows();
  }

  /** A prepared statement for the SQL text, prepared once. */
  private stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= STATEMENT_CACHE_LIMIT) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private totalRows(): number {
    return (this.stmt('SELECT ifnull(sum(n), 0) AS n FROM document_counts').get() as { n: number }).n;
  }

  /**
   * Creates the registry's indexes (sqliteIndexes.ts) that are missing and drops registry indexes no
   * declaration asks for any more; returns how many were created.
   */
  ensureIndexes(): number {
    const wanted = registryIndexes();
    const names = new Set(wanted.map((i) => i.name));
    const existing = (
      this.db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'documents' AND name LIKE 'documents\\_r\\_%' ESCAPE '\\'",
        )
        .all() as Array<{
        name: string;
      }>
    ).map((r) => r.name);
    const have = new Set(existing);
    let created = 0;
    this.db.transaction(() => {
      for (const name of existing) if (!names.has(name)) this.db.exec(`DROP INDEX ${name}`);
      for (const index of wanted) {
        if (have.has(index.name)) continue;
        this.db.exec(index.sql);
        created += 1;
      }
    })();
    if (created || existing.some((n) => !names.has(n))) this.statements.clear();
    return created;
  }

  /**
   * Merges the search indexes' segments and gathers the query planner's statistics (`ANALYZE`,
   * sampling at most ANALYSIS_LIMIT rows per index; the samples are then dropped, see dropSamples).
   * Run after migrations, index changes and bulk loads; without them SQLite may pick a poor index
   * (a slug lookup through the status index).
   */
  analyze(): void {
    this.mergeSearchIndexes();
    this.db.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
    this.db.exec('ANALYZE');
    this.dropSamples();
    this.statements.clear();
    this.bulkWritten = 0;
    this.rowsAtAnalyze = this.totalRows();
  }

  /**
   * Merges each FTS5 index (the admin search's trigrams, the visitor search's terms) into one
   * segment (FTS5 'optimize'). Bulk loads leave many segments, and a query probes every segment
   * for each of its tokens: at 20,000 documents per type, a word of 16 letters (14 trigrams) took
   * 390 µs before the merge and 29 µs after. Writes after it add small segments that FTS5's
   * automerge keeps few.
   */
  private mergeSearchIndexes(): void {
    for (const table of ['documents_fts', 'site_search'])
      this.db.exec(`INSERT INTO ${table} (${table}) VALUES ('optimize')`);
  }

  /**
   * Deletes the sampled statistics (`sqlite_stat4`, which `ANALYZE` gathers in this build of
   * SQLite: better-sqlite3 enables STAT4), keeping the counts (`sqlite_stat1`), and has the planner
   * read them again. With samples, a statement whose bound value is compared with an indexed
   * expression is planned again on every run, because better-sqlite3 binds its values anew each time
   * and the plan may depend on them: at 20,000 documents per type, a slug lookup spent 40–120 µs
   * planning over this table's many indexes for 2 µs of work, a public list about 500 µs. Lists
   * name their index (orderingIndex), filtered counts too (countIndex), a slug or id lookup is
   * planned right from the counts alone.
   */
  private dropSamples(): void {
    const sampled = this.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_stat4'").get();
    if (!sampled || !this.db.prepare('SELECT 1 FROM sqlite_stat4 LIMIT 1').get()) return;
    this.db.exec('DELETE FROM sqlite_stat4; ANALYZE sqlite_schema;');
    this.statements.clear();
  }

  /** After a bulk load: `ANALYZE` again once the store has grown by half since the last time. */
  private afterBulkWrite(count: number): void {
    this.bulkWritten += count;
    if (this.bulkWritten >= 500 && this.bulkWritten * 2 >= this.rowsAtAnalyze) this.analyze();
  }

  /**
   * Recomputes the stored sort keys of every collection whose declaration of sortable fields
   * changed (or that has none yet: rows written before migration 0006).
   */
  refreshSortKeys(): number {
    const known = new Map(
      (
        this.db.prepare("SELECT key, value FROM store_meta WHERE key LIKE 'sort_keys:%'").all() as Array<{
          key: string;
          value: string;
        }>
      ).map((r) => [r.key.slice('sort_keys:'.length), r.value]),
    );
    const collections = (
      this.db.prepare('SELECT DISTINCT collection FROM document_counts WHERE n > 0').all() as Array<{
        collection: string;
      }>
    ).map((r) => r.collection);
    let updated = 0;
    for (const collection of new Set([...collections, ...known.keys()])) {
      const signature = sortKeySignature(collection);
      if (known.get(collection) !== signature) {
        const rows = this.db
          .prepare('SELECT rowid, data FROM documents WHERE collection = ?')
          .all(collection) as Array<{ rowid: number; data: string }>;
        const set = this.db.prepare('UPDATE documents SET sort_keys = ? WHERE rowid = ?');
        this.db.transaction(() => {
          for (const row of rows) set.run(sortKeysJson(collection, JSON.parse(row.data)), row.rowid);
          this.markKeyed(collection);
        })();
        updated += rows.length;
      }
      this.keyedCollections.add(collection);
    }
    return updated;
  }

  private markKeyed(collection: string): void {
    this.stmt(
      'INSERT INTO store_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(`sort_keys:${collection}`, sortKeySignature(collection));
    this.keyedCollections.add(collection);
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

  async get<T>(collection: string, id: string): Promise<StoredDocument<T> | null> {
    const row = this.stmt(`SELECT ${columnsSql(undefined)} FROM documents WHERE collection = ? AND id = ?`).get(
      collection,
      id,
    ) as Row | undefined;
    return row ? toDocument<T>(row) : null;
  }

  async findOne<T>(collection: string, where: Filter[]): Promise<StoredDocument<T> | null> {
    const params: unknown[] = [];
    // The first equality (a slug) is the lookup: SQLite's planner otherwise may take the status index.
    const key = where.find((f) => f.op === '==' && f.value !== null);
    const sql = `SELECT ${columnsSql(undefined)} FROM documents WHERE ${whereSql(collection, where, params, undefined, key)} LIMIT 1`;
    const row = this.stmt(sql).get(...params) as Row | undefined;
    return row ? toDocument<T>(row) : null;
  }

  async count(collection: string, where?: Filter[]): Promise<number> {
    return this.countMatches(collection, where);
  }

  /**
   * How many documents match. Totals of the visibility and state filters come from
   * `document_counts` (kept by triggers): all of a collection, or one `status`, minus the scheduled
   * ones (`publishedAt` later than now: an index range); anything else counts over an index.
   */
  private countMatches(collection: string, where: Filter[] | undefined, search?: string): number {
    const filters = where ?? [];
    if (!search?.trim()) {
      const status = filters.filter((f) => f.field === 'status');
      const published = filters.filter((f) => f.field === 'publishedAt');
      const rest = filters.length - status.length - published.length;
      const statusValue = status[0]?.value;
      const simpleStatus =
        status.length === 0 ||
        (status.length === 1 && status[0]!.op === '==' && typeof statusValue === 'string' && statusValue !== '');
      if (rest === 0 && simpleStatus && published.length <= 1) {
        const base =
          status.length === 0
            ? (
                this.stmt('SELECT ifnull(sum(n), 0) AS n FROM document_counts WHERE collection = ?').get(
                  collection,
                ) as { n: number }
              ).n
            : ((
                this.stmt('SELECT n FROM document_counts WHERE collection = ? AND status = ?').get(
                  collection,
                  statusValue,
                ) as { n: number } | undefined
              )?.n ?? 0);
        const pa = published[0];
        if (!pa) return base;
        if (pa.op === 'is-null-or-<=' && status.length === 1) {
          return base - this.countSql(collection, [...status, { field: 'publishedAt', op: '>', value: pa.value }]);
        }
      }
    }
    return this.countSql(collection, filters, search);
  }

  /**
   * Whether a search's FTS candidates (in the collection) are many: then the list walks its
   * ordering index and stops at the page's end, checking each row against the candidates, rather
   * than fetching and sorting every candidate. (A search with no term of three characters has no
   * candidates: it scans in order as well.)
   */
  private manyCandidates(collection: string, search: string): boolean {
    const fts = ftsPhrases(searchTerms(search));
    if (!fts) return true;
    const row = this.stmt(
      `SELECT count(*) AS n FROM (SELECT 1 ${ftsMatchesOf(collection).from} LIMIT ${MANY_CANDIDATES})`,
    ).get(fts) as { n: number };
    return row.n >= MANY_CANDIDATES;
  }

  private countSql(collection: string, where: Filter[] | undefined, search?: string): number {
    const params: unknown[] = [];
    const index = search?.trim() ? undefined : countIndex(collection, where);
    const row = this.stmt(
      `SELECT count(*) AS n FROM documents${index ? ` INDEXED BY ${index}` : ''} WHERE ${whereSql(collection, where, params, search)}`,
    ).get(...params) as {
      n: number;
    };
    return row.n;
  }

  async list<T>(collection: string, query: ListQuery): Promise<ListResult<T>> {
    const params: unknown[] = [];
    const where = whereSql(collection, query.where, params, query.search);
    const collation = query.orderBy.collation;
    const sortExprs = [
      ...query.orderBy.fields.map((f) => (collation === 'uk' ? ukOrderExpr(collection, f) : fieldExpr(f))),
      ...tieBreakFields(query).map((f) => fieldExpr(f)),
      'id',
    ];
    const total = query.withTotal ? this.countMatches(collection, query.where, query.search) : undefined;
    let dir: 'ASC' | 'DESC' = query.orderBy.direction === 'desc' ? 'DESC' : 'ASC';
    let limit = query.limit + 1;
    let offset = !query.cursor && query.offset ? query.offset : 0;
    // A page nearer the end than the start (the last page of a long list) is read backwards from
    // the end, so the index is walked for the rows after it rather than all the rows before it.
    let reversed = false;
    if (total !== undefined && offset > 0) {
      if (offset >= total) return { items: [], nextCursor: null, total };
      if (offset > total / 2) {
        reversed = true;
        limit = Math.min(query.limit, total - offset);
        offset = total - offset - limit;
        dir = dir === 'ASC' ? 'DESC' : 'ASC';
      }
    }
    const index =
      query.search?.trim() && !this.manyCandidates(collection, query.search)
        ? undefined
        : orderingIndex(collection, query.where, sortExprs);
    let sql = `SELECT ${columnsSql(query.select)}, ${sortExprs.map((e, i) => `${e} AS s${i}`).join(', ')} FROM documents${index ? ` INDEXED BY ${index}` : ''} WHERE ${where}`;
    if (query.cursor) {
      const values = decodeCursor<string | number | null>(query.cursor, sortExprs.length, isSqlValue);
      sql += ` AND ${afterCursorSql(sortExprs, values, dir, params)}`;
      // The same condition as a range on the first sort expression, which an index can seek to.
      if (dir === 'ASC' && values[0] !== null && values[0] !== undefined) {
        sql += ` AND ${sortExprs[0]} >= ?`;
        params.push(values[0]);
      }
    }
    sql += ` ORDER BY ${sortExprs.map((e) => `${e} ${dir}`).join(', ')} LIMIT ?`;
    params.push(limit);
    if (offset) {
      sql += ' OFFSET ?';
      params.push(offset);
    }
    const rows = this.stmt(sql).all(...params) as Array<Row & Record<string, string | number | null>>;
    let page: typeof rows;
    let hasMore: boolean;
    if (reversed) {
      page = rows.reverse();
      hasMore = (query.offset ?? 0) + page.length < total!;
    } else {
      page = rows.slice(0, query.limit);
      hasMore = rows.length > query.limit;
    }
    const last = page[page.length - 1];
    const nextCursor = hasMore && last ? encodeCursor(sortExprs.map((_, i) => last[`s${i}`] ?? null)) : null;
    const result: ListResult<T> = { items: page.map((r) => toDocument<T>(r)), nextCursor };
    if (total !== undefined) result.total = total;
    return result;
  }

  async createMany(items: Array<{ collection: string; id: string; data: unknown }>): Promise<void> {
    await this.commit(items.map((item) => ({ kind: 'create' as const, ...item })));
    this.afterBulkWrite(items.length);
  }

  /**
   * Applies the writes in one SQLite transaction, all or none (see the port): reads the targets and
   * the holders of each claimed unique value, lets `planCommit` decide, then writes its steps in order.
   */
  async commit(ops: WriteOp[]): Promise<Array<StoredDocument<unknown> | null>> {
    const now = new Date().toISOString();
    const targeted = withIds(ops);
    // better-sqlite3 transactions are synchronous, so no other request's writes can interleave.
    const plan = this.db.transaction(() => {
      const { state, rowids } = this.readCommitState(commitReads(targeted));
      const outcome = planCommit(targeted, state, now);
      if (!outcome.ok) throw outcome.error;
      for (const write of outcome.plan.writes) this.applyWrite(write, rowids);
      return outcome.plan;
    })();
    for (const event of plan.events) this.emit(event);
    return plan.writes.map((write) => write.doc);
  }

  /** What `planCommit` needs: the stored targets (and their rowids, by collection and id) and the holders of each claim. */
  private readCommitState(reads: CommitReads): { state: StoredState; rowids: Map<string, number | bigint> } {
    const rowids = new Map<string, number | bigint>();
    const documents: Array<StoredDocument<unknown>> = [];
    const read = this.stmt(`SELECT rowid, ${columnsSql(undefined)} FROM documents WHERE collection = ? AND id = ?`);
    for (const { collection, id } of reads.targets) {
      const row = read.get(collection, id) as (Row & { rowid: number }) | undefined;
      if (!row) continue;
      rowids.set(docKey(collection, id), row.rowid);
      documents.push(toDocument(row));
    }
    const holders = reads.claims.map(({ collection, field, value, limit }) => {
      const rows = this.stmt(
        `SELECT id FROM documents WHERE collection = ${collectionLiteral(collection)} AND ${fieldExpr(field)} = ? LIMIT ?`,
      ).all(value, limit) as Array<{ id: string }>;
      return { collection, field, value, ids: rows.map((r) => r.id) };
    });
    return { state: { documents, holders }, rowids };
  }

  /** Writes one planned step (rows, search text, sort keys, the visitor search's entry). */
  private applyWrite({ kind, collection, id, doc }: PlannedWrite, rowids: Map<string, number | bigint>): void {
    const key = docKey(collection, id);
    if (kind === 'delete') {
      this.stmt('DELETE FROM documents WHERE collection = ? AND id = ?').run(collection, id);
      this.site.remove(rowids.get(key)!);
      rowids.delete(key);
      return;
    }
    const { data, version, createdAt, updatedAt } = doc!;
    const search = this.searchText(collection, data);
    const sortKeys = sortKeysJson(collection, data);
    if (kind === 'create') {
      if (!this.keyedCollections.has(collection)) this.markKeyed(collection);
      const inserted = this.stmt(
        'INSERT INTO documents (collection, id, data, version, created_at, updated_at, search, sort_keys) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(collection, id, JSON.stringify(data), version, createdAt, updatedAt, search, sortKeys);
      rowids.set(key, inserted.lastInsertRowid);
    } else {
      this.stmt(
        'UPDATE documents SET data = ?, version = ?, updated_at = ?, search = ?, sort_keys = ? WHERE collection = ? AND id = ?',
      ).run(JSON.stringify(data), version, updatedAt, search, sortKeys, collection, id);
    }
    this.site.write(rowids.get(key)!, collection, id, data);
  }

  async siteSearch(query: SiteSearchQuery): Promise<SiteSearchResult> {
    const { rowids, total, totals } = this.site.search(query);
    const read = this.stmt(`SELECT ${columnsSql(undefined)} FROM documents WHERE rowid = ?`);
    const items = rowids.flatMap((rowid) => {
      const row = read.get(rowid) as Row | undefined;
      return row ? [toDocument<Record<string, unknown>>(row)] : [];
    });
    return { items, total, totals };
  }

  async close(): Promise<void> {
    this.statements.clear();
    this.db.close();
  }
}
