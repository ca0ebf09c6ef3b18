/**
 * Reading a backup archive (format.ts) entry by entry, checking it as it goes: the manifest's
 * format and version, the order and names of the entries, every entry's size and SHA-256, every
 * line's JSON and shape, the counts, unique ids and names, and that nothing is missing or left
 * over. Any problem rejects with a one-line BackupError. The handlers see the documents in batches
 * and each file's bytes as a stream (which they must consume); a file's checksum is checked when
 * its stream ends, so a handler that stores the bytes learns of a mismatch only afterwards:
 * import reads the whole archive once without writing, then again to write.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import tar, { type Extract, type ExtractEvents } from 'tar-stream';
import {
  BackupError,
  documentEntry,
  documentLineSchema,
  fileEntry,
  fileLineSchema,
  FILES_INDEX_ENTRY,
  firstIssue,
  FORMAT,
  MANIFEST_ENTRY,
  manifestSchema,
  type DocumentLine,
  type FileLine,
  type Manifest,
} from './format';

export interface ArchiveHandlers {
  manifest?(manifest: Manifest): Promise<void> | void;
  /** Consecutive lines of one collection (at most `batchSize`). */
  documents?(collection: string, lines: DocumentLine[]): Promise<void> | void;
  /** The file's bytes; the stream must be consumed (default: drained). */
  file?(line: FileLine, bytes: Readable): Promise<void>;
}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

/** One entry as tar-stream reads it: its header and its bytes (tar-stream does not export the type). */
type Entry = ExtractEvents['entry'][1];

/** Splits a stream of UTF-8 bytes into lines; the last must end with a newline. */
async function* lines(source: AsyncIterable<Buffer>, entry: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  for await (const chunk of source) {
    pending += decoder.write(chunk);
    let at: number;
    while ((at = pending.indexOf('\n')) >= 0) {
      yield pending.slice(0, at);
      pending = pending.slice(at + 1);
    }
  }
  pending += decoder.end();
  if (pending.length) throw new BackupError(`${entry} ends in the middle of a line`);
}

/** Counts and hashes what passes through. */
function meter(): Transform & { size: number; digest(): string } {
  const hash = createHash('sha256');
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      hash.update(chunk);
      (t as unknown as { size: number }).size += chunk.length;
      cb(null, chunk);
    },
  }) as Transform & { size: number; digest(): string };
  t.size = 0;
  t.digest = () => hash.digest('hex');
  return t;
}

function checkSum(
  entry: string,
  expected: { size: number; sha256: string },
  got: { size: number; sha256: string },
): void {
  if (got.size !== expected.size)
    throw new BackupError(`${entry} has ${got.size} bytes where the archive lists ${expected.size}`);
  if (got.sha256 !== expected.sha256) throw new BackupError(`${entry} does not match its SHA-256 checksum`);
}

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupError(`${where} is not valid JSON`);
  }
}

/** The one-line reason for a stream error of the archive file, gzip or tar. */
function describe(err: unknown, file: string): BackupError {
  if (err instanceof BackupError) return err;
  const e = err as NodeJS.ErrnoException;
  if (e?.code === 'ENOENT') return new BackupError(`no such file: ${file}`);
  if (e?.code === 'EISDIR') return new BackupError(`${file} is a folder, not an archive`);
  if (e?.code === 'Z_BUF_ERROR' || /unexpected end/i.test(String(e?.message)))
    return new BackupError('the archive is truncated (it ends before its last entry is complete)');
  if (typeof e?.code === 'string' && e.code.startsWith('Z_'))
    return new BackupError(`the archive is damaged (gzip: ${e.message})`);
  return new BackupError(`the archive is damaged (${String(e?.message ?? err).split('\n')[0]})`);
}

export interface ArchiveContents {
  manifest: Manifest;
  files: FileLine[];
}

/** What the reading knows so far: the manifest once read, then the files index. */
interface ReadState {
  manifest: Manifest | null;
  fileLines: FileLine[] | null;
  /** Entries read so far. */
  step: number;
}

