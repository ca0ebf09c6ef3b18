/**
 * Firebase mode: the backfills (firestore/datestamps.ts, then firestore/siteReindex.ts) start once the
 * server listens and run in the background, so reading every content collection of a big database
 * never delays readiness or a platform's startup probe. A failure is logged as a warning (its marker
 * is not written, so the next start tries again) and does not stop the next backfill; closing the
 * app stops them at their next page and waits.
 */
import type { FastifyInstance } from 'fastify';
import type { Firestore } from 'firebase-admin/firestore';
import { backfillDatestamps } from './firestore/datestamps';
import { reindexSiteSearch } from './firestore/siteReindex';

/** One backfill: its run, and what is logged when it wrote something or failed. */
interface Backfill {
  run: (db: Firestore, collections: readonly string[], signal: AbortSignal) => Promise<number>;
  done: (fixed: number) => string;
  failed: string;
}

const BACKFILLS: readonly Backfill[] = [
  {
    run: backfillDatestamps,
    done: (fixed) => `datestamp set on ${fixed} Firestore documents`,
    failed: 'datestamp backfill failed; the next start tries again',
  },
  {
    run: reindexSiteSearch,
    done: (fixed) => `visitor search entries rewritten on ${fixed} Firestore documents`,
    failed: 'visitor search reindex failed; the next start tries again',
  },
];

/** Registers the backfills on `app`; `finished()` resolves when they have ended (at once if not started). */
export function backfillAfterListen(
  app: FastifyInstance,
  db: Firestore,
  collections: readonly string[],
): { finished: () => Promise<void> } {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  const runAll = async () => {
    for (const backfill of BACKFILLS) {
      if (abort.signal.aborted) return;
      try {
        const fixed = await backfill.run(db, collections, abort.signal);
        if (fixed) app.log.info(backfill.done(fixed));
      } catch (err) {
        app.log.warn({ err }, backfill.failed);
      }
    }
  };
  app.addHook('onListen', (done) => {
    running = runAll();
    done();
  });
  app.addHook('onClose', async () => {
    abort.abort();
    await running;
  });
  return { finished: async () => void (await running) };
}
