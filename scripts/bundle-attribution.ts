/**
 * Where the bytes of a client chunk come from: decodes dist/client/assets/{chunk}.js.map (written
 * 'hidden' by the build) with source-map-js and prints the minified bytes per package (or per
 * source folder for the project's own code), largest first.
 *
 *   npx tsx scripts/bundle-attribution.ts              # every chunk a public page or the admin login loads up front
 *   npx tsx scripts/bundle-attribution.ts appData      # chunks whose file name contains "appData"
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { BUDGETS, initialChunks, readManifest } from './bundle-budget';

const DIR = 'dist/client/assets';

/** The owner of a source file: `pkg` or `@scope/pkg` under node_modules, else its folder under src/. */
function owner(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = source.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = source.indexOf('src/');
  return src >= 0 ? source.slice(src).split('/').slice(0, 3).join('/') : source;
}

/** Minified bytes of one chunk by owner (each generated character is charged to the mapping it falls in). */
export function attribute(file: string): Map<string, number> {
  const code = readFileSync(file, 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap);
  const lines = code.split('\n');
  const bytes = new Map<string, number>();
  const charge = (who: string, n: number) => bytes.set(who, (bytes.get(who) ?? 0) + n);
  const offset = (line: number, column: number) => {
    let n = 0;
    for (let i = 0; i < line - 1; i++) n += lines[i]!.length + 1;
    return n + column;
  };
  const starts: Array<{ at: number; who: string }> = [];
  map.eachMapping((m) => {
    starts.push({ at: offset(m.generatedLine, m.generatedColumn), who: m.source ? owner(m.source) : '(unmapped)' });
  });
  starts.sort((a, b) => a.at - b.at);
  for (let i = 0; i < starts.length; i++) charge(starts[i]!.who, (starts[i + 1]?.at ?? code.length) - starts[i]!.at);
  return bytes;
}

const filter = process.argv[2];
let files: string[];
if (filter)
  files = readdirSync(DIR)
    .filter((f) => f.endsWith('.js') && f.includes(filter))
    .map((f) => path.join(DIR, f));
else {
  const manifest = readManifest('dist/client');
  files = [
    ...new Set(
      Object.values(BUDGETS).flatMap(
        (b) => initialChunks(manifest, [b.entry, ...b.extra.filter((k) => manifest[k])]).js,
      ),
    ),
  ].map((f) => path.join('dist/client', f));
}
for (const file of files) {
  const bytes = attribute(file);
  const total = [...bytes.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${path.basename(file)}: ${(total / 1024).toFixed(1)} KB minified`);
  for (const [who, n] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${(n / 1024).toFixed(1).padStart(7)} KB  ${who}`);
}
