/**
 * Firebase mode's counterpart of SQLite's index rebuild (../sqliteSiteSearch.ts): when what the
 * visitor search indexes changes (`siteSearchSignature`: SITE_SEARCH_VERSION, the types on the site
 * and their text fields), every document's `_site` entry is recomputed from its data once per
 * database, so documents saved before an upgrade are found by the new terms without being saved
 * again. The marker's id carries a hash of the signature; pages, precondition and marker as in
 * backfill.ts. It runs in the background once the server listens (../backfillAfterListen.ts); until
 * it is done, a search may miss documents whose terms changed.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { siteSearchSignature } from '../../search/siteIndex';
import { backfillOnce, MARKER_COLLECTION, updateUnchanged } from './backfill';
import { siteEntryOf } from './document';

/** The marker document of the current index signature (`_migrations/site-search-{hash}`). */
export function siteSearchMarker(): { collection: string; id: string } {
  const hash = createHash('sha256').update(siteSearchSignature()).digest('hex').slice(0, 16);
  return { collection: MARKER_COLLECTION, id: `site-search-${hash}` };
}

/**
 * Rewrites the `_site` entries of `docs` (snapshots of `collection` holding `data` and `_site`) that
 * differ from the one their data gives now, each only if the document is unchanged since it was
 * read. Resolves with how many were rewritten; rejects with Firestore's error.
 */
export function fixSiteEntries(
  db: Firestore,
  collection: string,
  docs: readonly QueryDocumentSnapshot[],
): Promise<number> {
  return updateUnchanged(db, docs, (doc) => {
    const want = siteEntryOf(collection, doc.get('data'));
    return isDeepStrictEqual(want, doc.get('_site') ?? null) ? null : { _site: want };
  });
}

/**
 * Recomputes `_site` in `collections` unless this signature's marker exists; resolves with the number
 * of documents rewritten (0 when already done). Rejects with Firestore's error (no marker then, so
 * the next start tries again); an aborted `signal` stops it at the next page, without the marker.
 */
export function reindexSiteSearch(
  db: Firestore,
  collections: readonly string[],
  signal?: AbortSignal,
): Promise<number> {
  const backfill = {
    markerId: siteSearchMarker().id,
    fields: ['data', '_site'],
    fix: (collection: string, docs: readonly QueryDocumentSnapshot[]) => fixSiteEntries(db, collection, docs),
  };
  return backfillOnce(db, backfill, collections, signal);
}
