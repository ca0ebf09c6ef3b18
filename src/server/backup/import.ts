/**
 * Import: loads an archive (format.ts) into the configured backend through the two ports.
 *
 * 1. Check: the whole archive is read once without writing anything (read.ts: manifest, order,
 *    sizes, SHA-256 of every entry, JSON and shape of every line, counts). A bad or truncated archive
 *    stops here with a one-line error and the target untouched.
 * 2. The target must be empty (no document in the backup's collections, no file in the bucket),
 *    unless `replace`: then its documents and files are deleted first.
 * 3. Write: the archive is read again; documents are created in atomic batches with their ids,
 *    data, versions and timestamps, files put with their names, content types, metadata and
 *    download tokens. Download links in the documents are moved to the target (links.ts).
 *
 * A failure in step 3 (a network error, a full disk) leaves the target partly loaded; the error says
 * so, and running the import again with `replace` starts over.
 */
import type { ObjectStorePort } from '../storage/port';
import type { DocumentStore, WriteOp } from '../store/port';
import { backupCollections, BackupError } from './format';
import { rewriteLinks, urlOriginOf, type LinkRewrite } from './links';
import { readArchive, type ArchiveContents } from './read';

export interface ImportOptions {
  store: DocumentStore;
  files: ObjectStorePort;
  file: string;
  /** Delete the target's documents and files first (otherwise a non-empty target is refused). */
  replace?: boolean;
  log?: (message: string) => void;
  /** The archive as `checkArchive` found it, when the caller checked it already (before opening the target). */
  checked?: ArchiveContents;
}

export interface ImportSummary {
  documents: number;
  files: number;
  bytes: number;
  /** Documents and files deleted first (`replace`). */
  replaced: { documents: number; files: number };
}

/** Thrown when the import failed while writing: the target holds part of the archive. */
export class PartialImportError extends BackupError {
  constructor(message: string) {
    super(message);
    this.name = 'PartialImportError';
  }
}

/** Writes per atomic batch (Firestore allows 500 writes a transaction). */
const BATCH = 200;

/** What the target holds: documents per non-empty collection, and whether the bucket has a file. */
async function targetContents(store: DocumentStore, files: ObjectStorePort, collections: string[]) {
  const documents: Record<string, number> = {};
  for (const collection of collections) {
    const n = await store.count(collection);
    if (n) documents[collection] = n;
  }
  const page = await files.list({ maxResults: 1 });
  return { documents, hasFiles: page.items.length > 0 };
}

/** Deletes every document of the collections and every object of the bucket; returns the counts. */
async function clearTarget(store: DocumentStore, files: ObjectStorePort, collections: string[]) {
  let documents = 0;
  for (const collection of collections) {
    for (;;) {
      const page = await store.list(collection, {
        orderBy: { fields: [], direction: 'asc' },
        limit: BATCH,
        select: [],
      });
      if (!page.items.length) break;
      await store.commit(page.items.map((d): WriteOp => ({ kind: 'delete', collection, id: d.id })));
      documents += page.items.length;
    }
  }
  let objects = 0;
  for (;;) {
    // Always the first page: what was on it is gone by the next round.
    const { items } = await files.list({ maxResults: 1000 });
    if (!items.length) break;
    for (const name of items) if (await files.delete(name)) objects += 1;
  }
  return { documents, files: objects };
}

/** Checks the archive without writing anything; rejects with a BackupError. */
export function checkArchive(file: string): Promise<ArchiveContents> {
  return readArchive(file);
}

export async function importArchive(options: ImportOptions): Promise<ImportSummary> {
  const { store, files, file, log = () => {} } = options;
  const { manifest, files: fileLines } = options.checked ?? (await checkArchive(file));

  const collections = [...new Set([...backupCollections(), ...manifest.collections.map((c) => c.name)])];
  const present = await targetContents(store, files, collections);
  const nonEmpty = Object.keys(present.documents).length > 0 || present.hasFiles;
  let replaced = { documents: 0, files: 0 };
  if (nonEmpty && !options.replace) {
    const entries = Object.entries(present.documents);
    const held = entries.slice(0, 4).map(([c, n]) => `${n} ${c}`);
    if (entries.length > 4) held.push(`documents of ${entries.length - 4} more collections`);
    if (present.hasFiles) held.push('files');
    throw new BackupError(
      `the target is not empty (it holds ${held.join(', ')}); run the import again with --replace to delete its documents and files first`,
    );
  }

  const rewrite: LinkRewrite = {
    from: { origin: manifest.source.urlOrigin, bucket: manifest.source.bucket },
    to: { origin: urlOriginOf(files), bucket: files.bucket },
    names: new Set(fileLines.map((f) => f.name)),
  };
  const summary: ImportSummary = { documents: 0, files: 0, bytes: 0, replaced };
  try {
    if (nonEmpty) {
      replaced = await clearTarget(store, files, collections);
      summary.replaced = replaced;
      log(`deleted the target's ${replaced.documents} documents and ${replaced.files} files (--replace)`);
    }
    await readArchive(
      file,
      {
        documents: async (collection, lines) => {
          await store.commit(
            lines.map((l): WriteOp => ({
              kind: 'create',
              collection,
              id: l.id,
              data: rewriteLinks(l.data, rewrite),
              version: l.version,
              createdAt: l.createdAt,
              updatedAt: l.updatedAt,
            })),
          );
          summary.documents += lines.length;
        },
        file: async (line, bytes) => {
          await files.put(line.name, bytes, {
            contentType: line.contentType,
            ...(line.cacheControl ? { cacheControl: line.cacheControl } : {}),
            ...(line.contentDisposition ? { contentDisposition: line.contentDisposition } : {}),
            metadata: line.metadata,
            ...(line.downloadToken ? { downloadToken: line.downloadToken } : {}),
          });
          summary.files += 1;
          summary.bytes += line.size;
        },
      },
      BATCH,
    );
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new PartialImportError(
      `the import stopped after writing ${summary.documents} documents and ${summary.files} files (${reason}); the target is incomplete: run the import again with --replace`,
    );
  }
  log(`imported ${summary.documents} documents and ${summary.files} files (${summary.bytes} bytes)`);
  return summary;
}
