/**
 * Issue 29 item 2: every search treats its input as text. Random strings (control characters, NUL,
 * lone surrogates, quotes, FTS5 operators, SQL) go to both stores' searches, the admin list's
 * (`list` with `search`) and the visitor search (SiteSearchService), and each answers a list,
 * never an error; a word typed next to such characters still finds its document.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentService } from '../../src/server/content/service';
import { SiteSearchService } from '../../src/server/search/service';
import type { DocumentStore } from '../../src/server/store/port';
import { contentTypes } from '../../src/shared/content/registry';
import { backends } from './stores';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const ISSUE_INPUT = '%_\\\u0000\'";DROP TABLE documents;--';

/** Pieces that mean something to FTS5, SQL, LIKE or JSON, and characters that are not text. */
const TRICKY = ['AND', 'OR', 'NOT', 'NEAR(', 'NEAR', ')', '(', '*', '^', '"', "'", ':', '-', '+', '%', '_', '\\'];
const NOT_TEXT = ['\u0000', '\u0001', '\u001f', '\u007f', '\ud800', '\udfff', '\ufeff', '\u200b', '\n', '\t'];
const WORDS = ['прогноз', 'погоди', 'abc', 'гідро', 'title', 'DROP', 'TABLE', 'documents', ';', '--'];

/** Strings built from the pieces above, any UTF-16 code unit (lone surrogates too), or any code point. */
const searchInput = fc.oneof(
  fc.array(fc.constantFrom(...TRICKY, ...NOT_TEXT, ...WORDS, ' '), { maxLength: 12 }).map((parts) => parts.join('')),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** Fixed cases the issue names: its exact string, operators alone, 10,000 characters. */
const NAMED_INPUTS = [
  ISSUE_INPUT,
  '"',
  '""',
  'NEAR(',
  'прогноз AND',
  'прогноз*',
  '^прогноз',
  'title:прогноз',
  '\u0000',
  '\ud800прогноз\udc00',
  'п'.repeat(10_000),
  `${'прогноз '.repeat(1250)}`,
  `${'\'";'.repeat(3334)}`,
];

function news(slug: string, title: string) {
  return contentTypes.news.schema.parse({
    title,
    slug,
    status: 'published',
    date: '2026-05-01T09:00:00.000Z',
    body: `<p>${title}</p>`,
  });
}

describe.each(backends)('search input is text: $name', (backend) => {
  let store: DocumentStore;
  let dispose: () => Promise<void>;
  let visitor: SiteSearchService;

  const adminSearch = (search: string) =>
    store.list<{ slug: string }>('news', {
      search,
      withTotal: true,
      limit: 20,
      orderBy: { fields: ['updatedAt'], direction: 'desc' },
    });

  beforeAll(async () => {
    ({ store, dispose } = await backend.open());
    visitor = new SiteSearchService(new ContentService(store, () => NOW));
    await store.create('news', news('forecast', 'Прогноз погоди на травень'));
    await store.create('news', news('quotes', `Цитата "title" 'AND' NEAR(x) * ^ : -- ; DROP TABLE documents`));
  });
  afterAll(async () => {
    await dispose();
  });

  it.each(NAMED_INPUTS.map((input) => [JSON.stringify(input.slice(0, 40)), input]))(
    'answers a list for %s',
    async (_name, input) => {
      const admin = await adminSearch(input);
      expect(Array.isArray(admin.items)).toBe(true);
      expect(admin.total).toBeGreaterThanOrEqual(admin.items.length);
      const site = await visitor.search(input);
      expect(site.total).toBeGreaterThanOrEqual(site.items.length);
    },
  );

  it('finds the document for its word whatever surrounds the word', async () => {
    expect((await adminSearch(ISSUE_INPUT)).items).toEqual([]);
    expect((await adminSearch(`\u0000прогноз\u0001погоди\ud800`)).items.map((d) => d.data.slug)).toEqual(['forecast']);
    expect((await adminSearch(`"title" NEAR(x)`)).items.map((d) => d.data.slug)).toEqual(['quotes']);
    expect((await visitor.search(`прогнозу\u0000 "погоди`)).items.map((h) => h.url)).toEqual(['/News/forecast']);
  });

  it('answers a list, never an error, for random strings (property)', async () => {
    await fc.assert(
      fc.asyncProperty(searchInput, async (input) => {
        const admin = await adminSearch(input);
        expect(admin.total).toBeGreaterThanOrEqual(admin.items.length);
        const site = await visitor.search(input);
        expect(site.total).toBeGreaterThanOrEqual(site.items.length);
      }),
      { numRuns: backend.name === 'sqlite' ? 300 : 60 },
    );
  });
});
