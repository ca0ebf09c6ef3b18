/**
 * The pieces of a firebase-mode backfill, a once-per-database rewrite of fields the store derives
 * from a document's data (datestamps.ts, siteReindex.ts): a marker document in `_migrations` says
 * it is done; collections are read in pages of document ids; each derived field is written only if
 * the document is unchanged since it was read (`lastUpdateTime` precondition), so a document saved
 * in between keeps what its writer derived. Derived values depend on the document alone, so
 * instances that run the same backfill at once write the same values. No version, change event or
 * audit entry is written.
 */
import type { DocumentData, Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';

/** The collection of backfill markers (one document per finished backfill). */
export const MARKER_COLLECTION = '_migrations';

/** Documents read per page. */
const PAGE = 300;
/** gRPC status of a write whose precondition failed. */
const FAILED_PRECONDITION = 9;

/**
 * Writes `patchOf(doc)` onto each document for which it is not null, each only if the document is
 * unchanged since it was read. Resolves with how many were written (those changed meanwhile are
 * skipped); rejects with Firestore's error for any other failure.
 */
export async function updateUnchanged(
  db: Firestore,
  docs: readonly QueryDocumentSnapshot[],
  patchOf: (doc: QueryDocumentSnapshot) => DocumentData | null,
): Promise<number> {
  const writer = db.bulkWriter();
  const writes: Array<Promise<number>> = [];
  for (const doc of docs) {
    const patch = patchOf(doc);
    if (!patch) continue;
    writes.push(
      writer.update(doc.ref, patch, { lastUpdateTime: doc.updateTime }).then(
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

/**
 * Reads `collection` page by page in document-id order (only `fields`) and resolves with the sum of
 * what `fix` returns for each page; an aborted `signal` stops it before the next page.
 */
export async function fixCollection(
  db: Firestore,
  collection: string,
  fields: readonly string[],
  fix: (docs: readonly QueryDocumentSnapshot[]) => Promise<number>,
  signal?: AbortSignal,
): Promise<number> {
  let fixed = 0;
  let after: QueryDocumentSnapshot | undefined;
  while (!signal?.aborted) {
    let query = db
      .collection(collection)
      .orderBy('__name__')
      .select(...fields);
    if (after) query = query.startAfter(after);
    const page = await query.limit(PAGE).get();
    if (page.empty) break;
    fixed += await fix(page.docs);
    after = page.docs.at(-1);
  }
  return fixed;
}

/**
 * Runs `backfill` unless the marker document `_migrations/{markerId}` exists, then writes the marker
 * (with the count) if `signal` did not abort. Resolves with the count (0 when already done); a
 * rejection leaves no marker, so the next start tries again.
 */
export async function backfillOnce(
  db: Firestore,
  markerId: string,
  backfill: () => Promise<number>,
  signal?: AbortSignal,
): Promise<number> {
  const marker = db.collection(MARKER_COLLECTION).doc(markerId);
  if ((await marker.get()).exists) return 0;
  const fixed = await backfill();
  if (!signal?.aborted) await marker.set({ doneAt: new Date().toISOString(), fixed });
  return fixed;
}
