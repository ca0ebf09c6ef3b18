/**
 * The two DocumentStore backends the contract suite runs against: SQLite on a temporary file and
 * Firestore on the emulator the project's globalSetup started (a fresh `demo-…` project per store,
 * so tests share nothing).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createFirestoreStore, type FirestoreStoreOptions } from '../../src/server/store/firestore/index';
import type { DocumentStore } from '../../src/server/store/port';
import { openSqliteDatabase, SqliteDocumentStore } from '../../src/server/store/sqlite';

export interface Backend {
  name: 'sqlite' | 'firestore';
  /** A new, empty store; `dispose` closes it and removes what it left. */
  open(
    options?: Pick<FirestoreStoreOptions, 'onQuery' | 'onRead' | 'siteSearchCandidates' | 'searchCandidates'>,
  ): Promise<{ store: DocumentStore; dispose: () => Promise<void> }>;
}

export const sqliteBackend: Backend = {
  name: 'sqlite',
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), 'uhmi-contract-'));
    const store = new SqliteDocumentStore(await openSqliteDatabase(path.join(dir, 'store.sqlite')));
    return {
      store,
      dispose: async () => {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

export const firestoreBackend: Backend = {
  name: 'firestore',
  open(options = {}) {
    const host = inject('firestoreEmulatorHost');
    if (!host) throw new Error('The Firestore emulator is not running (the contract project starts it in globalSetup)');
    const projectId = `demo-contract-${randomBytes(6).toString('hex')}`;
    const store = createFirestoreStore({ settings: { projectId, host, ssl: false }, ...options });
    return Promise.resolve({
      store,
      dispose: async () => {
        await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
          method: 'DELETE',
        });
        await store.close();
      },
    });
  },
};

export const backends: Backend[] = [sqliteBackend, firestoreBackend];
