/**
 * Firestore documents written before the store kept the `datestamp` meta field (datestamp.ts) are
 * missing from every list ordered by it (OAI-PMH's). Once per database, at a firebase-mode start,
 * each content collection is read in pages of document ids and the documents whose stored
 * `datestamp` is missing or stale get it; a marker document then says it is done. The field is
 * derived from the document alone, so instances that run this at the same time write the same
 * values, and no version, change event or audit entry is written.
 */
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { datestampOf } from './datestamp';

/** The marker document (collection `_migrations`): present once every collection has its datestamps. */
export const DATESTAMP_MARKER = { collection: '_migrations', id: 'datestamp-v1' } as const;

const PAGE = 300;

/** Sets the missing or stale `datestamp`s of one collection; resolves with how many were set. */
async function backfillCollection(db: Firestore, collection: string): Promise<number> {
  let fixed = 0;
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    let query = db.collection(collection).orderBy('__name__').select('updatedAt', 'datestamp', 'data.publishedAt');
    if (after) query = query.startAfter(after);
    const page = await query.limit(PAGE).get();
    if (page.empty) return fixed;
    const batch = db.batch();
    let writes = 0;
    for (const doc of page.docs) {
      const updatedAt: unknown = doc.get('updatedAt');
      if (typeof updatedAt !== 'string') continue;
      const want = datestampOf(updatedAt, doc.get('data'));
      if (doc.get('datestamp') === want) continue;
      batch.update(doc.ref, { datestamp: want });
      writes += 1;
    }
    if (writes) await batch.commit();
    fixed += writes;
    after = page.docs.at(-1);
  }
}

/**
 * Backfills `datestamp` in `collections` unless the marker says it was done; resolves with the
 * number of documents set (0 when already done). Rejects with Firestore's error (the marker is then
 * not written, so the next start tries again).
 */
export async function backfillDatestamps(db: Firestore, collections: readonly string[]): Promise<number> {
  const marker = db.collection(DATESTAMP_MARKER.collection).doc(DATESTAMP_MARKER.id);
  if ((await marker.get()).exists) return 0;
  let fixed = 0;
  for (const collection of collections) fixed += await backfillCollection(db, collection);
  await marker.set({ doneAt: new Date().toISOString(), fixed });
  return fixed;
}
