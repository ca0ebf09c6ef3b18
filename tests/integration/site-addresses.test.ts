/**
 * QA pass 2, P1/R2/H1: addresses editors type are checked against the site. A free page may not
 * take a built-in section's address; redirect rules may not form a loop nor hide a live page; a
 * menu link to a path on the site must lead to a page. Through the admin's tRPC API over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livePageMessage, noSuchPageMessage, redirectLoopMessage } from '../../src/server/content/admin/siteChecks';
import { builtInSectionMessage } from '../../src/shared/content/types/pages';
import { sessionCookie, trpcMutation, type TrpcErrorBody } from '../security/helpers';
import { startTestServer, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  cookie = await sessionCookie(server, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await server?.dispose();
});

const create = (key: string, data: Record<string, unknown>) =>
  trpcMutation(server, `adminContent.${key}.create`, { data }, { cookie: `__session=${cookie}` });

const fieldErrors = (body: TrpcErrorBody) => body.error?.json.data.zodError?.fieldErrors ?? {};
const reasonOf = (body: TrpcErrorBody) => (body.error?.json.data as { reason?: string } | undefined)?.reason;

const page = (slug: string, title = `Сторінка ${slug}`) => ({ title, slug, status: 'published' });

describe('a free page at the address of a built-in section', () => {
  const sections: Array<[string, string]> = [
    ['docs', 'Документи'],
    ['News', 'Новини'],
    ['news', 'Новини'],
    ['data_repo', 'Репозитарій даних'],
    ['search', 'Пошук'],
    ['Contacts', 'Контакти'],
  ];

  it('is refused at «Адреса», naming the section', async () => {
    for (const [slug, name] of sections) {
      const res = await create('pages', page(slug));
      expect(res.status, slug).toBe(400);
      expect(fieldErrors(res.body)['data.slug'], slug).toEqual([builtInSectionMessage(name)]);
      expect(builtInSectionMessage(name)).toBe(`Ця адреса зайнята розділом сайту «${name}»: оберіть іншу`);
    }
  });

  it("is refused for what the server answers itself, without a section's name", async () => {
    for (const slug of [
      'edit',
      'api',
      'feeds',
      'oai',
      'v0',
      'sitemap.xml',
      'robots.txt',
      'favicon.ico',
      'sitemap-2.xml',
    ]) {
      const res = await create('pages', page(slug));
      expect(res.status, slug).toBe(400);
      expect(fieldErrors(res.body)['data.slug'], slug).toEqual(['Ця адреса зайнята розділом сайту: оберіть іншу']);
    }
  });

  it('leaves other addresses, the fixed page COP29, and generates a free slug from a title such as «Search»', async () => {
    expect((await create('pages', page('pro-instytut'))).status).toBe(200);
    expect((await create('pages', page('COP29'))).status).toBe(200);
    const generated = await create('pages', { title: 'Search', slug: '', status: 'published' });
    expect(generated.status).toBe(200);
    const stored = await server.store.list<{ slug: string }>('pages', {
      orderBy: { fields: ['slug'], direction: 'asc' },
      limit: 100,
    });
    expect(stored.items.map((d) => d.data.slug).sort()).toEqual(['COP29', 'pro-instytut', 'search-2']);
  });

  it('keeps each address once in the sitemap, even with a page stored at a section before the check', async () => {
    await server.store.create('pages', {
      title: 'Стара сторінка',
      slug: 'docs',
      status: 'published',
      publishedAt: null,
      body: '',
    });
    const sitemap = await server.get('/sitemap.xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://uhmi.example.org/pro-instytut');
    expect(locs).toContain('https://uhmi.example.org/docs');
    expect(locs).toContain('https://uhmi.example.org/COP29');
    expect(new Set(locs).size).toBe(locs.length);
  });
});

const rule = (from: string, to: string, extra: Record<string, unknown> = {}) => ({ from, to, ...extra });

describe('redirect rules checked against the stored rules and the live pages', () => {
  it('refuses a rule that closes a circle, directly or through other rules, at «Куди»', async () => {
    expect((await create('redirects', rule('/qa-a', '/qa-b'))).status).toBe(200);
    const back = await create('redirects', rule('/qa-b', '/qa-a'));
    expect(back.status).toBe(409);
    expect(reasonOf(back.body)).toBe('redirect-loop');
    expect(fieldErrors(back.body)['data.to']).toEqual([redirectLoopMessage(['/qa-b', '/qa-a', '/qa-b'])]);
    expect(redirectLoopMessage(['/qa-b', '/qa-a', '/qa-b'])).toBe(
      'Переадресації утворюють коло: /qa-b → /qa-a → /qa-b',
    );

    expect((await create('redirects', rule('/qa-c', '/qa-d'))).status).toBe(200);
    const through = await create('redirects', rule('/qa-d', '/qa-a/'));
    expect(fieldErrors(through.body)['data.to']).toBeUndefined();
    expect(through.status).toBe(200);
    const third = await create('redirects', rule('/qa-b', '/qa-c'));
    expect(fieldErrors(third.body)['data.to']).toEqual([
      redirectLoopMessage(['/qa-b', '/qa-c', '/qa-d', '/qa-a', '/qa-b']),
    ]);

    const self = await create('redirects', rule('/qa-self', '/qa-self'));
    expect(fieldErrors(self.body)['data.to']).toEqual([redirectLoopMessage(['/qa-self', '/qa-self'])]);
    const growing = await create('redirects', rule('/qa-grow', '/qa-grow/more', { keepRest: true }));
    expect(fieldErrors(growing.body)['data.to']?.[0]).toMatch(
      /^Переадресації утворюють коло: \/qa-grow → \/qa-grow\/more → .* → …$/,
    );
  });

  it('checks an update against the other rules, not against its own stored version', async () => {
    const created = await create('redirects', rule('/qa-old', '/qa-new'));
    const id = (created.body.result?.data.json as { id: string }).id;
    const update = (to: string, version: number) =>
      trpcMutation(
        server,
        'adminContent.redirects.update',
        { id, version, data: rule('/qa-old', to) },
        { cookie: `__session=${cookie}` },
      );
    expect((await update('/qa-newer', 1)).status).toBe(200);
    expect(fieldErrors((await update('/qa-old', 2)).body)['data.to']).toEqual([
      redirectLoopMessage(['/qa-old', '/qa-old']),
    ]);
  });

  it('refuses a rule from the address of a live section, the home page or a published page, at «Звідки»', async () => {
    expect((await create('pages', page('qa-live', 'Жива сторінка'))).status).toBe(200);
    const cases: Array<[string, string]> = [
      ['/News', 'розділ сайту «Новини»'],
      ['/docs/', 'розділ сайту «Документи»'],
      ['/', 'головна сторінка'],
      ['/qa-live', '«Жива сторінка»'],
    ];
    for (const [from, name] of cases) {
      const res = await create('redirects', rule(from, '/Contacts'));
      expect(res.status, from).toBe(409);
      expect(fieldErrors(res.body)['data.from'], from).toEqual([livePageMessage(from, name)]);
    }
    // A draft page is not shown, and the rule's own address under a section is free.
    expect((await create('pages', { ...page('qa-draft'), status: 'draft' })).status).toBe(200);
    expect((await create('redirects', rule('/qa-draft', '/Contacts'))).status).toBe(200);
    expect((await create('redirects', rule('/News/old-item', '/News'))).status).toBe(200);
  });
});

describe('menu links to paths on the site', () => {
  const saveHeader = (href: string) =>
    trpcMutation(
      server,
      'adminContent.header.update',
      {
        version: null,
        data: {
          siteName: 'УкрГМІ',
          menu: [{ label: 'Про нас', href: '/pro-instytut', children: [{ label: 'QA', href }] }],
        },
      },
      { cookie: `__session=${cookie}` },
    );

  it('refuses a link to a path that shows no page, at that link', async () => {
    const res = await saveHeader('/no-such-page-qa');
    expect(res.status).toBe(400);
    expect(reasonOf(res.body)).toBe('no-such-page');
    expect(fieldErrors(res.body)['data.menu.0.children.0.href']).toEqual([noSuchPageMessage('/no-such-page-qa')]);
    expect(noSuchPageMessage('/x')).toBe('На сайті немає сторінки /x');
    const news = await saveHeader('/News/no-such-item?x=1#top');
    expect(fieldErrors(news.body)['data.menu.0.children.0.href']).toEqual([noSuchPageMessage('/News/no-such-item')]);
  });

  it('accepts sections, published pages, redirected addresses, feeds and other sites', async () => {
    let version: number | null = null;
    for (const href of [
      '/News',
      '/docs?page=2',
      '/qa-live#part',
      '/qa-a',
      '/feeds/news.atom',
      'https://example.org/x',
      '/',
    ]) {
      const res = await trpcMutation(
        server,
        'adminContent.footer.update',
        { version, data: { columns: [{ title: 'Колонка', links: [{ label: 'Посилання', href }] }] } },
        { cookie: `__session=${cookie}` },
      );
      expect(fieldErrors(res.body), href).toEqual({});
      expect(res.status, href).toBe(200);
      version = (res.body.result?.data.json as { version: number }).version;
    }
  });
});

describe('DOI fields', () => {
  const DOI_MESSAGE = 'DOI має вигляд 10.xxxx/…';
  const stored = async (key: string, id: string) => (await server.store.get<Record<string, unknown>>(key, id))!.data;
  const idOf = (body: TrpcErrorBody) => (body.result?.data.json as { id: string }).id;

  it('refuses what is not a DOI in every DOI field, at that field', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['publications', { title: 'Видання', kind: 'monograph', year: 2025, doi: 'not a doi' }, 'data.doi'],
      [
        'journal',
        {
          title: 'Випуск',
          year: 2026,
          volume: 1,
          number: 1,
          toc: [{ title: 'Стаття', doi: 'https://example.org/10.1234/x' }],
        },
        'data.toc.0.doi',
      ],
      ['dataRepo', { title: 'Набір', doi: '11.1234/x' }, 'data.doi'],
      ['dataRepo', { title: 'Набір', articleDoi: '10.12/x' }, 'data.articleDoi'],
      [
        'dataRepo',
        { title: 'Набір', versions: [{ version: '1.0', date: '2024-01-01', doi: '10.1234/a b' }] },
        'data.versions.0.doi',
      ],
    ];
    for (const [key, data, field] of cases) {
      const res = await create(key, data);
      expect(res.status, field).toBe(400);
      expect(fieldErrors(res.body)[field], field).toEqual([DOI_MESSAGE]);
    }
  });

  it('stores a pasted doi.org link or doi: name as the bare DOI', async () => {
    const publication = await create('publications', {
      title: 'Видання з DOI',
      kind: 'monograph',
      year: 2025,
      doi: ' https://doi.org/10.1016/j.dib.2022.108553 ',
    });
    expect((await stored('publications', idOf(publication.body))).doi).toBe('10.1016/j.dib.2022.108553');
    const dataset = await create('dataRepo', {
      title: 'Набір з DOI',
      doi: 'doi:10.1234/uhmi.test.2',
      articleDoi: 'http://dx.doi.org/10.1002/%28SICI%291097-4571',
      versions: [{ version: '1.0', date: '2024-01-01', doi: '' }],
    });
    const data = await stored('dataRepo', idOf(dataset.body));
    expect([data.doi, data.articleDoi]).toEqual(['10.1234/uhmi.test.2', '10.1002/(SICI)1097-4571']);
  });
});
