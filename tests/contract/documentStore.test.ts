/**
 * The DocumentStore contract: one body of tests run against SQLite (a temporary file) and Cloud
 * Firestore (Google's emulator), asserting the same observable results from both, plus a
 * differential run comparing the two stores' pages for a matrix of queries.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DocumentExistsError,
  DocumentNotFoundError,
  InvalidCursorError,
  UniqueConstraintError,
  VersionConflictError,
  type ChangeEvent,
  type DocumentStore,
  type ListQuery,
  type StoredDocument,
} from '../../src/server/store/port';
import { backends, firestoreBackend, sqliteBackend } from './stores';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ids = (docs: Array<StoredDocument<unknown>>) => docs.map((d) => d.id);

/** Every page of a list, following cursors. */
async function walk(
  store: DocumentStore,
  collection: string,
  query: ListQuery,
): Promise<{ pages: string[][]; total?: number }> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  let total: number | undefined;
  for (let i = 0; i < 100; i += 1) {
    const page = await store.list(collection, { ...query, cursor });
    if (i === 0) total = page.total;
    pages.push(ids(page.items));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { pages, total };
}

const FILTER_DOCS = [
  { id: 'a', data: { n: 1, s: 'a', tags: ['x', 'y'], at: null, flag: true } },
  { id: 'b', data: { n: 2, s: 'b', tags: ['y'], at: '2024-01-01T00:00:00.000Z', flag: false } },
  { id: 'c', data: { n: 3, s: 'c', tags: [], at: '2025-01-01T00:00:00.000Z', flag: true } },
  { id: 'd', data: { n: 4, s: 'd', tags: ['x'], at: '2026-01-01T00:00:00.000Z', flag: true } },
  { id: 'e', data: { n: 5, s: null, tags: ['z'], at: null, flag: false } },
];

const UK_TITLES = ['Яма', "Пам'ять", 'Памфлет', 'Їжак', 'Іва', 'Ива', 'Єва', 'Ера', 'Ґава', 'Гуси', 'Абетка', 'apple'];
const UK_ORDER = ['apple', 'Абетка', 'Гуси', 'Ґава', 'Ера', 'Єва', 'Ива', 'Іва', 'Їжак', 'Памфлет', "Пам'ять", 'Яма'];

