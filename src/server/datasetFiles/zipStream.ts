/**
 * «Завантажити все»: a ZIP of a dataset version's files with a manifest of their SHA-256 sums
 * (SHA256SUMS.txt, the `sha256sum` format, so `sha256sum -c SHA256SUMS.txt` checks the unpacked
 * files), made with fflate's streaming Zip while the files are read. Nothing is held whole: each
 * stored file is read chunk by chunk, deflated at level 1 when it is text or stored as is
 * (zipLimits.ts), and handed on as the consumer pulls (an async generator, so a slow client slows
 * the reading down). The caller checks the size first (`zipOverflow`): fflate has no ZIP64.
 */
import { createHash } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ObjectStorePort } from '../storage/port';

/** The manifest's name in the archive. */
export const MANIFEST_NAME = 'SHA256SUMS.txt';

/** A file to put in the archive: its name there, its storage path, and whether to deflate it (text). */
export interface ZipEntry {
  name: string;
  path: string;
  deflate: boolean;
}

/** Deflate level of text entries: the fastest (deflate runs on the event loop). */
const TEXT_LEVEL = 1;

/**
 * Names safe and unique inside an archive: the last segment of each name (no folders, no `..`),
 * control characters dropped, and « (2)», « (3)» … before the extension of a repeated name (the
 * manifest's name is taken).
 */
export function archiveNames(names: readonly string[]): string[] {
  const taken = new Set([MANIFEST_NAME.toLowerCase()]);
  return names.map((raw) => {
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    const base = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
    const name = base && base !== '.' && base !== '..' ? base : 'file';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The bytes of a ZIP of `entries` (read through `objects`) followed by SHA256SUMS.txt. */
export async function* zipWithManifest(
  objects: ObjectStorePort,
  entries: readonly ZipEntry[],
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  };
  const sums: string[] = [];
  for (const entry of entries) {
    const file = entry.deflate ? new ZipDeflate(entry.name, { level: TEXT_LEVEL }) : new ZipPassThrough(entry.name);
    zip.add(file);
    const hash = createHash('sha256');
    for await (const chunk of await objects.stream(entry.path)) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      file.push(bytes);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    sums.push(`${hash.digest('hex')}  ${entry.name}\n`);
    yield* drain();
  }
  const manifest = new ZipDeflate(MANIFEST_NAME, { level: TEXT_LEVEL });
  zip.add(manifest);
  manifest.push(Buffer.from(sums.join(''), 'utf8'), true);
  zip.end();
  yield* drain();
}
