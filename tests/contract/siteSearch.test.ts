/**
 * The visitor search against both stores (SQLite's FTS5 index and Firestore's `_site` terms, the
 * emulator): Ukrainian word forms, ranking, pagination, visibility (drafts, scheduled, unpublished),
 * the placed types (a thesis under its conference), and the search service's highlighted parts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { ContentService } from '../../src/server/content/service';
import { SiteSearchService } from '../../src/server/search/service';
import { queryTerms } from '../../src/server/search/stem';
import type { DocumentStore } from '../../src/server/store/port';
import { siteSearchCollections } from '../../src/server/search/siteIndex';
import { conferenceData, newsData as news, thesisData } from '../support/contentData';
import { backends, firestoreBackend, sqliteBackend } from './stores';

const NOW = new Date('2026-06-01T12:00:00.000Z');

describe.each(backends)('visitor search: $name', (backend) => {
  let store: DocumentStore;
  let dispose: () => Promise<void>;
  let service: SiteSearchService;

  const search = (q: string, page = 1, limit?: number) => service.search(q, page, limit);
  const slugs = async (q: string) => (await search(q)).items.map((h) => h.url);

  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
    service = new SiteSearchService(new ContentService(store, () => NOW));
  });
  afterEach(async () => {
    await dispose();
  });

  it('finds other forms of a word: «прогнозу» finds «прогноз» and «прогнози»', async () => {
    await store.create('news', news('one', 'Новий прогноз', '<p>Текст.</p>'));
    await store.create('news', news('two', 'Звіт', '<p>Місячні <b>прогнози</b> опадів.</p>'));
    await store.create('news', news('three', 'Про клімат', '<p>Нічого про це.</p>'));
    expect((await slugs('прогнозу')).sort()).toEqual(['/News/one', '/News/two']);
    expect((await slugs('ПРОГНОЗІВ')).sort()).toEqual(['/News/one', '/News/two']);
    // Every word of the query must be there (in any of its forms).
    expect(await slugs('прогнозів опади')).toEqual(['/News/two']);
    expect(await slugs('прогноз снігу')).toEqual([]);
  });

  it('finds «ґрунт» by «грунт» and the other way round, and marks the word as written', async () => {
    await store.create('news', news('grunt', 'Вологість ґрунту', '<p>Запаси вологи в грунтах.</p>'));
    const [hit] = (await search('грунтові')).items;
    expect(hit?.title).toEqual([{ text: 'Вологість ' }, { text: 'ґрунту', mark: true }]);
    expect((await search('ґрунти')).items[0]?.snippet.filter((p) => p.mark).map((p) => p.text)).toEqual(['грунтах']);
  });

  it('ranks title matches above text matches and pages the hits', async () => {
    for (let i = 0; i < 5; i += 1)
      await store.create('news', news(`body-${i}`, `Повідомлення ${i}`, `<p>Тут згадано посуху ${i}.</p>`));
    await store.create('news', news('title', 'Посуха на півдні', '<p>Опис.</p>'));
    const first = await search('посухи', 1, 4);
    expect(first.total).toBe(6);
    expect(first.pageCount).toBe(2);
    expect(first.items[0]!.url).toBe('/News/title');
    expect(first.items).toHaveLength(4);
    const second = await search('посухи', 2, 4);
    expect(second.items).toHaveLength(2);
    const all = [...first.items, ...second.items].map((h) => h.url);
    expect(new Set(all).size).toBe(6);
    await expect(search('посухи', 3, 4)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('finds only what visitors may see: no drafts, nothing scheduled for later, nothing unpublished', async () => {
    await store.create('news', news('draft', 'Злива', '', { status: 'draft' }));
    await store.create('news', news('later', 'Злива пізніше', '', { publishedAt: '2026-07-01T00:00:00.000Z' }));
    await store.create('news', news('due', 'Злива раніше', '', { publishedAt: '2026-05-01T00:00:00.000Z' }));
    const shown = await store.create('news', news('shown', 'Злива сьогодні', ''));
    expect((await slugs('зливу')).sort()).toEqual(['/News/due', '/News/shown']);
    await store.update('news', shown.id, { ...shown.data, status: 'draft' }, shown.version);
    expect(await slugs('зливу')).toEqual(['/News/due']);
    await store.delete('news', (await store.findOne('news', [{ field: 'slug', op: '==', value: 'due' }]))!.id);
    expect(await slugs('зливу')).toEqual([]);
    // Types visitors never see are not searched at all.
    await store.create('bookOrders', {
      name: 'Злива',
      email: 'a@b.c',
      phone: '1',
      publicationId: 'x',
      quantity: 1,
      comment: '',
      organisation: '',
    });
    expect(await slugs('зливу')).toEqual([]);
  });

  it('links a thesis under its visible conference, with the type label and marked parts', async () => {
    const conf = await store.create('conferences', conferenceData('conf-a', 'Конференція'));
    await store.create(
      'theses',
      thesisData('thesis-a', 'Гомогенізація рядів', conf.id, {
        body: '<p>Методи гомогенізації &lt;script&gt; температурних рядів.</p>',
      }),
    );
    const result = await search('гомогенізацію');
    expect(result.items).toHaveLength(1);
    const hit = result.items[0]!;
    expect(hit).toMatchObject({ type: 'theses', typeLabel: 'Тези', url: '/conf/conf-a/thesis-a' });
    expect(hit.title).toEqual([{ text: 'Гомогенізація', mark: true }, { text: ' рядів' }]);
    expect(hit.snippet.filter((p) => p.mark).map((p) => p.text)).toEqual(['гомогенізації']);
    // The entity is plain text in the parts (the page escapes it when it renders).
    expect(hit.snippet.map((p) => p.text).join('')).toContain('<script>');
    // A thesis whose conference visitors cannot see is not linked.
    await store.update('conferences', conf.id, { ...conf.data, status: 'draft' }, conf.version);
    expect(await search('гомогенізацію')).toMatchObject({ total: 0, items: [] });
    // Published again, its theses are found again; a scheduled conference hides them until it is due.
    const hidden = (await store.get<Record<string, unknown>>('conferences', conf.id))!;
    await store.update(
      'conferences',
      conf.id,
      { ...hidden.data, status: 'published', publishedAt: '2026-07-01T00:00:00.000Z' },
      hidden.version,
    );
    expect((await search('гомогенізацію')).total).toBe(0);
    const scheduled = (await store.get<Record<string, unknown>>('conferences', conf.id))!;
    await store.update('conferences', conf.id, { ...scheduled.data, publishedAt: null }, scheduled.version);
    expect((await search('гомогенізацію')).items.map((h) => h.url)).toEqual(['/conf/conf-a/thesis-a']);
  });

  it('filters by type, counting, paging and showing only its hits, and counts the hits of every type', async () => {
    for (let i = 0; i < 3; i += 1) await store.create('news', news(`flood-${i}`, `Повінь ${i}`, '<p>Опис.</p>'));
    for (let i = 0; i < 2; i += 1)
      await store.create(
        'activities',
        contentTypes.activities.schema.parse({ title: `Моніторинг: повінь ${i}`, slug: `a-${i}`, status: 'published' }),
      );
    await store.create('news', news('other', 'Посуха', '<p>Опис.</p>'));
    const counts = [
      { type: 'news', label: 'Новини', count: 3 },
      { type: 'activities', label: 'Діяльність', count: 2 },
    ];
    const all = await search('повінь');
    expect(all).toMatchObject({ type: null, total: 5, allTotal: 5, types: counts });
    const activities = await service.search('повінь', 1, 10, 'activities');
    expect(activities).toMatchObject({ type: 'activities', total: 2, allTotal: 5, pageCount: 1, types: counts });
    expect(activities.items.map((h) => h.url).sort()).toEqual(['/activity/a-0', '/activity/a-1']);
    // The filter's hits are paged: 3 news, 2 a page.
    const first = await service.search('повінь', 1, 2, 'news');
    const second = await service.search('повінь', 2, 2, 'news');
    expect([first.pageCount, first.items.length, second.items.length]).toEqual([2, 2, 1]);
    expect(new Set([...first.items, ...second.items].map((h) => h.type))).toEqual(new Set(['news']));
    await expect(service.search('повінь', 3, 2, 'news')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // A type with no hits is kept in the counts (0) while chosen; unknown or unsearched types filter nothing.
    expect(await service.search('повінь', 1, 10, 'docs')).toMatchObject({ type: 'docs', total: 0, items: [] });
    expect((await service.search('повінь', 1, 10, 'docs')).types).toContainEqual({
      type: 'docs',
      label: 'Документи',
      count: 0,
    });
    for (const type of ['nonsense', 'bookOrders', ''])
      expect(await service.search('повінь', 1, 10, type)).toMatchObject({ type: null, total: 5, allTotal: 5 });
  });

  it('reads nothing for a query without words', async () => {
    expect(queryTerms(' … !!! ')).toEqual([]);
    expect(await search(' … !!! ')).toMatchObject({ total: 0, items: [] });
  });
});

describe('visitor search: Firestore reads a bounded number of documents', () => {
  /** News whose text names the drought `mentions` times in 12 words (equal lengths: more mentions rank higher). */
  const drought = (i: number, mentions: number) =>
    news(`n-${i}`, `Повідомлення ${i}`, `<p>${'посуха '.repeat(mentions)}${'дощ '.repeat(12 - mentions)}</p>`);

  it('reads at most the bound per collection however many documents match, and finds the best ones', async () => {
    const cap = 5;
    let reads = 0;
    const firestore = await firestoreBackend.open({ siteSearchCandidates: cap, onRead: (n) => (reads += n) });
    const sqlite = await sqliteBackend.open();
    try {
      const docs = [
        news('title', 'Посуха на півдні', '<p>Опис.</p>'),
        ...[...Array(12).keys()].map((i) => drought(i, i + 1)),
      ];
      for (const { store } of [firestore, sqlite]) for (const doc of docs) await store.create('news', doc);
      const searchOf = (store: DocumentStore) => new SiteSearchService(new ContentService(store, () => NOW));
      const expected = await searchOf(sqlite.store).search('посухи', 1, 4);
      expect(expected.total).toBe(13);
      expect(expected.items.map((h) => h.url)).toEqual(['/News/title', '/News/n-11', '/News/n-10', '/News/n-9']);
      // The best documents by the query's term are read first: the first page is SQLite's.
      const found = await searchOf(firestore.store).search('посухи', 1, 4);
      expect(found.items.map((h) => h.url)).toEqual(expected.items.map((h) => h.url));
      expect(found.total).toBe(cap);
      // The counts per type come from the same candidates: no extra reads.
      expect(found.types).toEqual([{ type: 'news', label: 'Новини', count: cap }]);
      const bound = cap * siteSearchCollections().length + cap + 4;
      expect(reads).toBeLessThanOrEqual(bound);
      // Twice as many matching documents: the same reads.
      for (let i = 12; i < 24; i += 1) await firestore.store.create('news', drought(i, 1));
      const before = reads;
      expect((await searchOf(firestore.store).search('посухи', 1, 4)).items[0]!.url).toBe('/News/title');
      expect(reads - before).toBe(cap + 4);
      // So does a search filtered by type (every collection is read for the counts).
      const filtered = reads;
      expect((await searchOf(firestore.store).search('посухи', 1, 4, 'news')).total).toBe(cap);
      expect(reads - filtered).toBe(cap + 4);
      // Another term narrows the candidates read by the longest one.
      expect((await searchOf(firestore.store).search('посуха півдні')).items.map((h) => h.url)).toEqual([
        '/News/title',
      ]);
    } finally {
      await Promise.all([firestore.dispose(), sqlite.dispose()]);
    }
  });
});

describe('visitor search: SQLite index of documents written before it existed', () => {
  it('is built when the store opens (and rebuilt when what is indexed changes)', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { openSqliteDatabase, SqliteDocumentStore } = await import('../../src/server/store/sqlite');
    const dir = mkdtempSync(path.join(tmpdir(), 'uhmi-site-search-'));
    const file = path.join(dir, 'store.sqlite');
    try {
      const first = new SqliteDocumentStore(await openSqliteDatabase(file));
      await first.create('news', news('old', 'Давній прогноз', ''));
      // As a database from before migration 0007: no entries and no signature.
      first.db.exec(
        "DELETE FROM site_search_docs; INSERT INTO site_search (site_search) VALUES ('delete-all'); DELETE FROM store_meta WHERE key = 'site_search';",
      );
      const before = await new SiteSearchService(new ContentService(first, () => NOW)).search('прогнози');
      expect(before.total).toBe(0);
      await first.close();
      const reopened = new SqliteDocumentStore(await openSqliteDatabase(file));
      const after = await new SiteSearchService(new ContentService(reopened, () => NOW)).search('прогнози');
      expect(after.items.map((h) => h.url)).toEqual(['/News/old']);
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
