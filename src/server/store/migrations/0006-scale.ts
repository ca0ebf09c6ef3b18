import type { SqliteMigration } from './index';

/**
 * What keeps lists, totals and search index-backed as the content grows:
 * - `sort_keys`: the Ukrainian sort keys (shared/content/sortKey.ts) of a document's sortable
 *   fields as a JSON object, written on every write (the store fills rows written before this
 *   migration when it opens, as it does the search column); the registry's expression indexes
 *   (store/sqliteIndexes.ts, created by the store) index `json_extract(sort_keys, '$.field')`;
 * - `document_counts`: documents per collection and `status`, kept by triggers, so a total of
 *   visible documents is a lookup minus the scheduled ones (an index range);
 * - `documents_fts`: an FTS5 trigram index of the `search` column (contentless, kept by triggers;
 *   rowid = the collection's number in `fts_collections` × 2^40 + the document's rowid, so a
 *   search reads only its collection's rowid range), which finds the candidates of a search for terms of three
 *   characters or more (each a phrase of its trigrams: a substring); `instr` still decides, so
 *   results are as before;
 * - `store_meta`: small facts the store keeps about itself (which sort keys each collection has).
 */
export const m0006Scale: SqliteMigration = {
  name: '0006-scale',
  up: (db) => {
    db.exec(`
      ALTER TABLE documents ADD COLUMN sort_keys TEXT;
      CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

      CREATE TABLE document_counts (
        collection TEXT NOT NULL,
        status TEXT NOT NULL,
        n INTEGER NOT NULL,
        PRIMARY KEY (collection, status)
      ) WITHOUT ROWID;
      INSERT INTO document_counts (collection, status, n)
        SELECT collection, ifnull(json_extract(data, '$.status'), ''), count(*) FROM documents GROUP BY 1, 2;
      CREATE TRIGGER documents_count_insert AFTER INSERT ON documents BEGIN
        INSERT INTO document_counts (collection, status, n) VALUES (new.collection, ifnull(json_extract(new.data, '$.status'), ''), 1)
          ON CONFLICT (collection, status) DO UPDATE SET n = n + 1;
      END;
      CREATE TRIGGER documents_count_delete AFTER DELETE ON documents BEGIN
        UPDATE document_counts SET n = n - 1 WHERE collection = old.collection AND status = ifnull(json_extract(old.data, '$.status'), '');
      END;
      CREATE TRIGGER documents_count_update AFTER UPDATE OF data, collection ON documents
        WHEN old.collection IS NOT new.collection
          OR ifnull(json_extract(old.data, '$.status'), '') IS NOT ifnull(json_extract(new.data, '$.status'), '')
      BEGIN
        UPDATE document_counts SET n = n - 1 WHERE collection = old.collection AND status = ifnull(json_extract(old.data, '$.status'), '');
        INSERT INTO document_counts (collection, status, n) VALUES (new.collection, ifnull(json_extract(new.data, '$.status'), ''), 1)
          ON CONFLICT (collection, status) DO UPDATE SET n = n + 1;
      END;

      -- FTS rowid = the collection's number × 2^40 + the document's rowid, so a search reads only
      -- its collection's slice of each trigram's document list (a rowid range).
      CREATE TABLE fts_collections (n INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
      INSERT INTO fts_collections (name) SELECT DISTINCT collection FROM documents ORDER BY 1;
      CREATE VIRTUAL TABLE documents_fts USING fts5(search, content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1');
      INSERT INTO documents_fts (rowid, search)
        SELECT (SELECT n FROM fts_collections WHERE name = collection) * 1099511627776 + rowid, search FROM documents WHERE search IS NOT NULL;
      CREATE TRIGGER documents_fts_collection BEFORE INSERT ON documents BEGIN
        INSERT OR IGNORE INTO fts_collections (name) VALUES (new.collection);
      END;
      CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents WHEN new.search IS NOT NULL BEGIN
        INSERT INTO documents_fts (rowid, search)
          VALUES ((SELECT n FROM fts_collections WHERE name = new.collection) * 1099511627776 + new.rowid, new.search);
      END;
      CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
        DELETE FROM documents_fts WHERE rowid = (SELECT n FROM fts_collections WHERE name = old.collection) * 1099511627776 + old.rowid;
      END;
      CREATE TRIGGER documents_fts_update AFTER UPDATE OF search ON documents BEGIN
        DELETE FROM documents_fts WHERE rowid = (SELECT n FROM fts_collections WHERE name = old.collection) * 1099511627776 + old.rowid;
        INSERT INTO documents_fts (rowid, search)
          SELECT (SELECT n FROM fts_collections WHERE name = new.collection) * 1099511627776 + new.rowid, new.search WHERE new.search IS NOT NULL;
      END;
    `);
  },
  down: (db) => {
    db.exec(`
      DROP TRIGGER documents_fts_update;
      DROP TRIGGER documents_fts_delete;
      DROP TRIGGER documents_fts_insert;
      DROP TRIGGER documents_fts_collection;
      DROP TABLE documents_fts;
      DROP TABLE fts_collections;
      DROP TRIGGER documents_count_update;
      DROP TRIGGER documents_count_delete;
      DROP TRIGGER documents_count_insert;
      DROP TABLE document_counts;
      DROP TABLE store_meta;
      ALTER TABLE documents DROP COLUMN sort_keys;
    `);
  },
};
