/**
 * The server render keeps react-router's static router as a template and gives each request its own
 * state on top of it (`staticRouter` in src/client/entry-server.tsx) instead of calling
 * `createStaticRouter` per request: every seeded public page, its 404 and a page's error must come
 * out byte for byte as with a new router each time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setKeptStaticRouter } from '../../src/client/entry-server';
import { startTestServer, type TestServer } from './helpers';
import { seededPageSample, untimed } from '../support/sitePages';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.pageCache.enabled = false;
});
afterAll(async () => {
  setKeptStaticRouter(true);
  await server.dispose();
});

describe('the static router of the server render', () => {
  const urls = [...seededPageSample(), '/News/no-such-item', '/News?page=999', '/no/such/page'];

  it.each(urls)('%s is the same with a kept router and with a new one', async (url) => {
    setKeptStaticRouter(false);
    const fresh = await server.get(url);
    setKeptStaticRouter(true);
    // Twice: the first kept render makes the template, the second is built on it.
    await server.get('/Contacts');
    const kept = await server.get(url);
    expect(kept.status).toBe(fresh.status);
    expect(fresh.body).toContain('<div id="root">');
    // The packed state carries the time it was packed: the only difference allowed.
    expect(untimed(kept.body)).toBe(untimed(fresh.body));
  });
});
