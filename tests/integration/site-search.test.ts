/**
 * The visitor search on the real server (embedded SQLite, seeded): the header's GET form on every
 * page, /search with Ukrainian word forms, counts, highlighted and escaped snippets, pages, drafts
 * left out, the page cache dropping results when content is published, and the OpenSearch
 * description linked from every page's head. (Both stores' search: tests/contract/siteSearch.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { newsData as news } from '../support/contentData';
import { startTestServer, textOf, type TestServer } from './helpers';

let server: TestServer;

const q = (query: string, extra = '') => `/search?q=${encodeURIComponent(query)}${extra}`;
/** The page's HTML without the JSON data block (so assertions see what is rendered). */
const rendered = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.dispose();
});

describe('the search form', () => {
  it('is a GET form to /search in the header of every page, usable without JavaScript', async () => {
    for (const path of ['/', '/News', '/Contacts', '/search']) {
      const html = rendered((await server.get(path)).body);
      const form = /<form[^>]*role="search"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
      expect(form, path).toMatch(/method="get"/);
      expect(form).toMatch(/action="\/search"/);
      expect(form).toMatch(/<label for="([^"]+)"[^>]*>Пошук по сайту<\/label>/);
      const id = /<label for="([^"]+)"/.exec(form)![1]!;
      expect(form).toContain(`id="${id}"`);
      expect(form).toMatch(/<input[^>]*name="q"/);
      expect(textOf(/<button type="submit">[\s\S]*?<\/button>/.exec(form)?.[0] ?? '')).toBe(' Знайти ');
    }
  });

  it('shows the query on the results page', async () => {
    const html = rendered((await server.get(q('прогнозу'))).body);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="прогнозу"|<input[^>]*value="прогнозу"[^>]*name="q"/);
  });
});

describe('/search', () => {
  it('asks for words when there is no query', async () => {
    const res = await server.get('/search');
    expect(res.status).toBe(200);
    expect(textOf(rendered(res.body))).toContain('Пошук');
    expect(rendered(res.body)).not.toContain('<mark>');
  });

  it('finds «клімат» typed with a Latin «i» as it finds it typed right', async () => {
    const count = async (query: string) =>
      Number(/Знайдено результатів: (\d+)/.exec(textOf(rendered((await server.get(q(query))).body)))?.[1] ?? 0);
    const right = await count('клімат');
    expect(right).toBeGreaterThan(0);
    expect(await count('клiмат')).toBe(right);
  });

  it('finds the seed’s «прогноз», «прогнози», «прогнозів» for «прогнозу», with the count, type labels and marks', async () => {
    const res = await server.get(q('прогнозу'));
    expect(res.status).toBe(200);
    const html = rendered(res.body);
    expect(html).toMatch(/<h1>Пошук<\/h1>/);
    const total = Number(/Знайдено результатів: (\d+)/.exec(textOf(html))?.[1]);
    expect(total).toBeGreaterThan(1);
    const marks = [...html.matchAll(/<mark>([^<]+)<\/mark>/g)].map((m) => m[1]!.toLowerCase());
    expect(marks.length).toBeGreaterThan(1);
    for (const mark of marks) expect(mark).toMatch(/^прогноз/);
    expect(new Set(marks).size).toBeGreaterThan(1); // several forms of the word
    expect(html).toMatch(/<p class="search-type">(Підрозділ|Новина|Документ|Сторінка|Публікація)<\/p>/);
  });

  it('says «Нічого не знайдено» when nothing matches', async () => {
    const res = await server.get(q('квазібрязкальце'));
    expect(res.status).toBe(200);
    expect(textOf(rendered(res.body))).toContain('Нічого не знайдено');
  });

  it('escapes what documents hold: a title with <script> cannot inject', async () => {
    await server.store.create(
      'news',
      news(
        'xss',
        '<script>alert("x")</script> Торнадо <b>жирний</b>',
        '<p>Торнадо &lt;img src=x onerror=alert(1)&gt; пройшло.</p>',
      ),
    );
    const res = await server.get(q('торнадо'));
    const html = rendered(res.body);
    // Text is escaped as HTML requires: `&` and `<` always (`>` and quotes need no escape outside attributes).
    const gt = '(?:>|&gt;)';
    const quote = '(?:"|&quot;)';
    expect(html).toMatch(
      new RegExp(
        `&lt;script${gt}alert\\(${quote}x${quote}\\)&lt;/script${gt} <mark>Торнадо</mark> &lt;b${gt}жирний&lt;/b${gt}`,
      ),
    );
    expect(html).toMatch(/&lt;img src=x onerror=alert\(1\)(?:>|&gt;)/);
    expect(res.body).not.toMatch(/<script>alert|<img src=x|<b>жирний/);
  });

  it('pages the hits, leaves drafts out and shows what is published next (the page cache drops the results)', async () => {
    const first = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        server.store.create('news', news(`smerch-${i}`, `Смерч ${i}`, '<p>Опис.</p>')),
      ),
    );
    await server.store.create('news', news('smerch-draft', 'Смерч чернетка', '', { status: 'draft' }));
    const one = await server.get(q('смерчі'));
    expect(textOf(rendered(one.body))).toContain('Знайдено результатів: 12');
    expect(rendered(one.body).match(/class="search-result"/g)).toHaveLength(10);
    expect(one.body).toContain(`href="/search?q=${encodeURIComponent('смерчі')}&amp;page=2"`);
    expect(rendered(one.body)).not.toContain('чернетка');
    const two = await server.get(q('смерчі', '&page=2'));
    expect(rendered(two.body).match(/class="search-result"/g)).toHaveLength(2);
    expect((await server.get(q('смерчі', '&page=3'))).status).toBe(404);

    expect((await server.get(q('смерчі'))).headers['x-page-cache']).toBe('hit');
    await server.store.create('news', news('smerch-new', 'Новий смерч', ''));
    const after = await server.get(q('смерчі'));
    expect(after.headers['x-page-cache']).toBe('miss');
    expect(textOf(rendered(after.body))).toContain('Знайдено результатів: 13');
    expect(first).toHaveLength(12);
  });

  it('searches an overlong query by its first 200 characters', async () => {
    const res = await server.get(q(`смерчі${' '.repeat(200)}${'неіснуючеслово'.repeat(700)}`));
    expect(res.status).toBe(200);
    expect(textOf(rendered(res.body))).toMatch(/Знайдено результатів: \d+/);
  });
});

