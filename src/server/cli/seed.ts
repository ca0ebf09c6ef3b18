/**
 * `npm run seed -- --scale N`: adds N synthetic documents per content type (for load tests) to the
 * store under DATA_DIR; seeds the institute's content first if the store is empty.
 * `npm run seed` alone only does the latter.
 */
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { seedIfEmpty } from '../seed/load';
import { loadSynthetic } from '../seed/synthetic';
import { ObjectStore } from '../storage/objects';
import { openSqliteDatabase, SqliteDocumentStore } from '../store/sqlite';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { scale: { type: 'string', default: '0' } } });
  const scale = Number(values.scale);
  if (!Number.isInteger(scale) || scale < 0 || scale > 1_000_000) {
    console.error('--scale must be a whole number from 0 to 1000000');
    process.exit(2);
  }
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const db = await openSqliteDatabase(path.join(config.dataDir, 'site.db'));
  const store = new SqliteDocumentStore(db);
  const seeded = await seedIfEmpty({ store, objects: new ObjectStore(db, path.join(config.dataDir, 'storage')), bucket: config.firebase.storageBucket });
  if (seeded) console.log(`Seeded ${seeded} documents of the institute's content.`);
  if (scale > 0) {
    const runId = Date.now().toString(36);
    const started = Date.now();
    let lastReport = started;
    const written = await loadSynthetic(store, scale, runId, (n, type) => {
      if (Date.now() - lastReport < 5000) return;
      lastReport = Date.now();
      console.log(`… ${n} documents (now ${type}), ${Math.round((Date.now() - started) / 1000)} s`);
    });
    // Fresh statistics for the query planner after the bulk load.
    store.analyze();
    console.log(`Added ${written} synthetic documents (${scale} per type) to ${config.dataDir} in ${Math.round((Date.now() - started) / 1000)} s.`);
  }
  await store.close();
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
