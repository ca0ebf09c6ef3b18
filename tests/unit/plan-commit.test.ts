/**
 * Issue 26, item 6: the batch-write rules both stores share (store/planCommit.ts): existence, unique
 * values (within the batch and against stored documents), not-found, versions, the documents written
 * and the change events, decided from the ops and what the store read.
 */
import { describe, expect, it } from 'vitest';
import { commitReads, planCommit, withIds, type StoredState, type TargetedOp } from '../../src/server/store/planCommit';
import {
  DocumentExistsError,
  DocumentNotFoundError,
  UniqueConstraintError,
  VersionConflictError,
  type StoredDocument,
} from '../../src/server/store/port';

const NOW = '2026-01-02T03:04:05.000Z';
const EARLIER = '2025-06-01T00:00:00.000Z';

function stored(collection: string, id: string, data: unknown, version = 1): StoredDocument<unknown> {
  return { collection, id, data, version, createdAt: EARLIER, updatedAt: EARLIER };
}

function state(documents: Array<StoredDocument<unknown>>, holders: StoredState['holders'] = []): StoredState {
  return { documents, holders };
}

/** The error planCommit decided, failing the test when it planned instead. */
function errorOf(ops: TargetedOp[], current: StoredState): Error {
  const outcome = planCommit(ops, current, NOW);
  if (outcome.ok) throw new Error('expected the batch to be refused');
  return outcome.error;
}

function planOf(ops: TargetedOp[], current: StoredState) {
  const outcome = planCommit(ops, current, NOW);
  if (!outcome.ok) throw outcome.error;
  return outcome.plan;
}

const claimSlug = (id: string, slug: string): TargetedOp => ({
  kind: 'create',
  collection: 'pages',
  id,
  data: { slug },
  unique: [{ field: 'slug', value: slug }],
});

describe('planCommit: existence', () => {
  it('refuses a create whose id is stored, or was created earlier in the batch', () => {
    const create: TargetedOp = { kind: 'create', collection: 'items', id: 'x', data: { n: 2 } };
    const stale = errorOf([create], state([stored('items', 'x', { n: 1 })]));
    expect(stale).toBeInstanceOf(DocumentExistsError);
    expect(stale).toMatchObject({ collection: 'items', id: 'x' });
    expect(errorOf([create, { ...create, data: { n: 3 } }], state([]))).toBeInstanceOf(DocumentExistsError);
    // The same id in another collection is another document.
    expect(planOf([create], state([stored('pages', 'x', {})])).writes).toHaveLength(1);
  });

  it('lets a document deleted earlier in the batch be created again, with its numbering', () => {
    const plan = planOf(
      [
        { kind: 'delete', collection: 'items', id: 'x', expectedVersion: 4 },
        { kind: 'create', collection: 'items', id: 'x', data: { n: 5 }, version: 5 },
      ],
      state([stored('items', 'x', { n: 4 }, 4)]),
    );
    expect(plan.writes.map((w) => w.doc?.version ?? null)).toEqual([null, 5]);
    expect(plan.documents).toEqual([
      { collection: 'items', id: 'x', existed: true, doc: plan.writes[1]!.doc, claimed: {} },
    ]);
  });

  it('refuses an update or delete of a missing document, also one deleted earlier in the batch', () => {
    const update: TargetedOp = { kind: 'update', collection: 'items', id: 'ghost', data: {}, expectedVersion: 1 };
    const missing = errorOf([update], state([]));
    expect(missing).toBeInstanceOf(DocumentNotFoundError);
    expect(missing).toMatchObject({ collection: 'items', id: 'ghost' });
    expect(errorOf([{ kind: 'delete', collection: 'items', id: 'ghost' }], state([]))).toBeInstanceOf(
      DocumentNotFoundError,
    );
    const twice = errorOf(
      [
        { kind: 'delete', collection: 'items', id: 'a' },
        { kind: 'delete', collection: 'items', id: 'a' },
      ],
      state([stored('items', 'a', {})]),
    );
    expect(twice).toBeInstanceOf(DocumentNotFoundError);
  });
});

