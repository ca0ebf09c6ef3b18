import { describe, expect, it } from 'vitest';
import {
  adminBulkInput,
  adminDataSchema,
  adminListInputSchema,
  adminSortFields,
} from '../../src/shared/content/adminInput';
import { listInputSchema } from '../../src/shared/content/listInput';
import { contentTypes } from '../../src/shared/content/registry';
import { normaliseSearchText, searchTerms, searchTextOf } from '../../src/shared/content/search';

describe('admin search text', () => {
  it('folds case in Cyrillic, unlike SQLite lower()', () => {
    expect(normaliseSearchText('  ГІДРОЛОГІЯ   Їжак Ґанок ')).toBe('гідрологія їжак ґанок');
    expect(normaliseSearchText('Мар’їне')).toBe(normaliseSearchText("мар'їне"));
  });

  it('splits a query into normalised terms', () => {
    expect(searchTerms('  Кліматичні  ДАНІ ')).toEqual(['кліматичні', 'дані']);
    expect(searchTerms('')).toEqual([]);
  });

  it("indexes only a type's searchable fields", () => {
    const text = searchTextOf(contentTypes.news, { title: 'Новина ПРО Погоду', summary: 'Опис', body: '<p>тіло</p>' });
    expect(text).toBe('новина про погоду опис');
    expect(searchTextOf(undefined, { title: 'x' })).toBe('');
  });
});

describe('admin inputs', () => {
  it('lets the slug be empty or missing (it is generated) but checks a given one', () => {
    const schema = adminDataSchema(contentTypes.news);
    const base = { title: 'Новина', date: '2026-03-23T10:00:00+02:00' };
    expect(schema.safeParse(base).success).toBe(true);
    expect(schema.safeParse({ ...base, slug: '' }).success).toBe(true);
    expect(schema.safeParse({ ...base, slug: '  ' }).success).toBe(true);
    expect(schema.safeParse({ ...base, slug: 'nova-novyna' }).success).toBe(true);
    expect(schema.safeParse({ ...base, slug: 'Нова новина' }).success).toBe(false);
  });

  it('accepts the declared filters, list columns and timestamps as sorts, and the three states', () => {
    const schema = adminListInputSchema(contentTypes.docs);
    expect(adminSortFields(contentTypes.docs)).toEqual(['title', 'kind', 'date', 'status', 'createdAt', 'updatedAt']);
    expect(schema.parse(undefined)).toEqual({ limit: 25 });
    // A search takes any combination (it is filtered and paged in memory).
    expect(
      schema.parse({
        status: 'scheduled',
        filter: { kind: 'order' },
        sort: { field: 'date', direction: 'asc' },
        search: 'наказ',
      }),
    ).toMatchObject({
      limit: 25,
    });
    expect(schema.parse({ status: 'draft' })).toMatchObject({ status: 'draft' });
    expect(schema.parse({ sort: { field: 'date', direction: 'asc' } })).toMatchObject({
      sort: { field: 'date', direction: 'asc' },
    });
    expect(schema.parse({ filter: { kind: 'order' } })).toMatchObject({ filter: { kind: 'order' } });
  });

  // Issue 12: each combination needs its own Firestore indexes; the admin screens ask for these only.
  it.each([
    [{ status: 'published', sort: { field: 'title', direction: 'asc' } }, 'лише за датою зміни'],
    [{ status: 'draft', sort: { field: 'updatedAt', direction: 'asc' } }, 'лише за датою зміни'],
    [{ status: 'draft', filter: { kind: 'order' } }, 'не поєднується'],
    [{ filter: { kind: 'order' }, sort: { field: 'title', direction: 'asc' } }, 'впорядковується лише'],
  ])('refuses the combination %j with a clear message', (input, message) => {
    const result = adminListInputSchema(contentTypes.docs).safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain(message);
  });

  it.each([
    [{ limit: 0 }],
    [{ limit: 101 }],
    [{ sort: { field: 'body', direction: 'asc' } }],
    [{ filter: { body: 'x' } }],
    [{ status: 'archived' }],
    [{ search: 'x'.repeat(201) }],
    [{ page: 2 }],
  ])('refuses the list input %j', (input) => {
    expect(adminListInputSchema(contentTypes.docs).safeParse(input).success).toBe(false);
  });

  it('takes 1 to 200 ids for a bulk action', () => {
    expect(adminBulkInput.safeParse({ ids: [], action: 'publish' }).success).toBe(false);
    expect(
      adminBulkInput.safeParse({ ids: Array.from({ length: 201 }, (_, i) => `id${i}`), action: 'delete' }).success,
    ).toBe(false);
    expect(adminBulkInput.safeParse({ ids: ['a'], action: 'archive' }).success).toBe(false);
    expect(adminBulkInput.safeParse({ ids: ['a', 'b'], action: 'unpublish' }).success).toBe(true);
  });

  it('declares the staff directory admin-only and everything else staff', () => {
    expect(contentTypes.users.access).toBe('admin');
    expect(contentTypes.news.access).toBeUndefined();
  });
});

describe('public list combinations (issue 12: each needs its own Firestore indexes)', () => {
  it('takes one filter in the default order, or a date range in any named order', () => {
    const trainings = listInputSchema(contentTypes.trainings);
    expect(trainings.safeParse({ filter: { format: 'online' } }).success).toBe(true);
    expect(trainings.safeParse({ sort: 'newest', range: { field: 'endDate', lte: '2026-01-01' } }).success).toBe(true);
    expect(
      listInputSchema(contentTypes.theses).safeParse({ filter: { conferenceId: 'c' }, sort: 'programme' }).success,
    ).toBe(true);
  });

  it.each([
    ['publications', { filter: { kind: 'article', year: 2024 } }, 'лише за одним полем'],
    [
      'trainings',
      { filter: { format: 'online' }, range: { field: 'endDate', gte: '2026-01-01' } },
      'не поєднується з діапазоном',
    ],
    ['theses', { filter: { conferenceId: 'c' }, sort: 'title' }, 'впорядковується лише типово'],
  ] as const)('%s refuses %j with a clear message', (key, input, message) => {
    const result = listInputSchema(contentTypes[key]).safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toContain(message);
  });
});
