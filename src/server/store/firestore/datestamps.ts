/**
 * Firestore documents written before the store kept the `datestamp` meta field (../datestamp.ts) are
 * missing from every list ordered by it (OAI-PMH's). Once per database, at a firebase-mode start,
 * the documents whose stored `datestamp` is missing or stale get it (backfill.ts: pages, marker,
 * precondition). It runs in the background once the server listens (../backfillAfterListen.ts).
 */
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { datestampOf } from '../datestamp';
import { backfillOnce, MARKER_COLLECTION, updateUnchanged } from './backfill';

/** The marker document: present once every collection has its datestamps. */
export const DATESTAMP_MARKER = { collection: MARKER_COLLECTION, id: 'datestamp-v1' } as const;

/**
 * Sets the missing or stale `datestamp`s of `docs` (snapshots holding `updatedAt`, `datestamp` and
 * `data.publishedAt`), each only if the document is unchanged since it was read: one rewritten
 * meanwhile got a fresh datestamp from its writer and is skipped. Resolves with how many were set;
 * rejects with Firestore's error for any other failure.
 */
export function fixDatestamps(db: Firestore, docs: readonly QueryDocumentSnapshot[]): Promise<number> {
  return updateUnchanged(db, docs, (doc) => {
    const updatedAt: unknown = doc.get('updatedAt');
    if (typeof updatedAt !== 'string') return null;
    const want = datestampOf(updatedAt, doc.get('data'));
    return doc.get('datestamp') === want ? null : { datestamp: want };
  });
}

/**
 * Backfills `datestamp` in `collections` unless the marker says it was done; resolves with the
 * number of documents set (0 when already done). Rejects with Firestore's error (the marker is then
 * not written, so the next start tries again). An aborted `signal` stops it at the next page,
 * without the marker.
 */
export function backfillDatestamps(
  db: Firestore,
  collections: readonly string[],
  signal?: AbortSignal,
): Promise<number> {
  const backfill = {
    markerId: DATESTAMP_MARKER.id,
    fields: ['updatedAt', 'datestamp', 'data.publishedAt'],
    fix: (_collection: string, docs: readonly QueryDocumentSnapshot[]) => fixDatestamps(db, docs),
  };
  return backfillOnce(db, backfill, collections, signal);
}
