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
async function fixCollection(
  db: Firestore,
  collection: string,
  fields: readonly string[],
  fix: PageFix,
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
    fixed += await fix(collection, page.docs);
    after = page.docs.at(-1);
  }
  return fixed;
}

/** Fixes one page of a collection's documents; resolves with how many it wrote. */
export type PageFix = (collection: string, docs: readonly QueryDocumentSnapshot[]) => Promise<number>;

/** A once-per-database backfill: its marker's id, the fields each page reads, and the page fix. */
export interface Backfill {
  markerId: string;
  fields: readonly string[];
  fix: PageFix;
}

/**
 * Runs `backfill` over `collections` (page by page, `fix` on each) unless the marker document
 * `_migrations/{markerId}` exists, then writes the marker (with the count) if `signal` did not abort.
 * Resolves with the number of documents written (0 when already done); a rejection (Firestore's
 * error) leaves no marker, so the next start tries again.
 */
export async function backfillOnce(
  db: Firestore,
  backfill: Backfill,
  collections: readonly string[],
  signal?: AbortSignal,
): Promise<number> {
  const marker = db.collection(MARKER_COLLECTION).doc(backfill.markerId);
  if ((await marker.get()).exists) return 0;
  let fixed = 0;
  for (const collection of collections)
    fixed += await fixCollection(db, collection, backfill.fields, backfill.fix, signal);
  if (!signal?.aborted) await marker.set({ doneAt: new Date().toISOString(), fixed });
  return fixed;
}
