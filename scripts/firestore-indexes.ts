/**
 * `npm run firestore:indexes`: writes firestore.indexes.json (the composite indexes of every query
 * the services send for registry types; see src/server/store/registryIndexes.ts). Deploy it with
 * `firebase deploy --only firestore:indexes`. `--check` exits 1 when the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { indexFileText, registryIndexFile } from '../src/server/store/registryIndexes';

const FILE = 'firestore.indexes.json';
const file = await registryIndexFile();
const text = indexFileText(file);
if (process.argv.includes('--check')) {
  const current = (() => {
    try {
      return readFileSync(FILE, 'utf8');
    } catch {
      return '';
    }
  })();
  if (current !== text) {
    console.error(`${FILE} is out of date: run npm run firestore:indexes`);
    process.exit(1);
  }
} else {
  writeFileSync(FILE, text);
}
console.log(`${FILE}: ${file.indexes.length} composite indexes`);
