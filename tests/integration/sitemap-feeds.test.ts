/**
 * The sitemap, robots.txt and the Atom feeds on the real server (embedded, seeded): the sitemap
 * holds exactly the published pages (every one of which opens), each with lastmod; unpublishing
 * removes a page and publishing adds one (through the page cache); past the limit it becomes an
 * index of parts; the feeds parse and hold the newest news and events with absolute addresses.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetVersionPath } from '../../src/shared/content/datasetVersions';
import { contentTypes } from '../../src/shared/content/registry';
import { startTestServer, trpc, type TestServer } from './helpers';
import { SECTION_PAGES } from '../support/sitePages';

const ORIGIN = 'https://uhmi.example.org';
const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['url', 'sitemap', 'entry', 'link', 'category'].includes(name),
});

let server: TestServer;

interface UrlEntry {
  loc: string;
  lastmod?: string;
}

async function sitemapUrls(s: TestServer, path = '/sitemap.xml'): Promise<UrlEntry[]> {
  const res = await s.get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  const doc = parser.parse(res.body) as { urlset?: { url: UrlEntry[] } };
  expect(doc.urlset, path).toBeDefined();
  return doc.urlset!.url;
}

/** Every visible document of a public list procedure (walking its pages). */
async function listAll(
  procedure: string,
  input: Record<string, unknown> = {},
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page += 1) {
    const answer = await trpc(server, 'query', procedure, { ...input, limit: 100, page });
    const data = answer.data as { items: Array<Record<string, unknown>>; pageCount: number };
    out.push(...data.items);
    if (page >= data.pageCount) return out;
  }
}

/** The published pages of the seed, from the public API and the site's address patterns. */
async function publishedPages(): Promise<string[]> {
  const paths: string[] = ['/', ...SECTION_PAGES];
  const folders: Record<string, string> = {
    news: '/News',
    docs: '/docs',
    journal: '/journal',
    activities: '/activity',
    developments: '/Developments',
    dataRepo: '/data_repo',
    departments: '/Departments',
    publications: '/publications',
  };
  for (const [procedure, folder] of Object.entries(folders))
    for (const d of await listAll(`${procedure}.list`)) paths.push(`${folder}/${String(d.slug)}`);
  for (const conf of await listAll('conferences.list')) {
    paths.push(`/conf/${String(conf.slug)}`);
    for (const t of await listAll('theses.list', { filter: { conferenceId: conf.id } }))
      paths.push(`/conf/${String(conf.slug)}/${String(t.slug)}`);
  }
  // Each dataset's version pages (issue 28), the current version's too.
  for (const d of await listAll('dataRepo.list')) {
    const full = (await trpc(server, 'query', 'dataRepo.get', { idOrSlug: d.slug })).data as {
      versions: Array<{ version: string }>;
    };
    for (const v of full.versions) paths.push(datasetVersionPath(String(d.slug), v.version));
  }
  for (const p of await listAll('pages.list'))
    paths.push(p.slug === 'msg-tethys' ? '/msg/tethys' : `/${String(p.slug)}`);
  return paths.map((p) => ORIGIN + p).sort();
}

