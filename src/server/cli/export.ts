/**
 * `npm run export -- FILE`: writes every document (content, revisions, audit log, book orders,
 * redirects…) and every stored file of the configured backend into one archive (a .tar.gz;
 * src/server/backup/format.ts). The configuration is the server's (.env and environment: BACKEND,
 * DATA_DIR, FIREBASE_*…); it may run while the server runs.
 *
 * Exit status: 0 done, 1 failed, 2 wrong usage. Errors are one line on stderr; progress goes to stderr.
 */
import { openBackend } from '../backup/backend';
import { cliConfig, commandOf, fileArguments, runCli } from './run';
import { exportArchive } from '../backup/export';
import { checkArchiveTarget } from '../backup/target';
import { StorageUnreachableError } from '../storage/unreachable';

const USAGE = `Usage: ${commandOf('export')} FILE

Writes every document, revision, audit entry and stored file of the configured backend
(BACKEND=embedded: DATA_DIR; BACKEND=firebase: Firestore and the Cloud Storage bucket) into FILE,
a gzip-compressed tar archive (replaced if it exists). Load it with "${commandOf('import')} FILE".`;

runCli('export', async () => {
  const args = fileArguments(USAGE, 'the archive to write');
  if (!args) return;
  const { file } = args;
  const config = cliConfig();
  await checkArchiveTarget(file); // before the backend is opened: a mistyped folder writes nothing
  const backend = await openBackend(config, 'export');
  try {
    const started = Date.now();
    const summary = await exportArchive({
      store: backend.store,
      files: backend.files,
      backend: backend.backend,
      file,
      log: (m) => console.error(m),
    }).catch((err: unknown) => {
      // The archive is written under a temporary name and removed on failure (backup/export.ts).
      throw err instanceof StorageUnreachableError ? err.during('', '; no archive was written') : err;
    });
    const documents = Object.values(summary.documents).reduce((a, b) => a + b, 0);
    console.log(
      `Exported ${documents} documents and ${summary.files} files (${summary.bytes} bytes) from ${backend.describe} to ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await backend.close();
  }
});
