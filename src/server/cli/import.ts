/**
 * `npm run import -- FILE [--replace]`: loads an archive made by `npm run export` into the
 * configured backend (the backup's restore, and the move embedded → Firebase and back). The whole
 * archive is checked first; a bad or truncated one is refused with one line and nothing changes.
 * A target that already holds documents or files is refused unless --replace, which deletes them
 * first. Embedded: the server on DATA_DIR must be stopped (the import takes its lock).
 *
 * Exit status: 0 done, 1 failed, 2 wrong usage. Errors are one line on stderr; progress goes to stderr.
 */
import { openBackend } from '../backup/backend';
import { cliConfig, commandOf, fileArguments, runCli } from './run';
import { BackupError } from '../backup/format';
import { checkArchive, importArchive, PartialImportError } from '../backup/import';
import { StorageUnreachableError } from '../storage/unreachable';

const USAGE = `Usage: ${commandOf('import')} FILE [--replace] [--check]

Loads FILE (made by "${commandOf('export')} FILE") into the configured backend (BACKEND=embedded: DATA_DIR,
with its server stopped; BACKEND=firebase: Firestore and the Cloud Storage bucket): every document
with its id, data, version and timestamps, every file with its name, type, metadata and download
token. Download links in the documents are moved to the target's storage.

The archive is checked in full first: a damaged or truncated archive changes nothing.
  --replace   delete the target's documents and files first (without it a non-empty target is refused)
  --check     only check the archive, change nothing`;

/** Whether the import failed before writing anything (a refused target, unreachable storage). */
function unchanged(err: Error): boolean {
  return (err instanceof BackupError && !(err instanceof PartialImportError)) || err instanceof StorageUnreachableError;
}

runCli('import', async () => {
  const args = fileArguments(USAGE, 'the archive to load', ['replace', 'check'] as const);
  if (!args) return;
  const { file } = args;
  const config = cliConfig();
  const started = Date.now();
  // The whole archive is checked before the target is even opened.
  const checked = await checkArchive(file).catch((err: Error) => {
    throw new Error(`${file}: ${err.message}; nothing was changed`);
  });
  const { manifest } = checked;
  const documents = manifest.collections.reduce((n, c) => n + c.count, 0);
  const described = `${documents} documents, ${manifest.files.count} files (${manifest.files.bytes} bytes), made ${manifest.createdAt} from the ${manifest.source.backend} backend`;
  if (args.flags.check) {
    console.log(`${file} is a complete archive: ${described}.`);
    return;
  }
  console.error(`archive checked: ${described}`);
  const backend = await openBackend(config, 'import');
  try {
    const summary = await importArchive({
      store: backend.store,
      files: backend.files,
      file,
      checked,
      replace: args.flags.replace,
      log: (m) => console.error(m),
    }).catch((err: Error) => {
      throw new Error(`${file}: ${err.message}${unchanged(err) ? '; nothing was changed' : ''}`);
    });
    console.log(
      `Imported ${summary.documents} documents and ${summary.files} files (${summary.bytes} bytes) into ${backend.describe} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await backend.close();
  }
});
