/**
 * The server render writes plain links itself (`src/client/components/Link.tsx`) instead of through
 * react-router's Link and NavLink: every seeded public page, with its lists, pagination, filters,
 * breadcrumbs, menus (the current page's `aria-current` and `active`) and its 404, must come out
 * byte for byte as react-router writes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setServerLinkShortcut } from '../../src/client/components/Link';
import { startTestServer, type TestServer } from './helpers';
import { seededPageSample, untimed } from '../support/sitePages';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.pageCache.enabled = false;
  server.fragments.enabled = false; // the header's and footer's links rendered every time, both ways
});
afterAll(async () => {
  setServerLinkShortcut(true);
  await server.dispose();
});

describe('links in the server render', () => {
  const urls = seededPageSample();

  it.each(urls)('%s is the same with and without the shortcut', async (url) => {
    setServerLinkShortcut(false);
    const router = await server.get(url);
    setServerLinkShortcut(true);
    const shortcut = await server.get(url);
    expect(shortcut.status).toBe(router.status);
    expect(router.body).toContain('data-discover="true"');
    // The packed state carries the time it was packed: the only difference allowed.
    expect(untimed(shortcut.body)).toBe(untimed(router.body));
  });
});
