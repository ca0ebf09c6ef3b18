/**
 * What the SQLite store leaves after a bulk load (store/sqlite.ts `analyze`): the planner's counts
 * without the sampled statistics that make SQLite plan a statement again on every run, and each
 * FTS5 index merged into one segment.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syntheticDocuments } from '../../src/server/seed/synthetic';
import { openSqliteDatabase, SqliteDocumentStore } from '../../src/server/store/sqlite';
import { contentTypes } from '../../src/shared/content/registry';

describe('SQLite store after a bulk load', () => {
  let dir: string;
  let store: SqliteDocumentStore;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'uhmi-stats-'));
    store = new SqliteDocumentStore(await openSqliteDatabase(path.join(dir, 'store.sqlite')));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Segments of an FTS5 index (its `_idx` shadow table lists each segment's pages by segid). */
  const segments = (table: string): number =>
    (store.db.prepare(`SELECT count(DISTINCT segid) AS n FROM ${table}_idx`).get() as { n: number }).n;

  it('keeps the counts, drops the samples and merges the search indexes', async () => {
    const docs = syntheticDocuments(contentTypes.news, 1200, 'scale');
    // Small batches, as a seed writes them: each FTS5 transaction adds segments.
    for (let i = 0; i < docs.length; i += 100) await store.createMany(docs.slice(i, i + 100));
    for (let i = 0; i < 20; i += 1)
      await store.create('news', { ...(docs[i]!.data as Record<string, unknown>), slug: `extra-${i}` });
    expect(segments('documents_fts')).toBeGreaterThan(1);
    store.analyze();
    const count = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM sqlite_stat1')).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM sqlite_stat4')).toBe(0);
    expect(segments('documents_fts')).toBe(1);
    expect(segments('site_search')).toBe(1);
    const slug = (docs[600]!.data as { slug: string }).slug;
    const found = await store.findOne('news', [{ field: 'slug', op: '==', value: slug }]);
    expect(found?.id).toBe(docs[600]!.id);
  });
});
