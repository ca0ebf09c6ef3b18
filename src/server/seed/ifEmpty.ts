/**
 * The first-start check: whether the store holds no documents, and only then the seeding itself.
 * The loader (load.ts), the content set and what makes its files (sharp, pdf-lib with fontkit and
 * the DejaVu fonts, fflate) are imported here on demand, so a server starting on a seeded data
 * folder never loads them (some 60 MB of memory it would carry for nothing).
 */
import { contentTypeList } from '../../shared/content/registry';
import { StorageUnreachableError } from '../storage/unreachable';
import type { SeedTargets } from './load';

/**
 * Seeds the institute's content when the store is empty; returns how many documents were written.
 * Files are stored before any document is written (load.ts), so storage that cannot be reached
 * throws StorageUnreachableError (one line, with `orElse` after the remedy) with no document written.
 */
export async function seedIfEmpty(
  targets: SeedTargets,
  /** The way out the message adds after the storage remedy (the server's start: SEED=false; `npm run seed`: none). */
  orElse = ', or SEED=false to start without the seed content',
): Promise<number> {
  for (const type of contentTypeList) {
    if ((await targets.store.count(type.key)) > 0) return 0;
  }
  const [{ loadSeedSet }, { seedSet }] = await Promise.all([import('./load'), import('./content/index')]);
  return loadSeedSet(targets, seedSet).catch((err: unknown) => {
    if (err instanceof StorageUnreachableError) {
      throw err.during("Cannot store the seed's files: ", orElse);
    }
    throw err;
  });
}
