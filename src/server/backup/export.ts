/**
 * Export: every document of the backup's collections and every stored file into one archive
 * (format.ts). Documents are read through the document store port page by page (by id) and files
 * through the object-store port (the whole bucket, page by page), so it works on both backends and
 * beside a running server (SQLite readers do not block its writer in WAL mode; Firestore and Cloud
 * Storage are shared anyway). Not a point-in-time snapshot: a write during the export may or may not
 * be in it.
 *
 * The manifest comes first and carries every entry's checksum, and tar needs each entry's size
 * before its bytes, so the entries are spooled first (hashed while written) into a temporary folder
 * beside the output, then packed; the archive is written under a temporary name and renamed when
 * complete, so FILE is never a half-written archive. Peak disk use: about the bucket's size twice.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { ObjectStorePort } from '../storage/port';
import { isMadeVariant } from '../storage/portVariants';
import type { DocumentStore } from '../store/port';
import {
  backupCollections,
  documentEntry,
  fileEntry,
  FILES_INDEX_ENTRY,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  type FileLine,
  type Manifest,
} from './format';
import { urlOriginOf } from './links';
import { checkArchiveTarget } from './target';

export interface ExportOptions {
  store: DocumentStore;
  files: ObjectStorePort;
  backend: 'embedded' | 'firebase';
  /** The archive to write (replaced when it exists). */
  file: string;
  /** Progress lines (stderr in the CLI). */
  log?: (message: string) => void;
}

export interface ExportSummary {
  documents: Record<string, number>;
  files: number;
  bytes: number;
}

interface Spooled {
  path: string;
  size: number;
  sha256: string;
}

/** A writable spool file whose bytes are counted and hashed. */
class Spool {
  private readonly hash = createHash('sha256');
  private size = 0;
  private readonly out: Writable;
  private readonly done: Promise<void>;

  constructor(readonly path: string) {
    this.out = createWriteStream(path, { mode: 0o600 });
    this.done = new Promise((resolve, reject) => {
      this.out.once('finish', resolve);
      this.out.once('error', reject);
    });
    this.done.catch(() => {}); // handled where awaited (write, close); not unhandled after abort
  }

  async write(chunk: string | Buffer): Promise<void> {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.hash.update(buffer);
    this.size += buffer.length;
    // A write error (a full disk) rejects `done`, so a wait for 'drain' cannot hang on it.
    if (!this.out.write(buffer))
      await Promise.race([new Promise<void>((resolve) => this.out.once('drain', resolve)), this.done]);
  }

  abort(): void {
    this.out.destroy();
  }

  async close(): Promise<Spooled> {
    this.out.end();
    await this.done;
    return { path: this.path, size: this.size, sha256: this.hash.digest('hex') };
  }
}

/** Copies a stream into a spool file, hashing it; returns its size and SHA-256. */
async function spoolStream(source: Readable, file: string): Promise<Spooled> {
  const spool = new Spool(file);
  try {
    for await (const chunk of source) await spool.write(chunk as Buffer);
  } catch (err) {
    spool.abort();
    throw err;
  }
  return spool.close();
}

/** Every id of a collection, in id order, page by page. */
async function* allDocuments(store: DocumentStore, collection: string) {
  let cursor: string | undefined;
  do {
    const page = await store.list(collection, {
      orderBy: { fields: [], direction: 'asc' },
      limit: 500,
      ...(cursor ? { cursor } : {}),
    });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** Every object name of the bucket, in name order, page by page. */
export async function* allObjectNames(files: ObjectStorePort): AsyncGenerator<string> {
  let pageToken: string | undefined;
  do {
    const page = await files.list({ maxResults: 1000, ...(pageToken ? { pageToken } : {}) });
    yield* page.items;
    pageToken = page.nextPageToken;
  } while (pageToken);
}

/** Adds one entry to the tar from a spooled file. */
async function addEntry(pack: tar.Pack, name: string, spooled: { path: string; size: number }): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size: spooled.size, mode: 0o600, mtime: new Date(0) }, (err) =>
      err ? reject(err) : resolve(),
    );
    pipeline(createReadStream(spooled.path), entry).catch(reject);
  });
}

