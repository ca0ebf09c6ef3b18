/**
 * One address per page (issue 15): a slug change leaves a 301 from the old address (a rule staff
 * see under «Переадресації» and may remove), internal ids and trailing slashes answer 301 to the
 * page's own address, and a document published at an address a rule points away from takes it back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, sessionCookie, type Caller } from '../security/helpers';
import { startTestServer, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
let server: TestServer;
let admin: Caller;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  admin = await callerFor(server, await sessionCookie(server, ADMIN.email, ADMIN.password));
});
afterAll(async () => {
  await server.dispose();
});

/** Status and Location of a GET (no redirect followed). */
async function visit(url: string): Promise<{ status: number; location?: string }> {
  const res = await server.app.inject({ method: 'GET', url });
  return { status: res.statusCode, location: res.headers.location };
}

async function rulesFrom(path: string) {
  const page = await admin.adminContent.redirects.list({ search: path, limit: 50 });
  return page.items.filter((r) => r.from === path);
}

describe('a slug change', () => {
  it('leaves a 301 from the old address, follows further renames in one hop, and gives the address back', async () => {
    const news = admin.adminContent.news;
    let doc = await news.create({
      data: {
        title: 'Зимова школа гідрологів',
        slug: 'zymova-shkola',
        status: 'published',
        date: '2026-11-20T10:00:00+02:00',
      },
    });
    expect((await visit('/News/zymova-shkola')).status).toBe(200);

    doc = await news.update({ id: doc.id, version: doc.version, data: { ...pick(doc), slug: 'zymova-shkola-2026' } });
    expect(await visit('/News/zymova-shkola')).toEqual({ status: 301, location: '/News/zymova-shkola-2026' });
    expect((await visit('/News/zymova-shkola-2026')).status).toBe(200);
    const [rule] = await rulesFrom('/News/zymova-shkola');
    const stored = await admin.adminContent.redirects.get({ id: rule!.id });
    expect(stored).toMatchObject({ from: '/News/zymova-shkola', to: '/News/zymova-shkola-2026', match: 'prefix' });
    expect(stored.note).toContain('Зимова школа гідрологів');

    doc = await news.update({ id: doc.id, version: doc.version, data: { ...pick(doc), slug: 'shkola-hidrolohiv' } });
    expect(await visit('/News/zymova-shkola')).toEqual({ status: 301, location: '/News/shkola-hidrolohiv' });
    expect(await visit('/News/zymova-shkola-2026')).toEqual({ status: 301, location: '/News/shkola-hidrolohiv' });

    // Back to the first address: the rule from it goes, the page answers there again.
    await news.update({ id: doc.id, version: doc.version, data: { ...pick(doc), slug: 'zymova-shkola' } });
    expect(await rulesFrom('/News/zymova-shkola')).toEqual([]);
    expect((await visit('/News/zymova-shkola')).status).toBe(200);
    expect(await visit('/News/shkola-hidrolohiv')).toEqual({ status: 301, location: '/News/zymova-shkola' });

    // Staff may remove an automatic rule; the old address is then simply gone.
    const [auto] = await rulesFrom('/News/shkola-hidrolohiv');
    await admin.adminContent.redirects.delete({ id: auto!.id, version: auto!.version });
    expect((await visit('/News/shkola-hidrolohiv')).status).toBe(404);
  });

  it('of a draft leaves no rule: visitors never had its address', async () => {
    const news = admin.adminContent.news;
    const doc = await news.create({
      data: { title: 'Чернетка новини', slug: 'chernetka-1', date: '2026-11-20T10:00:00+02:00' },
    });
    await news.update({ id: doc.id, version: doc.version, data: { ...pick(doc), slug: 'chernetka-2' } });
    expect(await rulesFrom('/News/chernetka-1')).toEqual([]);
  });
});

describe('internal ids and trailing slashes', () => {
  it('answer 301 to the page by its slug, keeping the query', async () => {
    const doc = await admin.adminContent.publications.create({
      data: {
        title: 'Кліматичний атлас',
        slug: 'klimatychnyi-atlas',
        status: 'published',
        kind: 'monograph',
        year: 2024,
      },
    });
    expect(await visit(`/publications/${doc.id}`)).toEqual({
      status: 301,
      location: '/publications/klimatychnyi-atlas',
    });
    expect(await visit(`/publications/${doc.id}?page=2`)).toEqual({
      status: 301,
      location: '/publications/klimatychnyi-atlas?page=2',
    });
    expect(await visit('/publications/klimatychnyi-atlas/')).toEqual({
      status: 301,
      location: '/publications/klimatychnyi-atlas',
    });
    expect(await visit('/news/')).toEqual({ status: 301, location: '/News' });
    expect(await visit('/News//?page=2')).toEqual({ status: 301, location: '/News?page=2' });
    expect((await visit('/publications/klimatychnyi-atlas')).status).toBe(200);
    expect((await visit('/')).status).toBe(200);
  });

  it('send a thesis reached by ids to its address under its conference', async () => {
    const theses = await admin.adminContent.theses.list({ limit: 1, status: 'published' });
    const thesis = await admin.adminContent.theses.get({ id: theses.items[0]!.id });
    const conf = await admin.adminContent.conferences.get({ id: thesis.conferenceId });
    expect(await visit(`/conf/${conf.id}/${thesis.id}`)).toEqual({
      status: 301,
      location: `/conf/${conf.slug}/${thesis.slug}`,
    });
  });
});

/** The editable data of a document the admin returned (drops id, version and timestamps). */
function pick<T extends { id: string; version: number; createdAt: string; updatedAt: string }>(
  doc: T,
): Omit<T, 'id' | 'version' | 'createdAt' | 'updatedAt'> {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...data } = doc;
  return data;
}
