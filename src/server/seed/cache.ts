/**
 * A disk cache for the seed's generated files (rasterised covers, typeset PDFs), keyed by a hash of
 * everything that determines their bytes. Making them takes a few seconds in all; with the cache only
 * the first seed on a machine pays it (every test server seeds a fresh store). The cache lives in
 * `node_modules/.cache/uhmi-seed/` as other build tools' caches do; where that is not writable (the
 * Docker image) the files are simply made each time. Entries are written to a temporary name and
 * renamed, so concurrent seeds never read half a file.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DIR = path.join(process.cwd(), 'node_modules', '.cache', 'uhmi-seed');
/** Bump when the generators change in a way their inputs do not show. */
const GENERATION = '1';

/** The bytes for `key`: from the cache, or made by `make` and stored. */
export async function cachedBytes(kind: string, key: string, make: () => Promise<Buffer> | Buffer): Promise<Buffer> {
  const hash = createHash('sha256').update(`${GENERATION}\0${kind}\0${key}`).digest('hex');
  const file = path.join(DIR, `${kind}-${hash}`);
  try {
    return readFileSync(file);
  } catch {
    // not cached yet
  }
  const bytes = await make();
  try {
    mkdirSync(DIR, { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    writeFileSync(temp, bytes);
    renameSync(temp, file);
  } catch {
    // read-only install: no cache
  }
  return bytes;
}