describe('planCommit: versions', () => {
  it('refuses a stale update or delete, naming both versions', () => {
    const current = state([stored('items', 'v', { n: 2 }, 2)]);
    const update = errorOf([{ kind: 'update', collection: 'items', id: 'v', data: {}, expectedVersion: 1 }], current);
    expect(update).toBeInstanceOf(VersionConflictError);
    expect(update).toMatchObject({ collection: 'items', id: 'v', expected: 1, actual: 2 });
    const del = errorOf([{ kind: 'delete', collection: 'items', id: 'v', expectedVersion: 3 }], current);
    expect(del).toMatchObject({ expected: 3, actual: 2 });
    // A delete without an expected version takes any version.
    expect(planOf([{ kind: 'delete', collection: 'items', id: 'v' }], current).writes[0]!.doc).toBeNull();
  });

  it('checks a later write against the version an earlier write of the batch left', () => {
    const current = state([stored('items', 'v', { n: 1 })]);
    const first: TargetedOp = { kind: 'update', collection: 'items', id: 'v', data: { n: 2 }, expectedVersion: 1 };
    const plan = planOf([first, { ...first, data: { n: 3 }, expectedVersion: 2 }], current);
    expect(plan.writes.map((w) => w.doc?.version)).toEqual([2, 3]);
    expect(errorOf([first, { ...first, expectedVersion: 1 }], current)).toMatchObject({ expected: 1, actual: 2 });
  });
});

describe('planCommit: unique values', () => {
  it('refuses a value a stored document holds, naming it, and lets a document keep its own', () => {
    const holders = [{ collection: 'pages', field: 'slug', value: 'about', ids: ['p1'] }];
    const current = state([stored('pages', 'p1', { slug: 'about' })], holders);
    const err = errorOf([claimSlug('p2', 'about')], state([], holders));
    expect(err).toBeInstanceOf(UniqueConstraintError);
    expect(err).toMatchObject({ collection: 'pages', field: 'slug', value: 'about', holderId: 'p1' });
    const keep: TargetedOp = {
      kind: 'update',
      collection: 'pages',
      id: 'p1',
      data: { slug: 'about', t: 1 },
      expectedVersion: 1,
      unique: [{ field: 'slug', value: 'about' }],
    };
    expect(planOf([keep], current).documents[0]).toMatchObject({ claimed: { slug: 'about' } });
  });

  it('refuses two claims of one value in one batch, naming the first', () => {
    const err = errorOf([claimSlug('a', 'x'), claimSlug('b', 'x')], state([]));
    expect(err).toBeInstanceOf(UniqueConstraintError);
    expect(err).toMatchObject({ holderId: 'a', value: 'x' });
    // A document the batch wrote without a unique precondition holds its value too.
    const plain: TargetedOp = { kind: 'create', collection: 'pages', id: 'c', data: { slug: 'y' } };
    expect(errorOf([plain, claimSlug('d', 'y')], state([]))).toMatchObject({ holderId: 'c' });
  });

  it('frees a stored value its holder gives up or is deleted with earlier in the batch', () => {
    const holders = [{ collection: 'pages', field: 'slug', value: 'about', ids: ['p1'] }];
    const current = state([stored('pages', 'p1', { slug: 'about' })], holders);
    const rename: TargetedOp = {
      kind: 'update',
      collection: 'pages',
      id: 'p1',
      data: { slug: 'team' },
      expectedVersion: 1,
    };
    expect(planOf([rename, claimSlug('p2', 'about')], current).writes).toHaveLength(2);
    const remove: TargetedOp = { kind: 'delete', collection: 'pages', id: 'p1' };
    expect(planOf([remove, claimSlug('p2', 'about')], current).writes).toHaveLength(2);
    // In the other order the holder still has the value when the claim is checked.
    expect(errorOf([claimSlug('p2', 'about'), remove], current)).toMatchObject({ holderId: 'p1' });
  });

  it('compares values by type and value as JSON stores them, and keeps collections apart', () => {
    const numeric: TargetedOp = { kind: 'create', collection: 'pages', id: 'n', data: { slug: 1 } };
    expect(planOf([numeric, claimSlug('s', '1')], state([])).writes).toHaveLength(2);
    const other: TargetedOp = { kind: 'create', collection: 'news', id: 'o', data: { slug: 'x' } };
    expect(planOf([other, claimSlug('p', 'x')], state([])).writes).toHaveLength(2);
    const dated: TargetedOp = {
      kind: 'create',
      collection: 'pages',
      id: 'd',
      data: { slug: new Date(NOW) },
    };
    expect(errorOf([dated, claimSlug('p', NOW)], state([]))).toMatchObject({ holderId: 'd' });
  });
});

