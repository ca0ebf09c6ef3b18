/**
 * The visitor search in the SQLite store: the FTS5 table `site_search` (stemmed title and text of
 * each visible document, rowid = the document's rowid) and `site_search_docs` (its collection and
 * when it becomes visible), see migration 0007. The store calls `write` and `remove` inside each
 * commit's transaction; `search` ranks with FTS5's BM25, the title weighing ten times the text, and
 * counts the matches per collection (the visitor search's type filter).
 */
import type Database from 'better-sqlite3';
import { BODY_WEIGHT, TITLE_WEIGHT } from '../search/rank';
import { siteSearchCollections, siteSearchEntry, siteSearchSignature, type SiteSearchEntry } from '../search/siteIndex';
import type { SiteSearchQuery } from './port';

/** The FTS5 query of stemmed terms: each a quoted token, all required. */
function matchQuery(terms: string[]): string {
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
}

/** Rows read per batch while the index is rebuilt. */
const REBUILD_BATCH = 2000;

export class SqliteSiteSearch {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly db: Database.Database,
    private readonly entryOf: (collection: string, data: unknown) => SiteSearchEntry | null = siteSearchEntry,
  ) {}

  private stmt(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  /** Indexes (or un-indexes) a written document by its rowid. */
  write(rowid: number | bigint, collection: string, id: string, data: unknown): void {
    this.remove(rowid);
    const entry = this.entryOf(collection, data);
    if (!entry) return;
    this.stmt('INSERT INTO site_search (rowid, title, body) VALUES (?, ?, ?)').run(rowid, entry.title, entry.body);
    this.stmt('INSERT INTO site_search_docs (rowid, collection, doc, visible_from, parent) VALUES (?, ?, ?, ?, ?)').run(
      rowid,
      collection,
      `${collection}/${id}`,
      entry.visibleFrom,
      entry.parent,
    );
  }

  /** Drops a document's entry (before it is deleted, or rewritten). */
  remove(rowid: number | bigint): void {
    if (this.stmt('DELETE FROM site_search_docs WHERE rowid = ?').run(rowid).changes) {
      this.stmt('DELETE FROM site_search WHERE rowid = ?').run(rowid);
    }
  }

  /**
   * Rebuilds the index when what is indexed changed (or was never built: documents written before
   * migration 0007); returns how many documents were read.
   */
  refresh(): number {
    const signature = siteSearchSignature();
    const known = this.db.prepare("SELECT value FROM store_meta WHERE key = 'site_search'").get() as
      { value: string } | undefined;
    if (known?.value === signature) return 0;
    const collections = siteSearchCollections();
    const marks = collections.map(() => '?').join(', ');
    const read = this.db.prepare(
      `SELECT rowid, collection, id, data FROM documents WHERE rowid > ? AND collection IN (${marks}) ORDER BY rowid LIMIT ${REBUILD_BATCH}`,
    );
    let after = 0;
    let count = 0;
    this.db.transaction(() => {
      this.db.exec("DELETE FROM site_search_docs; INSERT INTO site_search (site_search) VALUES ('delete-all');");
      for (;;) {
        const rows = read.all(after, ...collections) as Array<{
          rowid: number;
          collection: string;
          id: string;
          data: string;
        }>;
        for (const row of rows) this.write(row.rowid, row.collection, row.id, JSON.parse(row.data));
        count += rows.length;
        if (rows.length < REBUILD_BATCH) break;
        after = rows[rows.length - 1]!.rowid;
      }
      this.db
        .prepare(
          "INSERT INTO store_meta (key, value) VALUES ('site_search', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .run(signature);
    })();
    return count;
  }

  /**
   * The rowids of a page of matches (of `query.collection` only, when given), best first, how many
   * of them there are, and how many match per collection (one grouped count, unfiltered).
   */
  search(query: SiteSearchQuery): { rowids: number[]; total: number; totals: Record<string, number> } {
    const match = matchQuery(query.terms);
    const visible = (alias: string) => `(${alias}.visible_from IS NULL OR ${alias}.visible_from <= ?)`;
    const from = `FROM site_search JOIN site_search_docs m ON m.rowid = site_search.rowid WHERE site_search MATCH ? AND ${visible('m')}
      AND (m.parent IS NULL OR EXISTS (SELECT 1 FROM site_search_docs p WHERE p.doc = m.parent AND ${visible('p')}))`;
    const counts = this.stmt(`SELECT m.collection AS collection, count(*) AS n ${from} GROUP BY m.collection`).all(
      match,
      query.now,
      query.now,
    ) as Array<{ collection: string; n: number }>;
    const totals = Object.fromEntries(counts.map((c) => [c.collection, c.n]));
    const filter = query.collection === undefined ? [] : [query.collection];
    const total = filter.length ? (totals[filter[0]!] ?? 0) : counts.reduce((sum, c) => sum + c.n, 0);
    if (!total || query.offset >= total) return { rowids: [], total, totals };
    const rows = this.stmt(
      `SELECT site_search.rowid AS rowid ${from} ${filter.length ? 'AND m.collection = ?' : ''}
      ORDER BY bm25(site_search, ${TITLE_WEIGHT}, ${BODY_WEIGHT}), m.collection, site_search.rowid LIMIT ? OFFSET ?`,
    ).all(match, query.now, query.now, ...filter, query.limit, query.offset) as Array<{ rowid: number }>;
    return { rowids: rows.map((r) => r.rowid), total, totals };
  }
}
