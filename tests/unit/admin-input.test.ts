import { describe, expect, it } from 'vitest';
import { adminBulkInput, adminDataSchema, adminListInputSchema, adminSortFields } from '../../src/shared/content/adminInput';
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
    expect(schema.parse({ status: 'scheduled', filter: { kind: 'order' }, sort: { field: 'date', direction: 'asc' }, search: 'наказ' })).toMatchObject({
      limit: 25,
    });
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
    expect(adminBulkInput.safeParse({ ids: Array.from({ length: 201 }, (_, i) => `id${i}`), action: 'delete' }).success).toBe(false);
    expect(adminBulkInput.safeParse({ ids: ['a'], action: 'archive' }).success).toBe(false);
    expect(adminBulkInput.safeParse({ ids: ['a', 'b'], action: 'unpublish' }).success).toBe(true);
  });

  it('declares the staff directory admin-only and everything else staff', () => {
    expect(contentTypes.users.access).toBe('admin');
    expect(contentTypes.news.access).toBeUndefined();
  });
});
