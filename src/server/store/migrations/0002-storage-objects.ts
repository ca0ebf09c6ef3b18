import type { SqliteMigration } from './index';

/** Metadata of stored files (Firebase Storage objects); the bytes live on disk under DATA_DIR/storage. */
export const m0002StorageObjects: SqliteMigration = {
  name: '0002-storage-objects',
  up: (db) => {
    db.exec(`
      CREATE TABLE storage_objects (
        bucket TEXT NOT NULL,
        name TEXT NOT NULL,
        generation TEXT NOT NULL,
        metageneration INTEGER NOT NULL,
        size INTEGER NOT NULL,
        md5_hash TEXT NOT NULL,
        content_type TEXT NOT NULL,
        cache_control TEXT,
        content_disposition TEXT,
        content_encoding TEXT,
        content_language TEXT,
        custom_metadata TEXT NOT NULL DEFAULT '{}',
        download_tokens TEXT NOT NULL,
        time_created TEXT NOT NULL,
        updated TEXT NOT NULL,
        PRIMARY KEY (bucket, name)
      );
    `);
  },
  down: (db) => {
    db.exec('DROP TABLE storage_objects;');
  },
};
