/**
 * Schema migrations of the embedded SQLite store, run in order by umzug at start-up.
 * Each migration is a plain object so the server bundle needs no file globbing; never edit one that
 * has shipped: add a new one.
 */
import type Database from 'better-sqlite3';
import { m0001Documents } from './0001-documents';
import { m0002StorageObjects } from './0002-storage-objects';
import { m0003Auth } from './0003-auth';
import { m0004UploadSessions } from './0004-upload-sessions';
import { m0005RevisionsAudit } from './0005-revisions-audit';
import { m0006Scale } from './0006-scale';
import { m0007SiteSearch } from './0007-site-search';
import { m0008AuthProviderLinks } from './0008-auth-provider-links';

export interface SqliteMigration {
  name: string;
  up: (db: Database.Database) => void;
  down: (db: Database.Database) => void;
}

export const migrations: SqliteMigration[] = [
  m0001Documents,
  m0002StorageObjects,
  m0003Auth,
  m0004UploadSessions,
  m0005RevisionsAudit,
  m0006Scale,
  m0007SiteSearch,
  m0008AuthProviderLinks,
];
