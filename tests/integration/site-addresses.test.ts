/**
 * QA pass 2, P1/R2/H1: addresses editors type are checked against the site. A free page may not
 * take a built-in section's address; redirect rules may not form a loop nor hide a live page; a
 * menu link to a path on the site must lead to a page. Through the admin's tRPC API over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('keeps each address once in the sitemap', async () => {
    const sitemap = await server.get('/sitemap.xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://uhmi.example.org/pro-instytut');
    expect(new Set(locs).size).toBe(locs.length);
  });
});
