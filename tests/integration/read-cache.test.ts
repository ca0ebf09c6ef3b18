/**
 * Issue 13: the server render reads through the read cache (ssr/readCache.ts): a page rendered
 * again (the page cache off, as for signed-in staff) reads nothing it read before, and shows a
 * change as soon as it is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestSeedNews, startTestServer, textOf, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.pageCache.enabled = false;
});
afterAll(async () => {
  await server.dispose();
});

const get = (url: string) => server.app.inject({ method: 'GET', url });
const newest = newestSeedNews();

describe('read cache', () => {
  it('renders a page again without reading the store again', async () => {
    const first = await get('/News');
    expect(first.statusCode).toBe(200);
    const before = server.readCache.stats();
    const second = await get('/News');
    const after = server.readCache.stats();
    expect(textOf(second.body)).toBe(textOf(first.body));
    expect(after.misses - before.misses).toBe(0);
    expect(after.hits - before.hits).toBeGreaterThanOrEqual(2); // the layout (header and footer) and the list
  });

  it('shows a change on the next render, and keeps the answers of the types that did not change', async () => {
    await get('/News');
    await get('/Contacts');
    const stored = await server.store.get<Record<string, unknown>>('news', newest.id);
    const title = `Оновлена новина ${Date.now()}`;
    await server.store.update('news', newest.id, { ...stored!.data, title }, stored!.version);

    expect(textOf((await get('/News')).body)).toContain(title);
    expect(textOf((await get(`/News/${newest.data.slug}`)).body)).toContain(title);
    const before = server.readCache.stats();
    expect((await get('/Contacts')).statusCode).toBe(200);
    expect(server.readCache.stats().misses - before.misses).toBe(0);
  });

  it('keeps no error: a missing page read again is still a 404, and appears once published', async () => {
    expect((await get('/News/shche-ne-napysana')).statusCode).toBe(404);
    expect((await get('/News/shche-ne-napysana')).statusCode).toBe(404);
    const stored = await server.store.get<Record<string, unknown>>('news', newest.id);
    await server.store.create('news', {
      ...stored!.data,
      title: 'Щойно написана новина',
      slug: 'shche-ne-napysana',
    });
    const res = await get('/News/shche-ne-napysana');
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain('Щойно написана новина');
  });
});
