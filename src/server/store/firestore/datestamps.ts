/**
 * Firestore documents written before the store kept the `datestamp` meta field (../datestamp.ts) are
 * missing from every list ordered by it (OAI-PMH's). Once per database, at a firebase-mode start,
 * each content collection is read in pages of document ids and the documents whose stored
 * `datestamp` is missing or stale get it; a marker document then says it is done. The field is
 * derived from the document alone, so instances that run this at the same time write the same
 * values, and no version, change event or audit entry is written. Each write carries the read's
 * update time as its precondition, so a document rewritten in between keeps its writer's datestamp.
 * It runs in the background once the server listens (../backfillAfterListen.ts).
 */
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { datestampOf } from '../datestamp';

/** The marker document (collection `_migrations`): present once every collection has its datestamps. */
export const DATESTAMP_MARKER = { collection: '_migrations', id: 'datestamp-v1' } as const;

const PAGE = 300;
/** gRPC status of a write whose precondition failed. */
const FAILED_PRECONDITION = 9;

/**
 * Sets the missing or stale `datestamp`s of `docs` (snapshots holding `updatedAt`, `datestamp` and
 * `data.publishedAt`), each only if the document is unchanged since it was read (`lastUpdateTime`
 * precondition): one rewritten meanwhile got a fresh datestamp from its writer and is skipped.
 * Resolves with how many were set; rejects with Firestore's error for any other failure.
 */
export async function fixDatestamps(db: Firestore, docs: readonly QueryDocumentSnapshot[]): Promise<number> {
  const writer = db.bulkWriter();
  const writes: Array<Promise<number>> = [];
  for (const doc of docs) {
    const updatedAt: unknown = doc.get('updatedAt');
    if (typeof updatedAt !== 'string') continue;
    const want = datestampOf(updatedAt, doc.get('data'));
    if (doc.get('datestamp') === want) continue;
    writes.push(
      writer.update(doc.ref, { datestamp: want }, { lastUpdateTime: doc.updateTime }).then(
        () => 1,
        (err: unknown) => {
          if ((err as { code?: unknown }).code === FAILED_PRECONDITION) return 0;
          throw err;
        },
      ),
    );
  }
  const [, counts] = await Promise.all([writer.close(), Promise.all(writes)]);
  return counts.reduce((a, b) => a + b, 0);
}

/** Sets the missing or stale `datestamp`s of one collection, page by page, until `signal` aborts. */
async function backfillCollection(db: Firestore, collection: string, signal?: AbortSignal): Promise<number> {
  let fixed = 0;
  let after: QueryDocumentSnapshot | undefined;
  while (!signal?.aborted) {
    let query = db.collection(collection).orderBy('__name__').select('updatedAt', 'datestamp', 'data.publishedAt');
    if (after) query = query.startAfter(after);
    const page = await query.limit(PAGE).get();
    if (page.empty) break;
    fixed += await fixDatestamps(db, page.docs);
    after = page.docs.at(-1);
  }
  return fixed;
}

/**
 * Backfills `datestamp` in `collections` unless the marker says it was done; resolves with the
 * number of documents set (0 when already done). Rejects with Firestore's error (the marker is then
 * not written, so the next start tries again). An aborted `signal` stops it at the next page,
 * without the marker.
 */
export async function backfillDatestamps(
  db: Firestore,
  collections: readonly string[],
  signal?: AbortSignal,
): Promise<number> {
  const marker = db.collection(DATESTAMP_MARKER.collection).doc(DATESTAMP_MARKER.id);
  if ((await marker.get()).exists) return 0;
  let fixed = 0;
  for (const collection of collections) fixed += await backfillCollection(db, collection, signal);
  if (!signal?.aborted) await marker.set({ doneAt: new Date().toISOString(), fixed });
  return fixed;
}
