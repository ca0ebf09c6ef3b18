/**
 * `npm run seed -- --scale N`: adds N synthetic documents per content type (for load tests) to the
 * configured backend (embedded: DATA_DIR, with its server stopped; firebase: Firestore and the
 * bucket); seeds the institute's content first if the store is empty. `npm run seed` alone only
 * does the latter. Exit status: 0 done, 1 failed, 2 wrong usage.
 */
import { parseArgs } from 'node:util';
import { openBackend } from '../backup/backend';
import { seedIfEmpty } from '../seed/ifEmpty';
import { loadSynthetic } from '../seed/synthetic';
import { SqliteDocumentStore } from '../store/sqlite';
import { cliConfig, runCli, UsageError } from './run';

const USAGE = `Usage: npm run seed [-- --scale N]

Seeds the institute's content into the configured backend when its store is empty, then adds N
synthetic documents per content type (load tests; 0 to 1000000). Embedded: stop the server first.`;

runCli('seed', async () => {
  let scale: number;
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      strict: true,
      options: { scale: { type: 'string', default: '0' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(USAGE);
      return;
    }
    scale = Number(values.scale);
  } catch (err) {
    throw new UsageError((err as Error).message.split(/\.\s/)[0]);
  }
  if (!Number.isInteger(scale) || scale < 0 || scale > 1_000_000)
    throw new UsageError('--scale must be a whole number from 0 to 1000000');
  const config = cliConfig();
  const backend = await openBackend(config, 'seed');
  try {
    const { store } = backend;
    const seeded = await seedIfEmpty({ store, objects: backend.files }, '');
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
      // Fresh statistics for SQLite's query planner after the bulk load (Firestore keeps its own).
      if (store instanceof SqliteDocumentStore) store.analyze();
      console.log(
        `Added ${written} synthetic documents (${scale} per type) to ${backend.describe} in ${Math.round((Date.now() - started) / 1000)} s.`,
      );
    }
  } finally {
    await backend.close();
  }
});
