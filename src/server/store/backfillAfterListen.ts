/**
 * Firebase mode: the datestamp backfill (firestore/datestamps.ts) starts once the server listens and
 * runs in the background, so reading every content collection of a big database never delays
 * readiness or a platform's startup probe. A failure is logged as a warning (the marker is not
 * written, so the next start tries again); closing the app stops it at its next page and waits.
 */
import type { FastifyInstance } from 'fastify';
import type { Firestore } from 'firebase-admin/firestore';
import { backfillDatestamps } from './firestore/datestamps';

/** Registers the backfill on `app`; `finished()` resolves when it has ended (at once if not started). */
export function backfillAfterListen(
  app: FastifyInstance,
  db: Firestore,
  collections: readonly string[],
): { finished: () => Promise<void> } {
  const abort = new AbortController();
  let running: Promise<void> | null = null;
  app.addHook('onListen', (done) => {
    running = backfillDatestamps(db, collections, abort.signal).then(
      (fixed) => {
        if (fixed) app.log.info(`datestamp set on ${fixed} Firestore documents`);
      },
      (err: unknown) => app.log.warn({ err }, 'datestamp backfill failed; the next start tries again'),
    );
    done();
  });
  app.addHook('onClose', async () => {
    abort.abort();
    await running;
  });
  return { finished: async () => void (await running) };
}
