/**
 * The fonts of the server's PDFs (the seed's and the books of abstracts) and the seed's images: DejaVu Sans
 * (regular and bold) from the `dejavu-fonts-ttf` package (free licence: Bitstream Vera / DejaVu), which
 * covers Cyrillic. Read once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const cache = new Map<string, Buffer>();

/** The bytes of a DejaVu font file, e.g. `DejaVuSans.ttf`. */
export function dejaVu(file: 'DejaVuSans.ttf' | 'DejaVuSans-Bold.ttf'): Buffer {
  let bytes = cache.get(file);
  if (!bytes) {
    const dir = path.dirname(require.resolve('dejavu-fonts-ttf/package.json'));
    bytes = readFileSync(path.join(dir, 'ttf', file));
    cache.set(file, bytes);
  }
  return bytes;
}
