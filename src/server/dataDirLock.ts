/**
 * One embedded server per DATA_DIR. The embedded mode keeps state that must not be shared in the
 * server process (sign-in and book-order limits, the redirect cache, upload sessions), so a second
 * server on the same folder is refused with one clear line instead of sharing the database unsafely.
 *
 * The lock is SQLite's own file lock (POSIX advisory locks, which the kernel drops when the process
 * ends, also after kill -9): `DATA_DIR/server.lock` is opened in exclusive locking mode and a write
 * transaction begun and never finished, so nobody else can lock the file while this process lives.
 * The holder's pid is written beside it (`server.pid`) for the message. Only servers take it: the
 * account CLI (`npm run user`) works on the database while the server runs.
 */
import Database from 'better-sqlite3';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareDatabaseFile, PRIVATE_FILE_MODE } from './dataDir';

export const LOCK_FILE = 'server.lock';
export const PID_FILE = 'server.pid';

/** Thrown when another server holds DATA_DIR; the message is one line. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `Another server is already using DATA_DIR ${dataDir}${pid ? ` (pid ${pid})` : ''}; stop it first, or give this one another DATA_DIR.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** Takes the lock of `dataDir` (which exists) or throws DataDirLockedError. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const pidFile = path.join(dataDir, PID_FILE);
  prepareDatabaseFile(file); // 0600, as the server's other files
  const db = new Database(file, { timeout: 0 });
  try {
    db.pragma('journal_mode = DELETE');
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY' || (err as { code?: string }).code === 'SQLITE_LOCKED') {
      let pid: number | null = null;
      try {
        pid = Number.parseInt(readFileSync(pidFile, 'utf8'), 10) || null;
      } catch {
        /* not written yet */
      }
      throw new DataDirLockedError(dataDir, pid);
    }
    throw err;
  }
  rmSync(pidFile, { force: true });
  writeFileSync(pidFile, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      rmSync(pidFile, { force: true });
      db.close();
    },
  };
}
