import type { SqliteMigration } from './index';

/** Accounts of the embedded identity provider, their refresh tokens (hashed) and one-time codes (hashed). */
export const m0003Auth: SqliteMigration = {
  name: '0003-auth',
  up: (db) => {
    db.exec(`
      CREATE TABLE auth_users (
        uid TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        display_name TEXT,
        photo_url TEXT,
        email_verified INTEGER NOT NULL DEFAULT 0,
        password_hash TEXT,
        password_updated_at INTEGER,
        disabled INTEGER NOT NULL DEFAULT 0,
        custom_claims TEXT NOT NULL DEFAULT '{}',
        valid_since INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        last_login_at INTEGER,
        last_refresh_at INTEGER
      );
      -- No foreign key: a refresh token outlives its deleted user so a refresh can answer USER_NOT_FOUND.
      CREATE TABLE auth_refresh_tokens (
        token_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL,
        auth_time INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        revoked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX auth_refresh_tokens_uid ON auth_refresh_tokens (uid);
      CREATE TABLE auth_oob_codes (
        code_hash TEXT PRIMARY KEY,
        uid TEXT NOT NULL REFERENCES auth_users (uid) ON DELETE CASCADE,
        request_type TEXT NOT NULL,
        email TEXT NOT NULL,
        expires_at INTEGER NOT NULL
      );
    `);
  },
  down: (db) => {
    db.exec('DROP TABLE auth_oob_codes; DROP TABLE auth_refresh_tokens; DROP TABLE auth_users;');
  },
};