/**
 * The name of the entry that must come at `state.step`: the manifest, then each collection, then
 * files.jsonl, then each file; null after the last file.
 */
function expectedEntry({ manifest, fileLines, step }: ReadState): string | null {
  if (step === 0) return MANIFEST_ENTRY;
  const collections = manifest!.collections;
  if (step <= collections.length) return documentEntry(collections[step - 1]!.name);
  if (step === collections.length + 1) return FILES_INDEX_ENTRY;
  const n = step - collections.length - 1;
  return n <= fileLines!.length ? fileEntry(n) : null;
}

/** Refuses an entry that is not the one expected next, or not a plain file. */
function checkEntryName(entry: Entry, state: ReadState): void {
  const name = entry.header.name;
  const wanted = expectedEntry(state);
  if (wanted === null) throw new BackupError(`unexpected entry ${name} after the last file`);
  if (name !== wanted)
    throw new BackupError(
      state.step === 0
        ? `${MANIFEST_ENTRY} is not the archive's first entry (found ${name}): not a backup made by npm run export`
        : `found ${name} where ${wanted} should be`,
    );
  if (entry.header.type !== 'file') throw new BackupError(`${name} is not a file entry`);
}

/** The manifest entry: its format, version and shape, and no collection listed twice. */
async function readManifest(entry: Entry): Promise<Manifest> {
  const name = entry.header.name;
  if ((entry.header.size ?? 0) > MAX_MANIFEST_BYTES) throw new BackupError(`${name} is too large`);
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk as Buffer);
  const raw = parseJson(Buffer.concat(chunks).toString('utf8'), name) as {
    format?: unknown;
    formatVersion?: unknown;
  };
  if (raw?.format !== FORMAT) throw new BackupError(`${name} does not describe a ${FORMAT} archive`);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    if (raw.formatVersion !== undefined && typeof raw.formatVersion === 'number' && raw.formatVersion > 1)
      throw new BackupError(`the archive's format version ${raw.formatVersion} is newer than this program reads (1)`);
    throw new BackupError(`${name} is invalid (${firstIssue(parsed.error)})`);
  }
  const names = new Set<string>();
  for (const c of parsed.data.collections) {
    if (names.has(c.name)) throw new BackupError(`${name} lists the collection ${c.name} twice`);
    names.add(c.name);
  }
  return parsed.data;
}

/**
 * One collection's entry: every line a document, no id twice, the count and checksum the manifest
 * lists. The documents go to the handler in batches of `batchSize`.
 */
async function readCollection(
  entry: Entry,
  listed: Manifest['collections'][number],
  handlers: ArchiveHandlers,
  batchSize: number,
): Promise<void> {
  const name = entry.header.name;
  const m = meter();
  const ids = new Set<string>();
  let batch: DocumentLine[] = [];
  let lineNo = 0;
  for await (const text of lines(entry.pipe(m), name)) {
    lineNo += 1;
    const where = `${name} line ${lineNo}`;
    const parsed = documentLineSchema.safeParse(parseJson(text, where));
    if (!parsed.success) throw new BackupError(`${where} is not a document (${firstIssue(parsed.error)})`);
    if (ids.has(parsed.data.id)) throw new BackupError(`${where} repeats the id ${parsed.data.id}`);
    ids.add(parsed.data.id);
    batch.push(parsed.data);
    if (batch.length >= batchSize) {
      await handlers.documents?.(listed.name, batch);
      batch = [];
    }
  }
  checkSum(name, listed, { size: m.size, sha256: m.digest() });
  if (lineNo !== listed.count)
    throw new BackupError(`${name} holds ${lineNo} documents where the manifest lists ${listed.count}`);
  if (batch.length) await handlers.documents?.(listed.name, batch);
}

/**
 * The files index (files.jsonl): every line a file record naming the next file entry, no object
 * name twice, and the count, bytes and checksum the manifest lists.
 */
