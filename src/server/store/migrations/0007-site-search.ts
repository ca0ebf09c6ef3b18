import type { SqliteMigration } from './index';

/**
 * The visitor search's index (server/search/siteIndex.ts): `site_search`, a contentless FTS5 table
 * of the stemmed terms of each visible document's title and text (rowid = the document's rowid;
 * unicode61 keeps й/ї/ґ apart: terms are already lower-case stems), and `site_search_docs`: each
 * indexed row's collection, `{collection}/{id}`, when a scheduled one becomes visible, and the
 * document it is shown under (found only while that one is indexed and visible). The store writes both
 * with the document (the terms come from JavaScript) and fills them for existing documents when it
 * opens (`store_meta` 'site_search' holds the signature of what was indexed).
 */
export const m0007SiteSearch: SqliteMigration = {
  name: '0007-site-search',
  up: (db) => {
    db.exec(`
      CREATE VIRTUAL TABLE site_search USING fts5(title, body, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 0');
      CREATE TABLE site_search_docs (rowid INTEGER PRIMARY KEY, collection TEXT NOT NULL, doc TEXT NOT NULL, visible_from TEXT, parent TEXT);
      CREATE INDEX site_search_docs_doc ON site_search_docs (doc);
    `);
  },
  down: (db) => {
    db.exec(`
      DROP TABLE site_search_docs;
      DROP TABLE site_search;
      DELETE FROM store_meta WHERE key = 'site_search';
    `);
  },
};
