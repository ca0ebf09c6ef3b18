import type { SqliteMigration } from './index';

/**
 * Resumable upload sessions of the embedded storage endpoints (X-Goog-Upload protocol). A session
 * survives a restart: its bytes so far are in DATA_DIR/storage/.uploads/{id} and `received` says how
 * many of them count. Once finalized the row stays (state 'final', with the object's generation) so a
 * late `query` still answers "final"; idle rows are removed after UPLOAD_SESSION_TTL_HOURS.
 */
export const m0004UploadSessions: SqliteMigration = {
  name: '0004-upload-sessions',
  up: (db) => {
    db.exec(`
      CREATE TABLE storage_upload_sessions (
        id TEXT PRIMARY KEY,
        bucket TEXT NOT NULL,
        name TEXT NOT NULL,
        uid TEXT NOT NULL,
        total_size INTEGER NOT NULL CHECK (total_size >= 0),
        received INTEGER NOT NULL DEFAULT 0 CHECK (received >= 0 AND received <= total_size),
        metadata TEXT NOT NULL CHECK (json_valid(metadata)),
        state TEXT NOT NULL CHECK (state IN ('active', 'final')),
        generation TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE INDEX storage_upload_sessions_updated ON storage_upload_sessions (updated_at);
    `);
  },
  down: (db) => {
    db.exec('DROP TABLE storage_upload_sessions;');
  },
};