function news(slug: string, title: string, extra: Record<string, unknown> = {}) {
  return contentTypes.news.schema.parse({
    title,
    slug,
    status: 'published',
    date: '2027-01-15T09:00:00.000Z',
    body: '<p>Текст з <a href="/News">посиланням</a>.</p>',
    ...extra,
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

describe('/sitemap.xml', () => {
  it('lists exactly the published pages, each with lastmod, and each of them opens', async () => {
    const urls = await sitemapUrls(server);
    expect(urls.map((u) => u.loc).sort()).toEqual(await publishedPages());
    expect(urls.length).toBeGreaterThan(50);
    for (const u of urls) {
      expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      const res = await server.get(u.loc.slice(ORIGIN.length));
      expect(res.status, u.loc).toBe(200);
    }
  });

  it('drops a page when it is unpublished and adds one when it is published (the cached sitemap is replaced)', async () => {
    const before = (await sitemapUrls(server)).map((u) => u.loc);
    expect((await server.get('/sitemap.xml')).headers['x-page-cache']).toBe('hit');
    const doc = (await server.store.findOne<Record<string, unknown>>('docs', [
      { field: 'status', op: '==', value: 'published' },
    ]))!;
    const loc = `${ORIGIN}/docs/${String(doc.data.slug)}`;
    expect(before).toContain(loc);
    await server.store.update('docs', doc.id, { ...doc.data, status: 'draft' }, doc.version);
    const without = (await sitemapUrls(server)).map((u) => u.loc);
    expect(without).not.toContain(loc);
    expect(without).toHaveLength(before.length - 1);

    const created = await server.store.create('news', news('sitemap-new', 'Свіжа новина для карти сайту'));
    const withNew = await sitemapUrls(server);
    const entry = withNew.find((u) => u.loc === `${ORIGIN}/News/sitemap-new`);
    expect(entry?.lastmod).toBe(created.updatedAt);
    await server.store.update('docs', doc.id, { ...doc.data, status: 'published' }, doc.version + 1);
  });

  it('leaves scheduled documents out until they are due', async () => {
    await server.store.create(
      'news',
      news('sitemap-later', 'Заплановано', { publishedAt: '2099-01-01T00:00:00.000Z' }),
    );
    expect((await sitemapUrls(server)).map((u) => u.loc)).not.toContain(`${ORIGIN}/News/sitemap-later`);
  });
});

describe('dataset version pages in the sitemap', () => {
  it('lists them at their canonical address (a label «1,0» as 1%2C0), each answering 200, not a redirect', async () => {
    await server.store.create(
      'dataRepo',
      contentTypes.dataRepo.schema.parse({
        title: 'Набір з десятковою комою у версії',
        slug: 'comma-version',
        status: 'published',
        summary: 'Версії з комою та амперсандом.',
        datasetVersion: '1,0',
        versions: [{ version: 'a&b=c', date: '2020-01-01' }],
      }),
    );
    const locs = (await sitemapUrls(server)).map((u) => u.loc).filter((l) => l.includes('/comma-version/v/'));
    expect(locs.sort()).toEqual([
      `${ORIGIN}/data_repo/comma-version/v/1%2C0`,
      `${ORIGIN}/data_repo/comma-version/v/a%26b%3Dc`,
    ]);
    for (const loc of locs) {
      const res = await server.get(loc.slice(ORIGIN.length));
      expect(res.status, loc).toBe(200);
    }
  });
});

describe('sitemap index past the limit', () => {
  let small: TestServer;
  beforeAll(async () => {
    small = await startTestServer({}, { sitemapLimit: 10 });
  });
  afterAll(async () => {
    await small?.dispose();
  });

  it('is an index of /sitemap-N.xml parts of at most the limit, together holding every page once', async () => {
    const res = await small.get('/sitemap.xml');
    const index = parser.parse(res.body) as { sitemapindex?: { sitemap: Array<{ loc: string }> } };
    expect(index.sitemapindex).toBeDefined();
    const parts = index.sitemapindex!.sitemap.map((s) => s.loc);
    expect(parts[0]).toBe(`${ORIGIN}/sitemap-1.xml`);
    const all: string[] = [];
    for (const [i, part] of parts.entries()) {
      expect(part).toBe(`${ORIGIN}/sitemap-${i + 1}.xml`);
      const urls = await sitemapUrls(small, part.slice(ORIGIN.length));
      expect(urls.length).toBeLessThanOrEqual(10);
      expect(urls.length).toBeGreaterThan(0);
      all.push(...urls.map((u) => u.loc));
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(10 * (parts.length - 1));
    expect(all).toContain(`${ORIGIN}/`);
    expect((await small.get(`/sitemap-${parts.length + 1}.xml`)).status).toBe(404);
    expect((await small.get('/sitemap-0.xml')).status).toBe(404);
    // Below the limit there are no parts.
    expect((await server.get('/sitemap-1.xml')).status).toBe(404);
  });
});

describe('/robots.txt', () => {
  it('names the sitemap by its absolute address and keeps crawlers out of /edit/ and /api/', async () => {
    const res = await server.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Disallow: /edit/');
    expect(lines).toContain('Disallow: /api/');
    // What signposting's describedby links name stays fetchable.
    expect(lines).toEqual(expect.arrayContaining(['Allow: /api/cite/', 'Allow: /api/datacite/']));
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

interface AtomEntry {
  title: string | { '#text': string };
  id: string;
  link: Array<{ '@_href': string }>;
  updated: string;
  content?: string | { '#text': string };
  category?: Array<{ '@_term': string }>;
}

async function feed(path: string): Promise<{ title: string; entries: AtomEntry[]; self: string }> {
  const res = await server.get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
  const doc = parser.parse(res.body) as {
    feed: { title: string; entry?: AtomEntry[]; link: Array<{ '@_rel': string; '@_href': string }> };
  };
  return {
    title: doc.feed.title,
    entries: doc.feed.entry ?? [],
    self: doc.feed.link.find((l) => l['@_rel'] === 'self')!['@_href'],
  };
}

const text = (v: string | { '#text': string } | undefined) => (typeof v === 'object' ? v['#text'] : (v ?? ''));

describe('Atom feeds', () => {
  it('links both feeds from every page', async () => {
    for (const path of ['/', '/News', '/Contacts']) {
      const html = (await server.get(path)).body;
      expect(html).toContain(
        `<link rel="alternate" type="application/atom+xml" title="Новини УкрГМІ" href="${ORIGIN}/feeds/news.atom">`,
      );
      expect(html).toContain(
        `<link rel="alternate" type="application/atom+xml" title="Навчання та конференції УкрГМІ" href="${ORIGIN}/feeds/events.atom">`,
      );
    }
  });

  it('news: the newest published news, newest first, with absolute addresses, and a new item once it is published', async () => {
    const newest = (await trpc(server, 'query', 'news.list', { limit: 20 })).data as {
      items: Array<{ title: string; slug: string }>;
    };
    const before = await feed('/feeds/news.atom');
    expect(before.self).toBe(`${ORIGIN}/feeds/news.atom`);
    expect(before.entries.map((e) => text(e.title))).toEqual(newest.items.map((n) => n.title));
    for (const e of before.entries) {
      expect(e.id).toMatch(new RegExp(`^${ORIGIN}/News/`));
      expect(e.link[0]!['@_href']).toBe(e.id);
    }
    await server.store.create('news', news('feed-new', 'Новина для стрічки', { date: '2099-01-01T00:00:00.000Z' }));
    const after = await feed('/feeds/news.atom');
    expect(text(after.entries[0]!.title)).toBe('Новина для стрічки');
    expect(after.entries[0]!.id).toBe(`${ORIGIN}/News/feed-new`);
    expect(text(after.entries[0]!.content)).toContain(`href="${ORIGIN}/News"`);
  });

  it('events: trainings and conferences, each linked to its page', async () => {
    const events = await feed('/feeds/events.atom');
    const terms = new Set(events.entries.map((e) => e.category?.[0]?.['@_term']));
    expect(terms).toEqual(new Set(['trainings', 'conferences']));
    const conferences = (await trpc(server, 'query', 'conferences.list', { limit: 20 })).data as {
      items: Array<{ title: string; slug: string }>;
    };
    for (const c of conferences.items) {
      const entry = events.entries.find((e) => e.id === `${ORIGIN}/conf/${c.slug}`);
      expect(text(entry?.title), c.slug).toBe(c.title);
    }
    for (const e of events.entries.filter((x) => x.category?.[0]?.['@_term'] === 'trainings'))
      expect(e.id).toMatch(new RegExp(`^${ORIGIN}/Trainings/[^/#]+$`));
  });
});