async function readFilesIndex(entry: Entry, manifest: Manifest): Promise<FileLine[]> {
  const name = entry.header.name;
  const m = meter();
  const found: FileLine[] = [];
  const objectNames = new Set<string>();
  let bytes = 0;
  for await (const text of lines(entry.pipe(m), name)) {
    const where = `${name} line ${found.length + 1}`;
    const parsed = fileLineSchema.safeParse(parseJson(text, where));
    if (!parsed.success) throw new BackupError(`${where} is not a file record (${firstIssue(parsed.error)})`);
    if (parsed.data.entry !== fileEntry(found.length + 1))
      throw new BackupError(
        `${where} names the entry ${parsed.data.entry} where ${fileEntry(found.length + 1)} should be`,
      );
    if (objectNames.has(parsed.data.name)) throw new BackupError(`${where} repeats the file ${parsed.data.name}`);
    objectNames.add(parsed.data.name);
    bytes += parsed.data.size;
    found.push(parsed.data);
  }
  checkSum(name, manifest.files.index, { size: m.size, sha256: m.digest() });
  if (found.length !== manifest.files.count)
    throw new BackupError(`${name} lists ${found.length} files where the manifest lists ${manifest.files.count}`);
  if (bytes !== manifest.files.bytes)
    throw new BackupError(`${name} lists ${bytes} bytes of files where the manifest lists ${manifest.files.bytes}`);
  return found;
}

/** One file's entry: its size as listed, its bytes to the handler (or drained), then its checksum. */
async function readFileEntry(entry: Entry, line: FileLine, handlers: ArchiveHandlers): Promise<void> {
  const name = entry.header.name;
  if (entry.header.size !== line.size)
    throw new BackupError(`${name} (${line.name}) has ${entry.header.size} bytes where the archive lists ${line.size}`);
  const m = meter();
  const bytes = entry.pipe(m);
  if (handlers.file) await handlers.file(line, bytes);
  else for await (const _chunk of bytes); // eslint-disable-line @typescript-eslint/no-unused-vars
  checkSum(`${name} (${line.name})`, line, { size: m.size, sha256: m.digest() });
}

/** Reads the entry at `state.step` with the reader for its place in the archive. */
async function readEntry(entry: Entry, state: ReadState, handlers: ArchiveHandlers, batchSize: number): Promise<void> {
  const { step } = state;
  if (step === 0) {
    state.manifest = await readManifest(entry);
    await handlers.manifest?.(state.manifest);
    return;
  }
  const manifest = state.manifest!;
  const collections = manifest.collections.length;
  if (step <= collections) await readCollection(entry, manifest.collections[step - 1]!, handlers, batchSize);
  else if (step === collections + 1) state.fileLines = await readFilesIndex(entry, manifest);
  else await readFileEntry(entry, state.fileLines![step - collections - 2]!, handlers);
}

/** The archive file's entries: the file, gunzipped, through tar; a stream error ends them with a BackupError. */
function openArchive(file: string): { entries: Extract; destroy(): void } {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  const extract = tar.extract();
  input.on('error', (err) => extract.destroy(describe(err, file)));
  gunzip.on('error', (err) => extract.destroy(describe(err, file)));
  input.pipe(gunzip).pipe(extract);
  return {
    entries: extract,
    destroy() {
      input.destroy();
      gunzip.destroy();
      extract.destroy();
    },
  };
}

/** Reads and checks the whole archive, calling the handlers; rejects with a BackupError. */
export async function readArchive(
  file: string,
  handlers: ArchiveHandlers = {},
  batchSize = 200,
): Promise<ArchiveContents> {
  const archive = openArchive(file);
  const state: ReadState = { manifest: null, fileLines: null, step: 0 };
  try {
    for await (const entry of archive.entries) {
      checkEntryName(entry, state);
      await readEntry(entry, state, handlers, batchSize);
      state.step += 1;
    }
    const missing = state.manifest ? expectedEntry(state) : MANIFEST_ENTRY;
    if (missing !== null)
      throw new BackupError(
        state.step === 0 ? 'the archive is empty' : `the archive ends before ${missing}: it is truncated`,
      );
    return { manifest: state.manifest!, files: state.fileLines! };
  } catch (err) {
    archive.destroy();
    throw describe(err, file);
  }
}
