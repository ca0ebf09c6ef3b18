/**
 * The two ports of the configured backend, for the export, import and seed CLIs (and their tests): the
 * SQLite documents and the embedded files under DATA_DIR, or Cloud Firestore and the Cloud Storage
 * bucket with BACKEND=firebase (firebase-admin; the emulators when FIRESTORE_EMULATOR_HOST and
 * STORAGE_EMULATOR_HOST are set). Opened as the server opens them (app.ts), without the change feed.
 *
 * An import into the embedded store takes DATA_DIR's server lock (dataDirLock.ts), so it refuses to
 * run beside a server on the same folder, and a server refuses to start while it runs. An export
 * does not: it only reads, which SQLite in WAL mode allows beside the server's writes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { prepareDataDir } from '../dataDir';
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../dataDirLock';
import { firebaseFirestore } from '../firebase/adminApp';
import { createCloudObjectStore } from '../storage/cloudPort';
import { DiskObjectStorePort } from '../storage/diskPort';
import { ObjectStore } from '../storage/objects';
import type { ObjectStorePort } from '../storage/port';
import { createFirestoreStore } from '../store/firestore/index';
import type { DocumentStore } from '../store/port';
import { openSqliteDatabase, SqliteDocumentStore } from '../store/sqlite';
import { BackupError } from './format';

export interface OpenBackend {
  backend: Config['backend'];
  store: DocumentStore;
  files: ObjectStorePort;
  /** Where the data is, for messages. */
  describe: string;
  close(): Promise<void>;
}

/**
 * Opens the configured backend for a command-line tool: `export` only reads; `import` and `seed`
 * write, so in embedded mode they take the DATA_DIR lock (no server may run beside them: its caches
 * would not see their writes). Throws BackupError when the lock is held or there is nothing to export.
 */
export async function openBackend(config: Config, purpose: 'export' | 'import' | 'seed'): Promise<OpenBackend> {
  if (config.backend === 'firebase') {
    const store = createFirestoreStore({ firestore: firebaseFirestore(config.firebase.projectId) });
    const files = createCloudObjectStore({
      projectId: config.firebase.projectId,
      bucket: config.firebase.storageBucket,
    });
    return {
      backend: 'firebase',
      store,
      files,
      describe: `Firebase project ${config.firebase.projectId} (bucket ${config.firebase.storageBucket})`,
      close: () => store.close(),
    };
  }
  const dbFile = path.join(config.dataDir, 'site.db');
  if (purpose === 'export' && !existsSync(dbFile))
    throw new BackupError(`DATA_DIR ${config.dataDir} holds no site (no site.db): nothing to export`);
  prepareDataDir(config.dataDir);
  let lock: DataDirLock | null = null;
  if (purpose !== 'export') {
    try {
      lock = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        throw new BackupError(
          `a server is running on DATA_DIR ${config.dataDir}${err.pid ? ` (pid ${err.pid})` : ''}; stop it before ${purpose === 'import' ? 'importing into it' : 'seeding it'}`,
        );
      }
      throw err;
    }
  }
  try {
    const db = await openSqliteDatabase(dbFile);
    const store = new SqliteDocumentStore(db);
    const files = new DiskObjectStorePort(
      new ObjectStore(db, path.join(config.dataDir, 'storage')),
      config.firebase.storageBucket,
    );
    return {
      backend: 'embedded',
      store,
      files,
      describe: `DATA_DIR ${config.dataDir}`,
      async close() {
        await store.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
