/**
 * A commit on Firestore: all writes of a batch in one transaction, with the unique-value guards
 * (`_unique/{collection}:{field}:{hash of the value}` = {collection, field, value, owner}). Inside
 * it the targets, the unique guards and the holders of each claimed value are read
 * (`readCommitState`), `planCommit` decides, and the final documents and guards are written
 * (`writePlan`), with the change feed's document. Two writers claiming one value both read its
 * guard, so they conflict there and Firestore retries one of them, which then sees the other's
 * document.
 */
import type { DocumentReference, Firestore, Transaction } from 'firebase-admin/firestore';
import { filterShape } from './indexes';
import {
  commitReads,
  docKey,
  planCommit,
  withIds,
  type CommitPlan,
  type CommitReads,
  type StoredState,
} from '../planCommit';
import type { Filter, StoredDocument, WriteOp } from '../port';
import type { ChangeFeed } from './changeFeed';
import type { FsContext } from './context';
import { encodeDocument, type FsDocument } from './document';
import { filtered, ref } from './filters';
import { decodeId, guardId } from './ids';
import { runCommitTransaction } from './transaction';

/** The collection of unique-value guard documents. */
export const UNIQUE_COLLECTION = '_unique';

/** What a commit reads in its transaction (see `readCommitState`). */
interface CommitRead {
  state: StoredState;
  /** The guards each stored target held (`_unique`), by `docKey`. */
  heldBefore: Map<string, Record<string, string | number>>;
  /** The owner of each guard read (claimed or held by a target), null when absent. */
  guardOwner: Map<string, string | null>;
}

function guardRef(db: Firestore, guard: string): DocumentReference {
  return db.collection(UNIQUE_COLLECTION).doc(guard);
}

/**
 * Reads, in the transaction, what `planCommit` needs (the targets; per claim, the documents holding
 * the value) and what the guards' upkeep needs: the guards each target held, and the owner of
 * every guard claimed or held.
 */
async function readCommitState(ctx: FsContext, tx: Transaction, reads: CommitReads): Promise<CommitRead> {
  const snaps = await tx.getAll(...reads.targets.map((t) => ref(ctx.db, t.collection, t.id)));
  const documents: Array<StoredDocument<unknown>> = [];
  const heldBefore = new Map<string, Record<string, string | number>>();
  const guards = new Set(reads.claims.map((c) => guardId(c.collection, c.field, c.value)));
  reads.targets.forEach(({ collection, id }, i) => {
    const snap = snaps[i]!;
    if (!snap.exists) return;
    const raw = snap.data() as FsDocument;
    const { data, version, createdAt, updatedAt } = raw;
    documents.push({ collection, id, data, version, createdAt, updatedAt });
    heldBefore.set(docKey(collection, id), raw._unique ?? {});
    for (const [field, value] of Object.entries(raw._unique ?? {})) guards.add(guardId(collection, field, value));
  });
  const guardSnaps = guards.size ? await tx.getAll(...[...guards].map((g) => guardRef(ctx.db, g))) : [];
  const guardOwner = new Map(guardSnaps.map((s) => [s.id, s.exists ? (s.get('owner') as string) : null]));
  const holders: StoredState['holders'] = [];
  for (const { collection, field, value, limit } of reads.claims) {
    const where: Filter[] = [{ field, op: '==', value }];
    ctx.onQuery?.(filterShape(collection, where));
    const snap = await tx.get(filtered(ctx.db, collection, where).limit(limit));
    holders.push({ collection, field, value, ids: snap.docs.map((d) => decodeId(d.id)) });
  }
  return { state: { documents, holders }, heldBefore, guardOwner };
}

/**
 * Writes a plan in the transaction: each document's final state (set, or deleted when it existed),
 * then its guards: those it held and no longer holds are deleted when still its own, those it
 * holds (kept values its data still has, and the values the batch claimed) are set; and, with the
 * change feed on, the commit's change document.
 */
function writePlan(ctx: FsContext, feed: ChangeFeed, tx: Transaction, plan: CommitPlan, read: CommitRead): void {
  for (const { collection, id, existed, doc, claimed } of plan.documents) {
    const heldBefore = read.heldBefore.get(docKey(collection, id)) ?? {};
    const held: Record<string, string | number> = {};
    if (doc) {
      const data = JSON.parse(JSON.stringify(doc.data ?? null)) as unknown;
      const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
      for (const [field, value] of Object.entries(heldBefore)) if (record[field] === value) held[field] = value;
      Object.assign(held, claimed);
      tx.set(ref(ctx.db, collection, id), encodeDocument(doc, data, held, ctx.searchText));
    } else if (existed) {
      tx.delete(ref(ctx.db, collection, id));
    }
    for (const [field, value] of Object.entries(heldBefore)) {
      const guard = guardId(collection, field, value);
      if (held[field] !== value && read.guardOwner.get(guard) === id) tx.delete(guardRef(ctx.db, guard));
    }
    for (const [field, value] of Object.entries(held))
      tx.set(guardRef(ctx.db, guardId(collection, field, value)), { collection, field, value, owner: id });
  }
  feed.record(tx, plan.events);
}

/**
 * Applies the writes (at least one) in one Firestore transaction, all or none (see the port and the
 * module comment), and returns the plan it carried out: its writes' documents and the events to
 * emit.
 */
export async function commitWrites(ctx: FsContext, feed: ChangeFeed, ops: WriteOp[]): Promise<CommitPlan> {
  // Ids of creates without one are made once, so a retried transaction writes the same ids.
  const targeted = withIds(ops);
  const now = new Date().toISOString();
  return runCommitTransaction(ctx.db, targeted, async (tx) => {
    const read = await readCommitState(ctx, tx, commitReads(targeted));
    const outcome = planCommit(targeted, read.state, now);
    if (!outcome.ok) throw outcome.error;
    writePlan(ctx, feed, tx, outcome.plan, read);
    return outcome.plan;
  });
}
