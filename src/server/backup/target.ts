/**
 * Whether an export can write its archive at the path the user gave, checked before the backend is
 * opened or anything is written, so a mistyped folder is one line naming that path.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';

/** The archive cannot be written there; the message is one line naming the user's path and why. */
export class ArchiveTargetError extends Error {
  constructor(file: string, reason: string) {
    super(`Cannot write ${file}: ${reason}`);
    this.name = 'ArchiveTargetError';
  }
}

/**
 * Checks that `file`'s folder exists, is a folder and is writable, and that `file` is not itself a
 * folder. Throws ArchiveTargetError (`Cannot write {file}: the folder does not exist`, …).
 */
export async function checkArchiveTarget(file: string): Promise<void> {
  const target = path.resolve(file);
  const folder = await stat(path.dirname(target)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw new ArchiveTargetError(file, 'the folder does not exist');
    if (err.code === 'ENOTDIR') throw new ArchiveTargetError(file, 'the folder path is a file');
    throw new ArchiveTargetError(file, err.code === 'EACCES' ? 'permission denied' : err.message);
  });
  if (!folder.isDirectory()) throw new ArchiveTargetError(file, 'the folder path is a file');
  await access(path.dirname(target), constants.W_OK | constants.X_OK).catch(() => {
    throw new ArchiveTargetError(file, 'the folder is not writable');
  });
  const existing = await stat(target).catch(() => null);
  if (existing?.isDirectory()) throw new ArchiveTargetError(file, 'it is a folder (give a file name)');
}
