/**
 * The sitemap and the Atom feeds against both stores (SQLite, the Firestore emulator): the same
 * published addresses with lastmod (a thesis under its visible conference, nothing unpublished), the
 * index of parts past the limit, and the feeds' newest entries.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentService } from '../../src/server/content/service';
import { NEWS_FEED, EVENTS_FEED, SiteFeeds } from '../../src/server/site/feeds';
import { Sitemap } from '../../src/server/site/sitemap';
import type { DocumentStore } from '../../src/server/store/port';
import { conferenceData, newsData, thesisData } from '../support/contentData';
import { backends } from './stores';

const ORIGIN = 'https://uhmi.example.org';
const NOW = new Date('2026-06-01T12:00:00.000Z');
const parser = new XMLParser({ isArray: (name) => ['url', 'sitemap', 'entry'].includes(name) });

const locs = (xml: string) =>
  ((parser.parse(xml) as { urlset: { url: Array<{ loc: string; lastmod: string }> } }).urlset.url ?? []).map(
    (u) => u.loc,
  );

describe.each(backends)('sitemap and feeds: $name', (backend) => {
  let store: DocumentStore;
  let dispose: () => Promise<void>;
  let content: ContentService;

  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
    content = new ContentService(store, () => NOW);
    const conf = await store.create('conferences', conferenceData('conf-a', 'Конференція'));
    const hidden = await store.create(
      'conferences',
      conferenceData('conf-b', 'Чернетка', { status: 'draft', startDate: '2026-04-22', endDate: '2026-04-23' }),
    );
    for (const [slug, conferenceId] of [
      ['t-a', conf.id],
      ['t-b', hidden.id],
    ] as const)
      await store.create('theses', thesisData(slug, slug, conferenceId));
    for (let i = 0; i < 5; i += 1)
      await store.create(
        'news',
        newsData(`n-${i}`, `Новина ${i}`, '<p><img src="/v0/b/x/o/a.png" alt=""></p>', {
          date: `2026-05-0${i + 1}T09:00:00.000Z`,
        }),
      );
    await store.create(
      'news',
      newsData('n-draft', 'Чернетка', '', { status: 'draft', date: '2026-05-09T09:00:00.000Z' }),
    );
    await store.create(
      'news',
      newsData('n-later', 'Пізніше', '', { publishedAt: '2026-07-01T00:00:00.000Z', date: '2026-05-10T09:00:00.000Z' }),
    );
  });
  afterEach(async () => {
    await dispose();
  });

  it('lists the published pages, a thesis only under its visible conference', async () => {
    const urls = locs(await new Sitemap(content, ORIGIN).root());
    const documents = urls.filter((u) => /\/(News|conf)\/./.test(u)).sort();
    expect(documents).toEqual(
      [
        ...['n-0', 'n-1', 'n-2', 'n-3', 'n-4'].map((s) => `${ORIGIN}/News/${s}`),
        `${ORIGIN}/conf/conf-a`,
        `${ORIGIN}/conf/conf-a/t-a`,
      ].sort(),
    );
    expect(urls).toContain(`${ORIGIN}/`);
    expect(urls).toContain(`${ORIGIN}/News`);
  });

  it('becomes an index of parts past the limit, the parts holding every address once', async () => {
    const sitemap = new Sitemap(content, ORIGIN, 4);
    const all = locs(await new Sitemap(content, ORIGIN).root());
    const index = parser.parse(await sitemap.root()) as { sitemapindex: { sitemap: Array<{ loc: string }> } };
    const parts = index.sitemapindex.sitemap.map((s) => s.loc);
    expect(parts).toHaveLength(Math.ceil((all.length + 1) / 4)); // the hidden conference's thesis is counted, not listed
    const listed: string[] = [];
    for (let n = 1; n <= parts.length; n += 1) listed.push(...locs((await sitemap.part(n))!));
    expect(listed.sort()).toEqual(all.sort());
    expect(await sitemap.part(parts.length + 1)).toBeNull();
  });

  it('feeds the newest visible news and events with absolute addresses', async () => {
    const feeds = new SiteFeeds(content, ORIGIN);
    const news = parser.parse(await feeds.atom(NEWS_FEED)) as {
      feed: { entry: Array<{ id: string; content: string }> };
    };
    expect(news.feed.entry.map((e) => e.id)).toEqual(
      ['n-4', 'n-3', 'n-2', 'n-1', 'n-0'].map((s) => `${ORIGIN}/News/${s}`),
    );
    expect(news.feed.entry[0]!.content).toContain(`src="${ORIGIN}/v0/b/x/o/a.png"`);
    const events = parser.parse(await feeds.atom(EVENTS_FEED)) as { feed: { entry: Array<{ id: string }> } };
    expect(events.feed.entry.map((e) => e.id)).toEqual([`${ORIGIN}/conf/conf-a`]);
  });
});
