import { describe, expect, it } from 'vitest';
import { adminListFieldsOf, isArrayField, listFieldsOf, richTextFieldsOf } from '../../src/shared/content/define';
import { registryIndexes, sortKeyFields } from '../../src/server/store/sqliteIndexes';
import { getInputSchema, listInputSchema } from '../../src/shared/content/listInput';
import { contentTypeList, contentTypes, findByAdminSection, getContentType } from '../../src/shared/content/registry';

const ADMIN_SECTIONS = [
  'Docs',
  'News',
  'Users',
  'Footer',
  'Header',
  'Journal',
  'Contacts',
  'DataRepo',
  'Trainings',
  'BookOrders',
  'Conferences',
  'Departments',
  'Developments',
  'Publications',
];

describe('content-type registry', () => {
  it('declares a type for every admin section of the spec (AuthUsers is accounts, not content)', () => {
    for (const section of ADMIN_SECTIONS) expect(findByAdminSection(section), section).toBeDefined();
  });

  it('keys every type by its own key, with Ukrainian labels', () => {
    for (const [key, type] of Object.entries(contentTypes)) {
      expect(type.key).toBe(key);
      expect(type.labels.plural).toMatch(/[А-ЯІЇЄҐа-яіїєґ]/);
    }
  });

  it('only names fields that exist in the schema', () => {
    for (const type of contentTypeList) {
      const fields = Object.keys(type.schema.shape);
      const named = [
        type.useAsTitle,
        ...type.defaultColumns,
        ...type.searchable,
        ...type.filters,
        ...type.fileFields,
        ...(type.rangeFields ?? []),
      ];
      if (type.slug) named.push(type.slug.field, type.slug.from);
      for (const r of type.relations) named.push(r.field);
      for (const f of named) expect(fields, `${type.key}.${f}`).toContain(f);
      for (const sort of Object.values(type.sorts))
        for (const f of sort.by) expect([...fields, 'createdAt', 'updatedAt'], `${type.key} sort ${f}`).toContain(f);
      for (const r of type.relations) expect(() => getContentType(r.to)).not.toThrow();
    }
  });

  it('keeps book orders and redirects away from visitors', () => {
    expect(contentTypes.bookOrders.isPublic).toBe(false);
    expect(contentTypes.redirects.isPublic).toBe(false);
  });

  it('applies defaults and normalises instants to UTC', () => {
    const news = contentTypes.news.schema.parse({ title: 'Новина', slug: 'novyna', date: '2026-03-23T10:00:00+02:00' });
    expect(news.status).toBe('draft');
    expect(news.date).toBe('2026-03-23T08:00:00.000Z');
    expect(news.attachments).toEqual([]);
  });

  it('refuses bad slugs with a Ukrainian message', () => {
    const result = contentTypes.news.schema.safeParse({
      title: 'Новина',
      slug: 'Нова Новина',
      date: '2026-03-23T10:00:00Z',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/латинські/);
  });

  it('accepts the legacy repository slugs only where declared', () => {
    const base = { title: 'Дані', status: 'published' };
    expect(contentTypes.dataRepo.schema.safeParse({ ...base, slug: 'ClimUAsd-stn.v2' }).success).toBe(true);
    expect(
      contentTypes.news.schema.safeParse({ ...base, slug: 'ClimUAsd-stn.v2', date: '2026-01-01T00:00:00Z' }).success,
    ).toBe(false);
  });

  it('refuses the version labels «.» and «..» (unreachable page addresses) in Ukrainian, and accepts «1,0»', () => {
    const base = { title: 'Дані', slug: 'dani', status: 'published' };
    const message = (data: Record<string, unknown>) =>
      contentTypes.dataRepo.schema.safeParse({ ...base, ...data }).error?.issues[0]?.message;
    expect(message({ datasetVersion: '.' })).toBe('Версія не може бути «.» або «..»');
    expect(message({ datasetVersion: '..' })).toBe('Версія не може бути «.» або «..»');
    expect(message({ versions: [{ version: '..', date: '2020-01-01' }] })).toBe('Версія не може бути «.» або «..»');
    expect(message({ datasetVersion: '1,0' })).toBeUndefined();
    expect(message({ datasetVersion: '...' })).toBeUndefined();
    expect(message({ datasetVersion: '.1' })).toBeUndefined();
  });

  it('refuses links that would leave the site or run script', () => {
    const link = (href: string) =>
      contentTypes.header.schema.safeParse({ siteName: 'УкрГМІ', menu: [{ label: 'x', href }] }).success;
    expect(link('/docs')).toBe(true);
    expect(link('https://climate.uhmi.org.ua')).toBe(true);
    expect(link('//evil.example')).toBe(false);
    expect(link('javascript:alert(1)')).toBe(false);
    const social = (url: string) =>
      contentTypes.footer.schema.safeParse({ social: [{ network: 'facebook', url }] }).success;
    expect(social('https://www.facebook.com/uhmi')).toBe(true);
    expect(social('javascript:alert(1)')).toBe(false);
  });

  it('knows array and rich-text fields', () => {
    expect(isArrayField(contentTypes.news, 'tags')).toBe(true);
    expect(isArrayField(contentTypes.news, 'title')).toBe(false);
    expect(richTextFieldsOf(contentTypes.news)).toEqual(['body']);
    expect(richTextFieldsOf(contentTypes.contacts)).toEqual([]);
  });
});

describe('list and get inputs', () => {
  const schema = listInputSchema(contentTypes.docs);

  it('accepts declared filters and sorts', () => {
    expect(schema.parse({ filter: { kind: 'order' }, sort: 'newest', page: 2 })).toMatchObject({ limit: 20, page: 2 });
  });

  it.each([
    [{ page: -1 }],
    [{ page: 0 }],
    [{ limit: 1000 }],
    [{ sort: 'random' }],
    [{ filter: { body: 'x' } }],
    [{ unknown: true }],
  ])('refuses %j', (input) => {
    expect(schema.safeParse(input).success).toBe(false);
  });

  it('refuses an over-long slug', () => {
    expect(getInputSchema.safeParse({ idOrSlug: 'a'.repeat(10_000) }).success).toBe(false);
  });
});

describe('list fields', () => {
  it('never puts a rich-text field into a public list unless the page shows it (/Trainings)', () => {
    for (const type of contentTypeList) {
      if (!type.isPublic || type.kind !== 'collection') continue;
      const fields = listFieldsOf(type);
      for (const f of fields) expect(f in type.schema.shape, `${type.key}.${f}`).toBe(true);
      if (type.key !== 'trainings')
        for (const rich of richTextFieldsOf(type)) expect(fields, `${type.key}`).not.toContain(rich);
    }
  });

  it('lets a list ask for some of its fields, and no others', () => {
    const schema = listInputSchema(contentTypes.news);
    expect(schema.parse({ fields: ['title', 'slug'] })).toMatchObject({ fields: ['title', 'slug'] });
    expect(schema.safeParse({ fields: ['body'] }).success).toBe(false);
    expect(schema.safeParse({ fields: [] }).success).toBe(false);
  });

  it('gives admin lists their columns and state, not bodies', () => {
    expect(adminListFieldsOf(contentTypes.news)).toEqual(['title', 'date', 'status', 'slug', 'publishedAt']);
  });
});

describe('SQLite registry indexes', () => {
  it('keeps sort keys for the sortable fields only, and names indexes stably', () => {
    const keys = sortKeyFields('news');
    expect(keys).not.toBe('*');
    expect([...(keys as Set<string>)]).toEqual(['date', 'status', 'title']);
    expect(sortKeyFields('_audit')).toBe('*');
    const indexes = registryIndexes();
    expect(new Set(indexes.map((i) => i.name)).size).toBe(indexes.length);
    expect(registryIndexes().map((i) => i.name)).toEqual(indexes.map((i) => i.name));
    for (const index of indexes) {
      expect(index.sql).toContain(`WHERE collection = '${index.collection}'`);
      expect(index.sql).not.toContain('uk_sort_key');
    }
  });
});
