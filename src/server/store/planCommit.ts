/**
 * The rules of an atomic batch of writes (`DocumentStore.commit`), one pure function for both stores:
 * SQLite and Firestore only read what it needs, call it, and write what it decided.
 *
 * Shapes:
 * - `ops`: the batch, every create with its id (`withIds` makes the missing ones).
 * - `commitReads(ops)`: what the store reads before planning, inside its transaction: `targets`, each
 *   document the ops write (once, in order of first appearance), and `claims`, each distinct unique
 *   value the creates and updates claim, with `limit`: how many of its holders the store must return
 *   (the targets of that collection + 1, so a holder outside the batch is always among them).
 * - `StoredState`: what the store read. `documents` are the stored targets (a target not listed does
 *   not exist); `holders` gives, per claim, the ids of stored documents of the collection whose data
 *   field equals the value (all of them, or at least `limit`).
 * - `planCommit(ops, state, now)` applies the ops in order to a simulation of the targets, so a later
 *   write sees an earlier one, and returns `{ ok: true, plan }` or `{ ok: false, error }`.
 * - `CommitPlan`: `writes`, one per op in order (its kind and the document it leaves, null for a
 *   delete: what `commit` returns); `documents`, each target's final state once (`doc`, null when the
 *   batch leaves it deleted; `existed`, whether it was stored before; `claimed`, the unique values its
 *   writes claimed since it was last deleted in the batch); `events`, one change event per op.
 *
 * Rules, checked per op in order; the first that fails is the error, and then nothing is written:
 * - create: DocumentExistsError when the id exists (stored, or created earlier in the batch and not
 *   deleted since). Starts at `op.version` (default 1), `createdAt`/`updatedAt` from the op or `now`.
 * - update, delete: DocumentNotFoundError when the document does not exist (at that point of the
 *   batch); VersionConflictError when `expectedVersion` is given and differs from its version. An
 *   update keeps `createdAt`, sets `updatedAt` to `now` and the version to the previous one + 1.
 * - create, update (after the above): UniqueConstraintError, naming the holder, when another document
 *   of the collection has the claimed value at that point: first a stored holder outside the batch
 *   (in the holders' order), then a target of the batch whose data has it after the earlier writes
 *   (in order of first appearance). Values compare as JSON stores them, by type and value.
 */
import {
  autoId,
  DocumentExistsError,
  DocumentNotFoundError,
  UniqueConstraintError,
  VersionConflictError,
  type ChangeEvent,
  type StoredDocument,
  type UniqueField,
  type WriteOp,
} from './port';

/** A write of the batch with its document id (creates without one get a random id first). */
export type TargetedOp = WriteOp & { id: string };

/** The errors a batch can fail with (the port's). */
export type CommitError = DocumentExistsError | DocumentNotFoundError | VersionConflictError | UniqueConstraintError;

export interface DocRef {
  collection: string;
  id: string;
}

/** A unique value claimed by the batch, and how many of its holders planCommit needs to see. */
export interface Claim {
  collection: string;
  field: string;
  value: string | number;
  limit: number;
}

export interface CommitReads {
  targets: DocRef[];
  claims: Claim[];
}

export interface StoredState {
  /** The stored documents among the targets. */
  documents: Array<StoredDocument<unknown>>;
  /** Per claim: ids of stored documents of the collection whose field has the value. */
  holders: Array<{ collection: string; field: string; value: string | number; ids: string[] }>;
}

export interface PlannedWrite {
  kind: WriteOp['kind'];
  collection: string;
  id: string;
  /** The document after this write; null for a delete. */
  doc: StoredDocument<unknown> | null;
}

export interface PlannedDocument {
  collection: string;
  id: string;
  /** Whether it was stored before the batch. */
  existed: boolean;
  /** Its state after the batch; null when deleted (or created and deleted again). */
  doc: StoredDocument<unknown> | null;
  /** The unique values the batch's writes claimed for it (cleared by a delete). */
  claimed: Record<string, string | number>;
}

export interface CommitPlan {
  writes: PlannedWrite[];
  documents: PlannedDocument[];
  events: ChangeEvent[];
}

export type CommitOutcome = { ok: true; plan: CommitPlan } | { ok: false; error: CommitError };

/** The ops with a random id for each create that has none (made once, so a retried transaction reuses them). */
export function withIds(ops: WriteOp[]): TargetedOp[] {
  return ops.map((op) => (op.kind === 'create' && op.id === undefined ? { ...op, id: autoId() } : op)) as TargetedOp[];
}

/** A key for a document of a collection (for maps of targets). */
export function docKey(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}

function claimKey(collection: string, field: string, value: string | number): string {
  return JSON.stringify([collection, field, value]);
}

