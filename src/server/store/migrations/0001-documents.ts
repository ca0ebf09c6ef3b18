import type { SqliteMigration } from './index';

/** Content documents of every collection, with their data as JSON. */
export const m0001Documents: SqliteMigration = {
  name: '0001-documents',
  up: (db) => {
    db.exec(`
      CREATE TABLE documents (
        collection TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL CHECK (json_valid(data)),
        version INTEGER NOT NULL CHECK (version >= 1),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        PRIMARY KEY (collection, id)
      );
      CREATE INDEX documents_slug ON documents (collection, json_extract(data, '$.slug'));
      CREATE INDEX documents_status ON documents (collection, json_extract(data, '$.status'));
      CREATE INDEX documents_updated ON documents (collection, updated_at);
    `);
  },
  down: (db) => {
    db.exec('DROP TABLE documents;');
  },
};
