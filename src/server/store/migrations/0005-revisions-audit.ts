import type { SqliteMigration } from './index';

/**
 * The admin's history and search, all in the `documents` table as Firestore-shaped collections:
 * - `_revisions`: one document per saved version of a content document (a full data snapshot),
 *   listed per document (`docKey` = `{collection}/{id}`) newest first;
 * - `_audit`: one document per admin action, listed newest first (`at`);
 * - `search`: the normalised text of a document's searchable fields (SQLite's LIKE and lower() fold
 *   ASCII only, so Cyrillic search compares this column with the normalised query). Rows written
 *   before this migration are filled in by the store when it opens (it knows the registry).
 */
export const m0005RevisionsAudit: SqliteMigration = {
  name: '0005-revisions-audit',
  up: (db) => {
    db.exec(`
      ALTER TABLE documents ADD COLUMN search TEXT;
      CREATE INDEX documents_revisions ON documents (collection, json_extract(data, '$.docKey'), json_extract(data, '$.revision'));
      CREATE INDEX documents_audit_at ON documents (collection, json_extract(data, '$.at'));
    `);
  },
  down: (db) => {
    db.exec(`
      DROP INDEX documents_audit_at;
      DROP INDEX documents_revisions;
      DELETE FROM documents WHERE collection IN ('_revisions', '_audit');
      ALTER TABLE documents DROP COLUMN search;
    `);
  },
};