/** What the store must read for `planCommit` (see the module comment). */
export function commitReads(ops: TargetedOp[]): CommitReads {
  const targets = new Map<string, DocRef>();
  const perCollection = new Map<string, number>();
  for (const op of ops) {
    const key = docKey(op.collection, op.id);
    if (targets.has(key)) continue;
    targets.set(key, { collection: op.collection, id: op.id });
    perCollection.set(op.collection, (perCollection.get(op.collection) ?? 0) + 1);
  }
  const claims = new Map<string, Claim>();
  for (const op of ops) {
    if (op.kind === 'delete') continue;
    for (const u of op.unique ?? []) {
      const limit = (perCollection.get(op.collection) ?? 0) + 1;
      claims.set(claimKey(op.collection, u.field, u.value), {
        collection: op.collection,
        field: u.field,
        value: u.value,
        limit,
      });
    }
  }
  return { targets: [...targets.values()], claims: [...claims.values()] };
}

/** Whether a document's data has the unique value, compared as stored (JSON): same type and value. */
function holds(data: unknown, u: UniqueField): boolean {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return false;
  const raw = (data as Record<string, unknown>)[u.field];
  const json = raw === undefined ? undefined : JSON.stringify(raw);
  const v = json === undefined ? undefined : (JSON.parse(json) as unknown);
  return v === u.value;
}

type Targets = Map<string, PlannedDocument>;

/** The UniqueConstraintError for the first claimed value another document has, or null. */
function uniqueConflict(
  collection: string,
  id: string,
  unique: UniqueField[] | undefined,
  targets: Targets,
  holders: Map<string, string[]>,
): UniqueConstraintError | null {
  for (const u of unique ?? []) {
    // Stored holders outside the batch still hold the value; the batch's targets are judged by their
    // simulated state (which is what an update or delete earlier in the batch left).
    for (const holder of holders.get(claimKey(collection, u.field, u.value)) ?? []) {
      if (!targets.has(docKey(collection, holder)))
        return new UniqueConstraintError(collection, u.field, u.value, holder);
    }
    for (const other of targets.values()) {
      if (other.collection === collection && other.id !== id && other.doc && holds(other.doc.data, u))
        return new UniqueConstraintError(collection, u.field, u.value, other.id);
    }
  }
  return null;
}

/** The error of the op's existence and version preconditions, or null. */
function preconditionError(op: TargetedOp, current: StoredDocument<unknown> | null): CommitError | null {
  if (op.kind === 'create') return current ? new DocumentExistsError(op.collection, op.id) : null;
  if (!current) return new DocumentNotFoundError(op.collection, op.id);
  if (op.expectedVersion !== undefined && current.version !== op.expectedVersion)
    return new VersionConflictError(op.collection, op.id, op.expectedVersion, current.version);
  return null;
}

/** The document an op leaves (its preconditions hold: an update's or delete's target exists). */
function nextDocument(
  op: TargetedOp,
  current: StoredDocument<unknown> | null,
  now: string,
): StoredDocument<unknown> | null {
  const { collection, id } = op;
  if (op.kind === 'create') {
    const createdAt = op.createdAt ?? now;
    return { collection, id, data: op.data, version: op.version ?? 1, createdAt, updatedAt: op.updatedAt ?? now };
  }
  if (op.kind === 'delete') return null;
  const { version, createdAt } = current!;
  return { collection, id, data: op.data, version: version + 1, createdAt, updatedAt: now };
}

/** Decides a batch: the error to throw, or what to write and announce (see the module comment). */
export function planCommit(ops: TargetedOp[], state: StoredState, now: string): CommitOutcome {
  const stored = new Map(state.documents.map((doc) => [docKey(doc.collection, doc.id), doc]));
  const holders = new Map(state.holders.map((h) => [claimKey(h.collection, h.field, h.value), h.ids]));
  const targets: Targets = new Map();
  for (const { collection, id } of commitReads(ops).targets) {
    const doc = stored.get(docKey(collection, id)) ?? null;
    targets.set(docKey(collection, id), { collection, id, existed: doc !== null, doc, claimed: {} });
  }
  const writes: PlannedWrite[] = [];
  for (const op of ops) {
    const target = targets.get(docKey(op.collection, op.id))!;
    const error =
      preconditionError(op, target.doc) ??
      (op.kind === 'delete' ? null : uniqueConflict(op.collection, op.id, op.unique, targets, holders));
    if (error) return { ok: false, error };
    target.doc = nextDocument(op, target.doc, now);
    if (op.kind === 'delete') target.claimed = {};
    else for (const u of op.unique ?? []) target.claimed[u.field] = u.value;
    writes.push({ kind: op.kind, collection: op.collection, id: op.id, doc: target.doc });
  }
  const events = writes.map(({ collection, id, kind }) => ({ collection, id, kind }));
  return { ok: true, plan: { writes, documents: [...targets.values()], events } };
}