export async function exportArchive(options: ExportOptions): Promise<ExportSummary> {
  const { store, files, log = () => {} } = options;
  const target = path.resolve(options.file);
  await checkArchiveTarget(options.file);
  const spoolDir = await mkdtemp(path.join(path.dirname(target), '.uhmi-export-'));
  const partial = `${target}.partial-${process.pid}`;
  try {
    const createdAt = new Date().toISOString();
    const summary: ExportSummary = { documents: {}, files: 0, bytes: 0 };

    // Documents, one JSON line each.
    const collections: Array<Manifest['collections'][number] & { spool: string }> = [];
    for (const [i, collection] of backupCollections().entries()) {
      const spool = new Spool(path.join(spoolDir, `documents-${i}.jsonl`));
      let count = 0;
      try {
        for await (const doc of allDocuments(store, collection)) {
          await spool.write(
            `${JSON.stringify({ id: doc.id, data: doc.data, version: doc.version, createdAt: doc.createdAt, updatedAt: doc.updatedAt })}\n`,
          );
          count += 1;
        }
      } catch (err) {
        spool.abort();
        throw err;
      }
      const spooled = await spool.close();
      collections.push({ name: collection, count, size: spooled.size, sha256: spooled.sha256, spool: spooled.path });
      summary.documents[collection] = count;
    }
    log(
      `documents: ${collections.reduce((n, c) => n + c.count, 0)} in ${collections.filter((c) => c.count).length} collections`,
    );

    // Files: the bytes spooled one by one, their metadata into files.jsonl.
    const index = new Spool(path.join(spoolDir, 'files.jsonl'));
    const spooledSizes: number[] = [];
    try {
      for await (const name of allObjectNames(files)) {
        const stat = await files.stat(name);
        if (!stat) continue; // deleted since the listing
        // Image variants Firebase mode made into the bucket are keyed by the original's generation,
        // which an import changes; they are made again on demand. (The embedded store keeps its
        // variants beside the objects, not as objects.) A file of one's own under variants/ is kept.
        if (files.kind === 'gcs' && isMadeVariant(stat)) continue;
        const n = summary.files + 1;
        const spooledFile = await spoolStream(await files.stream(name), path.join(spoolDir, `file-${n}`));
        const line: FileLine = {
          entry: fileEntry(n),
          name,
          size: spooledFile.size,
          sha256: spooledFile.sha256,
          contentType: stat.contentType,
          ...(stat.cacheControl ? { cacheControl: stat.cacheControl } : {}),
          ...(stat.contentDisposition ? { contentDisposition: stat.contentDisposition } : {}),
          metadata: stat.metadata,
          downloadToken: stat.downloadToken,
        };
        await index.write(`${JSON.stringify(line)}\n`);
        summary.files = n;
        spooledSizes.push(spooledFile.size);
        summary.bytes += spooledFile.size;
      }
    } catch (err) {
      index.abort();
      throw err;
    }
    const indexSpooled = await index.close();
    log(`files: ${summary.files} (${summary.bytes} bytes)`);

    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      createdAt,
      source: { backend: options.backend, bucket: files.bucket, urlOrigin: urlOriginOf(files) },
      collections: collections.map(({ spool: _spool, ...c }) => c),
      files: {
        count: summary.files,
        bytes: summary.bytes,
        index: { size: indexSpooled.size, sha256: indexSpooled.sha256 },
      },
    };
    const manifestPath = path.join(spoolDir, MANIFEST_ENTRY);
    const manifestSpool = new Spool(manifestPath);
    await manifestSpool.write(`${JSON.stringify(manifest, null, 2)}\n`);
    const manifestSpooled = await manifestSpool.close();

    // The archive: manifest, documents, files.jsonl, files.
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial, { mode: 0o600 }));
    try {
      await addEntry(pack, MANIFEST_ENTRY, manifestSpooled);
      for (const c of collections) await addEntry(pack, documentEntry(c.name), { path: c.spool, size: c.size });
      await addEntry(pack, FILES_INDEX_ENTRY, indexSpooled);
      for (let n = 1; n <= summary.files; n += 1)
        await addEntry(pack, fileEntry(n), { path: path.join(spoolDir, `file-${n}`), size: spooledSizes[n - 1]! });
      pack.finalize();
    } catch (err) {
      pack.destroy(err as Error);
      await written.catch(() => {});
      throw err;
    }
    await written;
    await rename(partial, target);
    return summary;
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