describe('/search with a type filter', () => {
  const word = 'цунамі';
  /** The filter row's links: text, address and whether it is the current one. */
  const filterLinks = (html: string) => {
    const nav = /<nav[^>]*aria-label="Тип результатів"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
    return [...nav.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => ({
      text: textOf(m[2]!).trim(),
      href: /href="([^"]*)"/.exec(m[1]!)![1]!.replace(/&amp;/g, '&'),
      current: m[1]!.includes('aria-current="page"'),
    }));
  };
  const count = (html: string) => Number(/Знайдено результатів: (\d+)/.exec(textOf(html))?.[1]);
  const types = (html: string) => [...html.matchAll(/<p class="search-type">([^<]+)<\/p>/g)].map((m) => m[1]);
  const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const enc = encodeURIComponent(word);

  beforeAll(async () => {
    for (let i = 0; i < 12; i += 1) await server.store.create('news', news(`tsunami-${i}`, `Цунамі ${i}`, ''));
    for (let i = 0; i < 3; i += 1)
      await server.store.create(
        'publications',
        contentTypes.publications.schema.parse({
          title: `Цунамі у Чорному морі ${i}`,
          slug: `tsunami-book-${i}`,
          status: 'published',
          kind: 'monograph',
          year: 2025,
        }),
      );
  });

  it('shows «Усі (15)», «Новини (12)», «Публікації (3)» above all the hits, «Усі» current', async () => {
    const html = rendered((await server.get(q(word))).body);
    expect(filterLinks(html)).toEqual([
      { text: 'Усі (15)', href: `/search?q=${enc}`, current: true },
      { text: 'Новини (12)', href: `/search?q=${enc}&type=news`, current: false },
      { text: 'Публікації (3)', href: `/search?q=${enc}&type=publications`, current: false },
    ]);
    expect(count(html)).toBe(15);
    expect(canonical(html)).toBe(`https://uhmi.example.org/search?q=${enc}`);
  });

  it('with type=publications counts and shows only publications, that link current', async () => {
    const res = await server.get(q(word, '&type=publications&utm_source=mail'));
    expect(res.status).toBe(200);
    const html = rendered(res.body);
    expect(count(html)).toBe(3);
    expect(types(html)).toEqual(['Публікація', 'Публікація', 'Публікація']);
    expect(filterLinks(html).map((l) => [l.text, l.current])).toEqual([
      ['Усі (15)', false],
      ['Новини (12)', false],
      ['Публікації (3)', true],
    ]);
    expect(html).not.toContain('class="pagination"');
    expect(canonical(html)).toBe(`https://uhmi.example.org/search?q=${enc}&type=publications`);
  });

  it('pages the filtered hits with links that keep the type', async () => {
    const one = rendered((await server.get(q(word, '&type=news'))).body);
    expect(count(one)).toBe(12);
    expect(types(one)).toEqual(Array(10).fill('Новина'));
    expect(one).toContain(`href="/search?q=${enc}&amp;type=news&amp;page=2"`);
    const two = rendered((await server.get(q(word, '&type=news&page=2'))).body);
    expect(types(two)).toEqual(['Новина', 'Новина']);
    expect(canonical(two)).toBe(`https://uhmi.example.org/search?q=${enc}&type=news&page=2`);
    expect((await server.get(q(word, '&type=publications&page=2'))).status).toBe(404);
  });

  it('treats an unknown, unsearched or malformed type as no filter', async () => {
    for (const type of ['bogus', 'bookOrders', 'x'.repeat(300), '<script>', '']) {
      const res = await server.get(q(word, `&type=${encodeURIComponent(type)}`));
      expect(res.status, type).toBe(200);
      const html = rendered(res.body);
      expect(count(html), type).toBe(15);
      expect(filterLinks(html)[0], type).toMatchObject({ text: 'Усі (15)', current: true });
      expect(canonical(html), type).toBe(`https://uhmi.example.org/search?q=${enc}`);
    }
  });

  it('carries the chosen type with a new query from the page form, and only a searched type', async () => {
    /** The page's own query form (the header form has role="search"). */
    const pageForm = (html: string) => /<form[^>]*class="search-page-form"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    const form = pageForm(rendered((await server.get(q(word, '&type=publications'))).body));
    expect(form).toMatch(/method="get"/);
    expect(form).toMatch(/<input type="hidden" name="type" value="publications"\/?>/);
    for (const extra of ['', '&type=bogus', '&type=bookOrders']) {
      const html = rendered((await server.get(q(word, extra))).body);
      expect(pageForm(html), extra).toMatch(/name="q"/);
      expect(pageForm(html), extra).not.toContain('name="type"');
    }
    expect(pageForm(rendered((await server.get('/search?type=publications')).body))).not.toContain('name="type"');
  });

  it('still offers «Усі» when the new query has no hits of the chosen type, or none at all', async () => {
    const onlyNews = rendered((await server.get(q('Цунамі 7', '&type=publications'))).body);
    expect(textOf(onlyNews)).toContain('Нічого не знайдено');
    expect(filterLinks(onlyNews).map((l) => [l.text, l.current])).toEqual([
      ['Усі (1)', false],
      ['Новини (1)', false],
      ['Публікації (0)', true],
    ]);
    const nothing = rendered((await server.get(q('цунамізм', '&type=publications'))).body);
    expect(filterLinks(nothing).map((l) => [l.text, l.href, l.current])).toEqual([
      ['Усі (0)', `/search?q=${encodeURIComponent('цунамізм')}`, false],
      ['Публікації (0)', `/search?q=${encodeURIComponent('цунамізм')}&type=publications`, true],
    ]);
  });

  it('keeps a filtered page apart in the page cache, while utm_source does not split it', async () => {
    const word2 = encodeURIComponent('лавина');
    await server.store.create('news', news('avalanche', 'Лавина', ''));
    const get = async (extra: string) => (await server.get(`/search?q=${word2}${extra}`)).headers['x-page-cache'];
    expect(await get('')).toBe('miss');
    expect(await get('')).toBe('hit');
    expect(await get('&type=news')).toBe('miss');
    expect(await get('&type=news')).toBe('hit');
    expect(await get('&type=news&utm_source=x')).toBe('hit');
    expect(await get('&utm_source=x')).toBe('hit');
  });
});

describe('OpenSearch', () => {
  it('describes the search at /opensearch.xml, linked from every page', async () => {
    const res = await server.get('/opensearch.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/opensearchdescription\+xml/);
    expect(res.body).toContain('<ShortName>УкрГМІ</ShortName>');
    expect(res.body).toContain('template="https://uhmi.example.org/search?q={searchTerms}"');
    for (const path of ['/', '/News']) {
      expect((await server.get(path)).body).toContain(
        '<link rel="search" type="application/opensearchdescription+xml" title="УкрГМІ" href="https://uhmi.example.org/opensearch.xml">',
      );
    }
  });
});
