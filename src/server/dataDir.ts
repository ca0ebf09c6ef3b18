/**
 * File modes under DATA_DIR. The folder holds the SQLite database (content, accounts, password
 * hashes, upload sessions), the identity signing keys and the stored files: nothing in it is for
 * other local users. The folder is 0700 and the server's files 0600; files are created with these
 * modes explicitly (SQLite's -wal/-shm files take the database file's mode), and what a previous
 * version created more loosely is tightened at start.
 */
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { ConfigError } from './config';

/** Mode of DATA_DIR and of the folders the server creates in it (owner only). */
export const PRIVATE_DIR_MODE = 0o700;
/** Mode of the files the server creates under DATA_DIR (owner read/write). */
export const PRIVATE_FILE_MODE = 0o600;

/** chmod that reports (as a process warning) instead of failing when the file is not ours (EPERM). */
function tighten(p: string, mode: number): void {
  try {
    chmodSync(p, mode);
  } catch (err) {
    process.emitWarning(
      `Could not set mode ${mode.toString(8)} on ${p}: ${(err as Error).message}`,
      'DataDirModeWarning',
    );
  }
}

/**
 * DATA_DIR cannot be created or used (a ConfigError: reported as one line wherever those are); the
 * message is one line naming the path, the reason and the remedy, e.g. `Invalid configuration: DATA_DIR: cannot create /srv/data (permission denied); …`.
 */
export class DataDirError extends ConfigError {
  constructor(dir: string, err: NodeJS.ErrnoException) {
    super(`Invalid configuration: DATA_DIR: ${dataDirProblem(dir, err)}`);
    this.name = 'DataDirError';
  }
}

function dataDirProblem(dir: string, err: NodeJS.ErrnoException): string {
  const user = process.getuid ? ` (uid ${process.getuid()})` : '';
  switch (err.code) {
    case 'EACCES':
    case 'EPERM':
      return `cannot create or use ${dir} (permission denied); give the user running the server${user} write access to it (e.g. chown), or set DATA_DIR to a folder it owns`;
    case 'EEXIST':
      return `cannot use ${dir}: it is a file, not a folder; move that file away or set DATA_DIR to another path`;
    case 'ENOTDIR':
      return `cannot create ${dir}: a folder above it is a file; move that file away or set DATA_DIR to another path`;
    case 'EROFS':
      return `cannot create or use ${dir} (read-only file system); set DATA_DIR to a folder on a writable disk`;
    case 'ENOENT':
      return `cannot create ${dir}: the file system there does not take new folders (as in /proc); set DATA_DIR to a folder on a writable disk`;
    default:
      return `cannot create or use ${dir} (${err.code ?? err.message}); set DATA_DIR to a writable folder`;
  }
}

/** Whether `p` is a folder (or a link to one); false when it does not exist. */
function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Creates `dir` and its missing parents with `mode`, one level at a time (non-recursive mkdir).
 * Node's recursive mkdirSync never returns where a file system answers ENOENT for a folder whose
 * parent exists (/proc/1/x): here that ENOENT is thrown. Throws the mkdir error otherwise (EEXIST
 * when `dir` is a file, ENOTDIR when a parent is one, EACCES…).
 */
function makeFolder(dir: string, mode: number): void {
  const err = mkdirOnce(dir, mode);
  if (!err) return;
  const parent = path.dirname(dir);
  if (err.code !== 'ENOENT' || parent === dir) throw err;
  makeFolder(parent, mode);
  // The parent exists now: ENOENT again means this file system takes no new folders here.
  const again = mkdirOnce(dir, mode);
  if (again) throw again;
}

/** Non-recursive mkdir; returns its error, or nothing when `dir` was made or already is a folder. */
function mkdirOnce(dir: string, mode: number): NodeJS.ErrnoException | undefined {
  try {
    mkdirSync(dir, { mode });
    return undefined;
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    return e.code === 'EEXIST' && isFolder(dir) ? undefined : e;
  }
}

/**
 * Creates DATA_DIR (0700, parents as needed) or sets an existing one to 0700, and tightens what is
 * directly inside it: files to 0600 (site.db, its -wal/-shm, key files), folders to 0700 (storage/,
 * keys). Deeper entries are not walked: they are out of other users' reach behind these folders,
 * and the storage writes new ones 0600/0700 itself. Throws DataDirError when the folder cannot be
 * created (including where the file system takes no new folders, as /proc), is a file, or is not
 * readable and writable by this user.
 */
export function prepareDataDir(dir: string): void {
  try {
    makeFolder(path.resolve(dir), PRIVATE_DIR_MODE);
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new DataDirError(dir, err as NodeJS.ErrnoException);
  }
  tighten(dir, PRIVATE_DIR_MODE);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) tighten(p, PRIVATE_DIR_MODE);
    else if (entry.isFile()) tighten(p, PRIVATE_FILE_MODE);
  }
}

/**
 * Makes sure a SQLite database file exists with mode 0600 before SQLite opens it (SQLite creates
 * the -wal and -shm files with the database file's mode), and tightens an existing one and its
 * -wal/-shm files. `file` is a path (not ':memory:').
 */
export function prepareDatabaseFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const p of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    if (existsSync(p)) tighten(p, PRIVATE_FILE_MODE);
  }
}
