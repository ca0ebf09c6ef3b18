/**
 * Firestore transactions of a commit (https://firebase.google.com/docs/firestore/manage-data/transactions:
 * reads before writes, retried by the SDK on contention), with what Firestore and its emulator
 * answer under contention made clear: a transaction Firestore gave up (ABORTED) whose expected
 * version is stale is a VersionConflictError; one the emulator closed is run again.
 */
import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { VersionConflictError, type WriteOp } from '../port';
import type { FsDocument } from './document';
import { ref } from './filters';

/** gRPC status ABORTED: Firestore gave up a transaction for contention. */
const GRPC_ABORTED = 10;
/** gRPC status INVALID_ARGUMENT, which the emulator answers for a transaction it already gave up. */
const GRPC_INVALID_ARGUMENT = 3;
/** Attempts of a transaction the emulator closed under contention (see `runCommitTransaction`). */
const CLOSED_TRANSACTION_ATTEMPTS = 3;

/**
 * Whether an error is the Firestore emulator's «Transaction is invalid or closed»: under contention
 * it times a waiting transaction out and answers its next call so, where Firestore answers ABORTED
 * and the SDK retries (firebase-tools issues 4473 and 6758). Nothing of that transaction was written.
 */
function isClosedTransaction(err: unknown): boolean {
  const e = err as { code?: unknown; details?: unknown; message?: unknown };
  return e.code === GRPC_INVALID_ARGUMENT && /transaction is invalid or closed/i.test(String(e.details ?? e.message));
}

/**
 * Runs `body` in a Firestore transaction. When Firestore gives up on it for contention (gRPC
 * ABORTED after its own retries: another writer kept taking the same documents, as two instances
 * saving one document at once do), a write whose expected version is no longer current is reported
 * as the VersionConflictError it is, not as an unexplained failure; other errors pass unchanged.
 * A transaction the emulator closed under contention is run again (at most three attempts), as
 * the SDK runs again one that Firestore aborts.
 */
export async function runCommitTransaction<T>(
  db: Firestore,
  ops: Array<WriteOp & { id: string }>,
  body: (tx: Transaction) => Promise<T>,
): Promise<T> {
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.runTransaction(body);
      } catch (err) {
        if (!isClosedTransaction(err) || attempt >= CLOSED_TRANSACTION_ATTEMPTS) throw err;
      }
    }
  } catch (err) {
    if ((err as { code?: unknown }).code !== GRPC_ABORTED) throw err;
    for (const op of ops) {
      if (op.kind === 'create' || op.expectedVersion === undefined) continue;
      const snap = await ref(db, op.collection, op.id).get();
      const version = snap.exists ? ((snap.data() as FsDocument).version ?? 0) : 0;
      if (version !== op.expectedVersion)
        throw new VersionConflictError(op.collection, op.id, op.expectedVersion, version);
    }
    throw err;
  }
}
