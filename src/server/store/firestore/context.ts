/**
 * What the Firestore store's modules share: its database and the options that reach its queries
 * (the store builds it once from FirestoreStoreOptions, see ./index.ts).
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { QueryShape } from './indexes';

/** The store's database and query options (see FirestoreStoreOptions in ./index.ts). */
export interface FsContext {
  readonly db: Firestore;
  /** Normalised search text kept for a document. */
  readonly searchText: (collection: string, data: unknown) => string;
  /** Called with the shape of every query the store sends. */
  readonly onQuery?: (shape: QueryShape) => void;
  /** Called with the number of documents each read of a search returned. */
  readonly onRead?: (documents: number) => void;
  /** Documents a visitor search reads per collection, at most. */
  readonly siteSearchCandidates: number;
  /** Documents an admin search reads, at most. */
  readonly searchCandidates: number;
}