describe.each(backends)('DocumentStore contract: $name', (backend) => {
  let store: DocumentStore;
  let dispose: () => Promise<void>;

  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
  });
  afterEach(async () => {
    await dispose();
  });

  describe('documents', () => {
    it('creates, reads, updates and deletes, with versions and ISO timestamps', async () => {
      const created = await store.create('items', { title: 'Перший', n: 1 }, { id: 'one' });
      expect(created).toMatchObject({ collection: 'items', id: 'one', data: { title: 'Перший', n: 1 }, version: 1 });
      expect(created.createdAt).toMatch(ISO);
      expect(created.updatedAt).toBe(created.createdAt);
      expect(await store.get('items', 'one')).toEqual(created);
      expect(await store.get('items', 'missing')).toBeNull();
      await new Promise((r) => setTimeout(r, 5));
      const updated = await store.update('items', 'one', { title: 'Другий', n: 2 }, 1);
      expect(updated).toMatchObject({
        id: 'one',
        data: { title: 'Другий', n: 2 },
        version: 2,
        createdAt: created.createdAt,
      });
      expect(updated.updatedAt > created.updatedAt).toBe(true);
      expect(await store.get('items', 'one')).toEqual(updated);
      await store.delete('items', 'one', 2);
      expect(await store.get('items', 'one')).toBeNull();
    });

    it('makes a 20-character id when none is given, and keeps ids with slashes', async () => {
      const doc = await store.create('items', { n: 1 });
      expect(doc.id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect((await store.get('items', doc.id))?.data).toEqual({ n: 1 });
      await store.create('_revisions', { docKey: 'news/x', revision: 3 }, { id: 'news/x/3' });
      expect((await store.get('_revisions', 'news/x/3'))?.data).toEqual({ docKey: 'news/x', revision: 3 });
      const page = await store.list('_revisions', {
        where: [{ field: 'docKey', op: '==', value: 'news/x' }],
        orderBy: { fields: ['revision'], direction: 'desc' },
        limit: 5,
      });
      expect(ids(page.items)).toEqual(['news/x/3']);
    });

    it('stores data as JSON does (undefined dropped, nested maps and arrays kept)', async () => {
      await store.create('items', { a: undefined, b: { c: [1, 'два', { d: null }] }, e: '' }, { id: 'j' });
      expect((await store.get('items', 'j'))?.data).toEqual({ b: { c: [1, 'два', { d: null }] }, e: '' });
    });

    it('refuses a second document with an existing id, and writes to missing ones', async () => {
      await store.create('items', { n: 1 }, { id: 'x' });
      await expect(store.create('items', { n: 2 }, { id: 'x' })).rejects.toBeInstanceOf(DocumentExistsError);
      await expect(store.update('items', 'nope', { n: 1 }, 1)).rejects.toBeInstanceOf(DocumentNotFoundError);
      await expect(store.delete('items', 'nope')).rejects.toBeInstanceOf(DocumentNotFoundError);
      expect((await store.get('items', 'x'))?.data).toEqual({ n: 1 });
    });
  });

  describe('version preconditions', () => {
    it('refuses a stale update or delete and names both versions', async () => {
      await store.create('items', { n: 1 }, { id: 'v' });
      await store.update('items', 'v', { n: 2 }, 1);
      const err = await store.update('items', 'v', { n: 3 }, 1).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(VersionConflictError);
      expect(err).toMatchObject({ collection: 'items', id: 'v', expected: 1, actual: 2 });
      await expect(store.delete('items', 'v', 1)).rejects.toBeInstanceOf(VersionConflictError);
      expect(await store.get('items', 'v')).toMatchObject({ version: 2, data: { n: 2 } });
      await store.delete('items', 'v');
      expect(await store.get('items', 'v')).toBeNull();
    });

    it('lets one of two concurrent updates of a version win', async () => {
      await store.create('items', { n: 0 }, { id: 'race' });
      const outcomes = await Promise.allSettled([1, 2].map((n) => store.update('items', 'race', { n }, 1)));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const rejected = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(VersionConflictError);
      expect((await store.get('items', 'race'))?.version).toBe(2);
    });

    it('lets one of eight concurrent updates of a version win and reports a conflict to the seven others', async () => {
      // Firestore may give up a contended transaction (ABORTED); a write whose version is gone must
      // still be a VersionConflictError, never an unexplained failure.
      await store.create('items', { n: 0 }, { id: 'crowd' });
      const outcomes = await Promise.allSettled(
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => store.update('items', 'crowd', { n }, 1)),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(VersionConflictError);
      expect((await store.get('items', 'crowd'))?.version).toBe(2);
    });

    it('starts a created document at a given version', async () => {
      const doc = (
        await store.commit([{ kind: 'create', collection: 'items', id: 'back', data: { n: 1 }, version: 7 }])
      )[0];
      expect(doc).toMatchObject({ version: 7 });
      expect((await store.update('items', 'back', { n: 2 }, 7)).version).toBe(8);
    });
  });

  describe('unique values', () => {
    const claim = (id: string, slug: string) =>
      store.commit([
        { kind: 'create', collection: 'pages', id, data: { slug }, unique: [{ field: 'slug', value: slug }] },
      ]);

    it('refuses a value another document of the collection has, naming it', async () => {
      await claim('p1', 'about');
      const err = await claim('p2', 'about').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UniqueConstraintError);
      expect(err).toMatchObject({ collection: 'pages', field: 'slug', value: 'about', holderId: 'p1' });
      expect(await store.get('pages', 'p2')).toBeNull();
      // Other collections are independent.
      await store.commit([
        {
          kind: 'create',
          collection: 'news',
          id: 'n1',
          data: { slug: 'about' },
          unique: [{ field: 'slug', value: 'about' }],
        },
      ]);
    });

    it('lets a document keep its own value and frees values it gives up or is deleted with', async () => {
      await claim('p1', 'about');
      await store.commit([
        {
          kind: 'update',
          collection: 'pages',
          id: 'p1',
          data: { slug: 'about', t: 1 },
          expectedVersion: 1,
          unique: [{ field: 'slug', value: 'about' }],
        },
      ]);
      await store.commit([
        {
          kind: 'update',
          collection: 'pages',
          id: 'p1',
          data: { slug: 'team' },
          expectedVersion: 2,
          unique: [{ field: 'slug', value: 'team' }],
        },
      ]);
      await claim('p2', 'about');
      await expect(claim('p3', 'team')).rejects.toBeInstanceOf(UniqueConstraintError);
      await store.delete('pages', 'p1');
      await claim('p3', 'team');
    });

    it('sees values of documents written without a unique precondition', async () => {
      await store.createMany([{ collection: 'pages', id: 'seeded', data: { slug: 'home' } }]);
      await expect(claim('p1', 'home')).rejects.toMatchObject({ holderId: 'seeded' });
      await store.update('pages', 'seeded', { slug: 'start' }, 1);
      await claim('p1', 'home');
    });

    it('refuses two claims of one value in one batch, and one of two concurrent claims', async () => {
      await expect(
        store.commit([
          {
            kind: 'create',
            collection: 'pages',
            id: 'a',
            data: { slug: 'x' },
            unique: [{ field: 'slug', value: 'x' }],
          },
          {
            kind: 'create',
            collection: 'pages',
            id: 'b',
            data: { slug: 'x' },
            unique: [{ field: 'slug', value: 'x' }],
          },
        ]),
      ).rejects.toMatchObject({ holderId: 'a' });
      expect(await store.count('pages')).toBe(0);
      const outcomes = await Promise.allSettled([claim('c', 'y'), claim('d', 'y')]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(
        UniqueConstraintError,
      );
      expect(await store.count('pages', [{ field: 'slug', op: '==', value: 'y' }])).toBe(1);
    });
  });

  describe('atomic batches', () => {
    it('applies writes in order and returns each document (null for deletes)', async () => {
      await store.create('items', { n: 1 }, { id: 'old' });
      const out = await store.commit([
        { kind: 'create', collection: 'items', id: 'new', data: { n: 1 } },
        { kind: 'update', collection: 'items', id: 'new', data: { n: 2 }, expectedVersion: 1 },
        { kind: 'delete', collection: 'items', id: 'old', expectedVersion: 1 },
        { kind: 'create', collection: 'log', data: { what: 'x' } },
      ]);
      expect(out[0]).toMatchObject({ id: 'new', version: 1 });
      expect(out[1]).toMatchObject({ id: 'new', version: 2, data: { n: 2 } });
      expect(out[2]).toBeNull();
      expect(out[3]?.id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(await store.get('items', 'new')).toMatchObject({ version: 2, data: { n: 2 } });
      expect(await store.get('items', 'old')).toBeNull();
      expect(await store.count('log')).toBe(1);
    });

    it('writes nothing when a precondition fails mid-batch', async () => {
      await store.create('items', { n: 1 }, { id: 'keep' });
      await store.create('pages', { slug: 'taken' }, { id: 'holder' });
      const events: ChangeEvent[] = [];
      store.onChange((e) => events.push(e));
      const attempts: Array<[Parameters<DocumentStore['commit']>[0], unknown]> = [
        [
          [
            { kind: 'create', collection: 'items', id: 'n1', data: {} },
            { kind: 'update', collection: 'items', id: 'keep', data: { n: 9 }, expectedVersion: 5 },
          ],
          VersionConflictError,
        ],
        [
          [
            { kind: 'delete', collection: 'items', id: 'keep' },
            { kind: 'update', collection: 'items', id: 'ghost', data: {}, expectedVersion: 1 },
          ],
          DocumentNotFoundError,
        ],
        [
          [
            { kind: 'update', collection: 'items', id: 'keep', data: { n: 2 }, expectedVersion: 1 },
            { kind: 'create', collection: 'items', id: 'keep', data: {} },
          ],
          DocumentExistsError,
        ],
        [
          [
            { kind: 'create', collection: 'items', id: 'n2', data: {} },
            {
              kind: 'create',
              collection: 'pages',
              id: 'p',
              data: { slug: 'taken' },
              unique: [{ field: 'slug', value: 'taken' }],
            },
          ],
          UniqueConstraintError,
        ],
      ];
      for (const [ops, error] of attempts) await expect(store.commit(ops)).rejects.toBeInstanceOf(error);
      await expect(
        store.createMany([
          { collection: 'items', id: 'n3', data: {} },
          { collection: 'items', id: 'keep', data: {} },
        ]),
      ).rejects.toBeInstanceOf(DocumentExistsError);
      expect(
        ids((await store.list('items', { orderBy: { fields: ['createdAt'], direction: 'asc' }, limit: 10 })).items),
      ).toEqual(['keep']);
      expect(await store.get('items', 'keep')).toMatchObject({ version: 1, data: { n: 1 } });
      expect(await store.count('pages')).toBe(1);
      expect(events).toEqual([]);
    });

    it('emits one change event per write after the batch, and stops when unsubscribed', async () => {
      const events: ChangeEvent[] = [];
      const off = store.onChange((e) => events.push(e));
      await store.createMany([
        { collection: 'items', id: 'a', data: {} },
        { collection: 'items', id: 'b', data: {} },
      ]);
      await store.update('items', 'a', { n: 1 }, 1);
      await store.delete('items', 'b');
      expect(events).toEqual([
        { collection: 'items', id: 'a', kind: 'create' },
        { collection: 'items', id: 'b', kind: 'create' },
        { collection: 'items', id: 'a', kind: 'update' },
        { collection: 'items', id: 'b', kind: 'delete' },
      ]);
      off();
      await store.delete('items', 'a');
      expect(events).toHaveLength(4);
    });
  });

  describe('filters', () => {
    beforeEach(async () => {
      await store.createMany(FILTER_DOCS.map((d) => ({ collection: 'items', ...d })));
    });
    const byN = { fields: ['n'], direction: 'asc' as const };
    const cases: Array<[string, ListQuery['where'], string[]]> = [
      ['==', [{ field: 'n', op: '==', value: 2 }], ['b']],
      ['== string', [{ field: 's', op: '==', value: 'c' }], ['c']],
      ['== null', [{ field: 's', op: '==', value: null }], ['e']],
      ['== boolean', [{ field: 'flag', op: '==', value: true }], ['a', 'c', 'd']],
      ['<=', [{ field: 'n', op: '<=', value: 2 }], ['a', 'b']],
      ['>=', [{ field: 'n', op: '>=', value: 4 }], ['d', 'e']],
      ['<', [{ field: 'n', op: '<', value: 3 }], ['a', 'b']],
      ['>', [{ field: 'n', op: '>', value: 3 }], ['d', 'e']],
      ['array-contains', [{ field: 'tags', op: 'array-contains', value: 'x' }], ['a', 'd']],
      [
        'is-null-or-<=',
        [{ field: 'at', op: 'is-null-or-<=', value: '2025-06-01T00:00:00.000Z' }],
        ['a', 'b', 'c', 'e'],
      ],
      [
        'several (AND)',
        [
          { field: 'tags', op: 'array-contains', value: 'y' },
          { field: 'n', op: '>', value: 1 },
        ],
        ['b'],
      ],
      [
        'range on two fields',
        [
          { field: 'n', op: '>=', value: 2 },
          { field: 'at', op: '<', value: '2026-01-01T00:00:00.000Z' },
        ],
        ['b', 'c'],
      ],
      [
        'is-null-or-<= with ==',
        [
          { field: 'flag', op: '==', value: false },
          { field: 'at', op: 'is-null-or-<=', value: '2030-01-01T00:00:00.000Z' },
        ],
        ['b', 'e'],
      ],
    ];
    it.each(cases)('%s', async (_name, where, expected) => {
      const page = await store.list('items', { where, orderBy: byN, limit: 10, withTotal: true });
      expect(ids(page.items)).toEqual(expected);
      expect(page.total).toBe(expected.length);
      expect(await store.count('items', where)).toBe(expected.length);
    });

    it('counts by state and publication time, after creates, updates and deletes', async () => {
      const at = (y: number) => `${y}-01-01T00:00:00.000Z`;
      await store.createMany(
        [
          ['p1', 'published', null],
          ['p2', 'published', at(2020)],
          ['p3', 'published', at(2030)],
          ['p4', 'draft', null],
          ['p5', 'draft', at(2020)],
        ].map(([id, status, publishedAt]) => ({ collection: 'posts', id: id!, data: { status, publishedAt } })),
      );
      const visible = [
        { field: 'status', op: '==' as const, value: 'published' },
        { field: 'publishedAt', op: 'is-null-or-<=' as const, value: at(2025) },
      ];
      const scheduled = [
        { field: 'status', op: '==' as const, value: 'published' },
        { field: 'publishedAt', op: '>' as const, value: at(2025) },
      ];
      const counts = async () => [
        await store.count('posts'),
        await store.count('posts', visible),
        await store.count('posts', scheduled),
        await store.count('posts', [{ field: 'status', op: '==', value: 'draft' }]),
      ];
      expect(await counts()).toEqual([5, 2, 1, 2]);
      await store.update('posts', 'p4', { status: 'published', publishedAt: null }, 1);
      await store.update('posts', 'p3', { status: 'published', publishedAt: at(2021) }, 1);
      await store.delete('posts', 'p1');
      expect(await counts()).toEqual([4, 3, 0, 1]);
      const page = await store.list('posts', {
        where: visible,
        orderBy: { fields: ['updatedAt'], direction: 'desc' },
        limit: 1,
        withTotal: true,
      });
      expect(page.total).toBe(3);
    });

    it('finds one document by equality, or null', async () => {
      expect((await store.findOne('items', [{ field: 's', op: '==', value: 'd' }]))?.id).toBe('d');
      expect(await store.findOne('items', [{ field: 's', op: '==', value: 'zz' }])).toBeNull();
      expect(
        (
          await store.findOne('items', [
            { field: 's', op: '==', value: 'b' },
            { field: 'at', op: 'is-null-or-<=', value: '2024-06-01T00:00:00.000Z' },
          ])
        )?.id,
      ).toBe('b');
    });

    it('breaks ties by range-filtered fields, then by id', async () => {
      await store.createMany(
        [
          ['t1', '2003'],
          ['t2', '2001'],
          ['t3', '2002'],
          ['t4', '2001'],
        ].map(([id, at]) => ({ collection: 'ties', id: id!, data: { group: 'g', at } })),
      );
      const page = await store.list('ties', {
        where: [{ field: 'at', op: '>=', value: '2000' }],
        orderBy: { fields: ['group'], direction: 'asc', collation: 'uk' },
        limit: 10,
      });
      expect(ids(page.items)).toEqual(['t2', 't4', 't3', 't1']);
      const plain = await store.list('ties', { orderBy: { fields: ['group'], direction: 'desc' }, limit: 10 });
      expect(ids(plain.items)).toEqual(['t4', 't3', 't2', 't1']);
    });
  });

  describe('order, pages and totals', () => {
    beforeEach(async () => {
      await store.createMany(
        UK_TITLES.map((title, i) => ({
          collection: 'news',
          id: `n${String(i).padStart(2, '0')}`,
          data: { title, rank: i % 3, summary: '' },
        })),
      );
    });

    it('sorts text in Ukrainian alphabetical order with the uk collation (Ґ after Г, Є after Е, І and Ї after И, apostrophes ignored)', async () => {
      const asc = await store.list<{ title: string }>('news', {
        orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' },
        limit: 100,
      });
      expect(asc.items.map((d) => d.data.title)).toEqual(UK_ORDER);
      const desc = await store.list<{ title: string }>('news', {
        orderBy: { fields: ['title'], direction: 'desc', collation: 'uk' },
        limit: 100,
      });
      expect(desc.items.map((d) => d.data.title)).toEqual([...UK_ORDER].reverse());
    });

    it('sorts by code point without the collation', async () => {
      const page = await store.list<{ title: string }>('news', {
        orderBy: { fields: ['title'], direction: 'asc' },
        limit: 100,
      });
      expect(page.items.map((d) => d.data.title)).toEqual(
        [...UK_TITLES].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
      );
    });

    it('continues after a cursor, ties broken by id, until the last page', async () => {
      const query: ListQuery = {
        orderBy: { fields: ['rank', 'title'], direction: 'asc', collation: 'uk' },
        limit: 5,
        withTotal: true,
      };
      const full = ids((await store.list('news', { ...query, limit: 100 })).items);
      const { pages, total } = await walk(store, 'news', query);
      expect(pages.map((p) => p.length)).toEqual([5, 5, 2]);
      expect(pages.flat()).toEqual(full);
      expect(total).toBe(12);
      const rankOnly = await walk(store, 'news', { orderBy: { fields: ['rank'], direction: 'desc' }, limit: 3 });
      expect(rankOnly.pages.flat()).toEqual([
        'n11',
        'n08',
        'n05',
        'n02',
        'n10',
        'n07',
        'n04',
        'n01',
        'n09',
        'n06',
        'n03',
        'n00',
      ]);
    });

    it('skips an offset (page numbers), and gives no cursor on the last page', async () => {
      const query: ListQuery = {
        orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' },
        limit: 4,
        offset: 8,
        withTotal: true,
      };
      const page = await store.list<{ title: string }>('news', query);
      expect(page.items.map((d) => d.data.title)).toEqual(UK_ORDER.slice(8, 12));
      expect(page.nextCursor).toBeNull();
      expect(page.total).toBe(12);
      const past = await store.list('news', { ...query, offset: 20 });
      expect(past.items).toEqual([]);
    });

    it('gives a late page (past the middle) with a cursor that continues like an early page', async () => {
      const query: ListQuery = {
        orderBy: { fields: ['rank', 'title'], direction: 'desc', collation: 'uk' },
        limit: 3,
        withTotal: true,
      };
      const full = ids((await store.list('news', { ...query, limit: 100 })).items);
      for (const offset of [2, 7, 9, 10, 11]) {
        const page = await store.list('news', { ...query, offset });
        expect(ids(page.items), `offset ${offset}`).toEqual(full.slice(offset, offset + 3));
        expect(page.total).toBe(12);
        if (offset + 3 >= 12) expect(page.nextCursor).toBeNull();
        else
          expect(ids((await store.list('news', { ...query, cursor: page.nextCursor! })).items)).toEqual(
            full.slice(offset + 3, offset + 6),
          );
      }
      expect((await store.list('news', { ...query, offset: 12 })).items).toEqual([]);
    });

    it('refuses cursors it did not make', async () => {
      const query: ListQuery = { orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' }, limit: 2 };
      for (const cursor of [
        '%%%',
        Buffer.from('[1,2,3,4]').toString('base64url'),
        Buffer.from('{"a":1}').toString('base64url'),
      ]) {
        await expect(store.list('news', { ...query, cursor })).rejects.toBeInstanceOf(InvalidCursorError);
      }
    });

    it('returns only the selected fields (missing ones null), and pages a projection', async () => {
      const query: ListQuery = {
        orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' },
        limit: 7,
        select: ['title', 'nothing'],
      };
      const first = await store.list('news', query);
      expect(first.items[0]).toMatchObject({ id: 'n11', version: 1, data: { title: 'apple', nothing: null } });
      expect(Object.keys(first.items[0]!.data as object).sort()).toEqual(['nothing', 'title']);
      expect(first.items[0]!.createdAt).toMatch(ISO);
      const second = await store.list<{ title: string }>('news', { ...query, cursor: first.nextCursor! });
      expect(second.items.map((d) => d.data.title)).toEqual(UK_ORDER.slice(7));
    });
  });

  describe('search', () => {
    beforeEach(async () => {
      const docs = [
        ['s1', 'Звіт про паводок', 'Весняна повінь на Дніпрі', 'published'],
        ['s2', 'ПАВОДОК у Карпатах', 'Прогноз на п’ятницю', 'draft'],
        ['s3', 'Кліматичні норми', 'Середні температури, опади', 'published'],
        ['s4', "Пам'ять про повінь 1969", 'Архів знімків', 'published'],
        ['s5', 'Weather report', 'Paводок? no, Latin P', 'published'],
        ['s6', 'Ґрунтові води', 'Рівень ґрунтових вод і паводок', 'published'],
      ];
      await store.createMany(
        docs.map(([id, title, summary, status]) => ({
          collection: 'news',
          id: id!,
          data: { title, summary, status, rank: Number(id!.slice(1)) % 2 },
        })),
      );
    });
    const search = (text: string, extra: Partial<ListQuery> = {}) =>
      store.list('news', {
        search: text,
        orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' },
        limit: 10,
        withTotal: true,
        ...extra,
      });

    it('matches every word, in any case, anywhere in a word, in title or summary', async () => {
      expect(ids((await search('паводок')).items)).toEqual(['s6', 's1', 's2']);
      expect(ids((await search('ПАВОД карпат')).items)).toEqual(['s2']);
      expect(ids((await search('EPOR')).items)).toEqual(['s5']);
      expect(ids((await search('вод ґрунт')).items)).toEqual(['s6']);
      expect(ids((await search('пов')).items)).toEqual(['s1', 's4']);
      expect(ids((await search('нічого такого')).items)).toEqual([]);
      expect((await search('нічого')).total).toBe(0);
    });

    it('treats apostrophe variants alike and finds one- and two-letter terms', async () => {
      expect(ids((await search('пам’ять')).items)).toEqual(['s4']);
      expect(ids((await search("п'ятн")).items)).toEqual(['s2']);
      expect(ids((await search('і')).items)).toEqual(['s6', 's1', 's3', 's4']);
      expect(ids((await search('19')).items)).toEqual(['s4']);
    });

    it('combines with filters, pages by cursor and offset, and counts every match', async () => {
      const filtered = await search('повінь паводок в', { where: [{ field: 'status', op: '==', value: 'published' }] });
      expect(ids(filtered.items)).toEqual(['s1']);
      const query: Partial<ListQuery> = {
        limit: 2,
        orderBy: { fields: ['rank', 'title'], direction: 'desc', collation: 'uk' },
      };
      const walked = await walk(store, 'news', { search: 'о', withTotal: true, ...query } as ListQuery);
      const all = ids((await search('о', { ...query, limit: 100 })).items);
      expect(walked.pages.flat()).toEqual(all);
      expect(walked.total).toBe(all.length);
      expect(all.length).toBe(6);
      expect(ids((await search('о', { ...query, offset: 2 })).items)).toEqual(all.slice(2, 4));
      const projected = await search('паводок', { select: ['title'] });
      expect(projected.items.map((d) => d.data)).toEqual([
        { title: 'Ґрунтові води' },
        { title: 'Звіт про паводок' },
        { title: 'ПАВОДОК у Карпатах' },
      ]);
    });
  });
});

describe('both backends return the same pages', () => {
  it('for a matrix of filters, sorts, cursors, offsets and searches', async () => {
    const opened = await Promise.all([sqliteBackend.open(), firestoreBackend.open()]);
    try {
      const words = [
        'Гідрологія',
        'гроза',
        'Ґрунт',
        'Єдність',
        'ера',
        'Іній',
        'їжа',
        'иній',
        "м'ята",
        'мята',
        'Zeta',
        'alpha',
      ];
      const docs = Array.from({ length: 40 }, (_, i) => ({
        collection: 'news',
        id: `d${String((i * 17) % 40).padStart(2, '0')}`,
        data: {
          title: `${words[i % words.length]} ${words[(i * 7) % words.length]}`,
          summary: i % 4 === 0 ? 'щорічний звіт' : 'новина',
          status: i % 3 === 0 ? 'draft' : 'published',
          publishedAt: i % 5 === 0 ? null : `2025-0${(i % 9) + 1}-01T00:00:00.000Z`,
          date: `2024-0${(i % 4) + 1}-1${i % 3}`,
          tags: i % 2 ? ['a'] : ['b', 'a'],
          order: i % 6,
        },
      }));
      for (const { store } of opened) await store.createMany(docs);
      const visible = [
        { field: 'status', op: '==' as const, value: 'published' },
        { field: 'publishedAt', op: 'is-null-or-<=' as const, value: '2025-05-01T00:00:00.000Z' },
      ];
      const queries: ListQuery[] = [
        { orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' }, limit: 7, withTotal: true },
        {
          orderBy: { fields: ['date'], direction: 'desc', collation: 'uk' },
          where: visible,
          limit: 6,
          withTotal: true,
        },
        {
          orderBy: { fields: ['order', 'title'], direction: 'asc', collation: 'uk' },
          where: [{ field: 'tags', op: 'array-contains', value: 'b' }],
          limit: 4,
          withTotal: true,
        },
        {
          orderBy: { fields: ['updatedAt'], direction: 'desc', collation: 'uk' },
          where: [{ field: 'publishedAt', op: '>', value: '2025-03-01T00:00:00.000Z' }],
          limit: 5,
          withTotal: true,
        },
        {
          orderBy: { fields: ['date'], direction: 'asc', collation: 'uk' },
          where: [{ field: 'date', op: '>=', value: '2024-02-01' }, ...visible],
          limit: 5,
          withTotal: true,
        },
        { orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' }, search: 'ін', limit: 3, withTotal: true },
        {
          orderBy: { fields: ['title'], direction: 'desc', collation: 'uk' },
          search: 'звіт Я',
          where: visible,
          limit: 2,
          withTotal: true,
        },
        {
          orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' },
          limit: 5,
          offset: 10,
          withTotal: true,
          select: ['title'],
        },
      ];
      for (const query of queries) {
        const [sqlite, firestore] = await Promise.all(opened.map(({ store }) => walk(store, 'news', query)));
        expect(firestore, JSON.stringify(query)).toEqual(sqlite);
        expect(await opened[1].store.count('news', query.where)).toBe(await opened[0].store.count('news', query.where));
      }
    } finally {
      await Promise.all(opened.map(({ dispose }) => dispose()));
    }
  });
});

describe('Firestore admin search reads a bounded number of documents', () => {
  it('reads its rarest gram’s candidates up to the bound, newest first, and says when it stopped there', async () => {
    const cap = 6;
    let reads = 0;
    const firestore = await firestoreBackend.open({ searchCandidates: cap, onRead: (n) => (reads += n) });
    const sqlite = await sqliteBackend.open();
    try {
      // 15 reports share every gram of «звіт»; only three of them name a flood, one of them a rare place.
      const docs = Array.from({ length: 15 }, (_, i) => ({
        collection: 'news',
        id: `r${String(i).padStart(2, '0')}`,
        data: {
          title: `Звіт ${i}${i % 5 === 0 ? ' про паводок' : ''}${i === 10 ? ' у Ворохті' : ''}`,
          status: 'draft',
        },
      }));
      for (const { store } of [firestore, sqlite]) for (const doc of docs) await store.create('news', doc.data, doc);
      const query = (search: string): ListQuery => ({
        search,
        orderBy: { fields: ['title'], direction: 'asc', collation: 'uk' },
        limit: 10,
        withTotal: true,
      });
      // A rare term: its gram has fewer candidates than the bound, so the result is SQLite's.
      for (const search of ['звіт ворохт', 'паводок звіт']) {
        const expected = await sqlite.store.list('news', query(search));
        const found = await firestore.store.list('news', query(search));
        expect({ ids: ids(found.items), total: found.total }, search).toEqual({
          ids: ids(expected.items),
          total: expected.total,
        });
        expect(expected.total).toBeGreaterThan(0);
        expect(found.partial).toBeUndefined();
      }
      // A term every document has: the bound's newest documents are searched, and the result says so.
      reads = 0;
      const broad = await firestore.store.list('news', query('звіт'));
      expect(broad.partial).toBe(true);
      expect(broad.total).toBe(cap);
      expect(ids(broad.items).sort()).toEqual(['r09', 'r10', 'r11', 'r12', 'r13', 'r14']);
      expect(reads).toBeLessThanOrEqual(cap + 1 + 10);
      expect((await sqlite.store.list('news', query('звіт'))).total).toBe(15);
    } finally {
      await Promise.all([firestore.dispose(), sqlite.dispose()]);
    }
  });
});