describe('planCommit: the plan', () => {
  it('stops at the first failed precondition, in op order', () => {
    const current = state([stored('items', 'keep', { n: 1 })]);
    const err = errorOf(
      [
        { kind: 'create', collection: 'items', id: 'n1', data: {} },
        { kind: 'update', collection: 'items', id: 'keep', data: {}, expectedVersion: 5 },
        { kind: 'update', collection: 'items', id: 'ghost', data: {}, expectedVersion: 1 },
      ],
      current,
    );
    expect(err).toBeInstanceOf(VersionConflictError);
  });

  it('gives each write its document, the final state of each target once, and one event per write', () => {
    const current = state([stored('items', 'old', { n: 0 }, 3)]);
    const plan = planOf(
      [
        { kind: 'create', collection: 'items', id: 'new', data: { n: 1 }, unique: [{ field: 'n', value: 1 }] },
        { kind: 'update', collection: 'items', id: 'old', data: { n: 2 }, expectedVersion: 3 },
        { kind: 'update', collection: 'items', id: 'new', data: { n: 3 }, expectedVersion: 1 },
        { kind: 'delete', collection: 'items', id: 'old', expectedVersion: 4 },
        { kind: 'create', collection: 'log', id: 'l', data: {}, version: 2, createdAt: EARLIER, updatedAt: EARLIER },
      ],
      current,
    );
    expect(plan.writes.map((w) => [w.kind, w.id, w.doc])).toEqual([
      ['create', 'new', { collection: 'items', id: 'new', data: { n: 1 }, version: 1, createdAt: NOW, updatedAt: NOW }],
      [
        'update',
        'old',
        { collection: 'items', id: 'old', data: { n: 2 }, version: 4, createdAt: EARLIER, updatedAt: NOW },
      ],
      ['update', 'new', { collection: 'items', id: 'new', data: { n: 3 }, version: 2, createdAt: NOW, updatedAt: NOW }],
      ['delete', 'old', null],
      ['create', 'l', { collection: 'log', id: 'l', data: {}, version: 2, createdAt: EARLIER, updatedAt: EARLIER }],
    ]);
    expect(plan.documents.map(({ id, existed, doc, claimed }) => [id, existed, doc?.version ?? null, claimed])).toEqual(
      [
        ['new', false, 2, { n: 1 }],
        ['old', true, null, {}],
        ['l', false, 2, {}],
      ],
    );
    expect(plan.events).toEqual([
      { collection: 'items', id: 'new', kind: 'create' },
      { collection: 'items', id: 'old', kind: 'update' },
      { collection: 'items', id: 'new', kind: 'update' },
      { collection: 'items', id: 'old', kind: 'delete' },
      { collection: 'log', id: 'l', kind: 'create' },
    ]);
  });

  it('forgets the values a document claimed when the batch deletes it', () => {
    const plan = planOf(
      [
        claimSlug('p', 'x'),
        { kind: 'delete', collection: 'pages', id: 'p' },
        { kind: 'create', collection: 'pages', id: 'p', data: { slug: 'y' } },
        claimSlug('q', 'x'),
      ],
      state([]),
    );
    expect(plan.documents.map(({ id, existed, claimed }) => [id, existed, claimed])).toEqual([
      ['p', false, {}],
      ['q', false, { slug: 'x' }],
    ]);
  });

  it('plans nothing for an empty batch', () => {
    expect(planOf([], state([]))).toEqual({ writes: [], documents: [], events: [] });
  });
});

describe('commitReads and withIds', () => {
  it('lists each target once and each claimed value once, with enough holders to see one outside the batch', () => {
    const reads = commitReads([
      claimSlug('a', 'x'),
      {
        kind: 'update',
        collection: 'pages',
        id: 'a',
        data: {},
        expectedVersion: 1,
        unique: [{ field: 'slug', value: 'x' }],
      },
      { kind: 'delete', collection: 'pages', id: 'b' },
      { kind: 'create', collection: 'news', id: 'a', data: {}, unique: [{ field: 'slug', value: 'x' }] },
    ]);
    expect(reads.targets).toEqual([
      { collection: 'pages', id: 'a' },
      { collection: 'pages', id: 'b' },
      { collection: 'news', id: 'a' },
    ]);
    expect(reads.claims).toEqual([
      { collection: 'pages', field: 'slug', value: 'x', limit: 3 },
      { collection: 'news', field: 'slug', value: 'x', limit: 2 },
    ]);
  });

  it('gives a random id only to creates without one', () => {
    const ops = withIds([
      { kind: 'create', collection: 'log', data: {} },
      { kind: 'create', collection: 'log', id: 'given', data: {} },
      { kind: 'delete', collection: 'log', id: 'gone' },
    ]);
    expect(ops[0]!.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(ops.slice(1).map((op) => op.id)).toEqual(['given', 'gone']);
  });
});
