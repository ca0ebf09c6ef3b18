/**
 * The server render writes plain links itself (`src/client/components/Link.tsx`) instead of through
 * react-router's Link and NavLink: every seeded public page, with its lists, pagination, filters,
 * breadcrumbs, menus (the current page's `aria-current` and `active`) and its 404, must come out
 * byte for byte as react-router writes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setServerLinkShortcut } from '../../src/client/components/Link';
import { seedSet } from '../../src/server/seed/content/index';
import { startTestServer, type TestServer } from './helpers';
import { SECTION_PAGES } from '../support/sitePages';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.pageCache.enabled = false;
});
afterAll(async () => {
  setServerLinkShortcut(true);
  await server.dispose();
});

const published = <T extends { data: { status?: string; slug?: string } }>(docs: T[] | undefined) =>
  (docs ?? []).filter((d) => d.data.status === 'published');

describe('links in the server render', () => {
  const itemPaths: Array<[keyof typeof seedSet, string]> = [
    ['news', '/News'],
    ['docs', '/docs'],
    ['conferences', '/conf'],
    ['journal', '/journal'],
    ['activities', '/activity'],
    ['departments', '/Departments'],
    ['publications', '/publications'],
    ['dataRepo', '/data_repo'],
  ];
  const urls = [
    '/',
    ...SECTION_PAGES,
    '/News?page=2',
    '/publications?kind=article',
    '/COP29',
    '/search?q=клімат',
    '/no-such-page',
    ...itemPaths.flatMap(([key, base]) =>
      published(seedSet[key] as Array<{ data: { status?: string; slug?: string } }>)
        .slice(0, 2)
        .map((d) => `${base}/${d.data.slug}`),
    ),
  ];

  it.each(urls)('%s is the same with and without the shortcut', async (url) => {
    setServerLinkShortcut(false);
    const router = await server.get(url);
    setServerLinkShortcut(true);
    const shortcut = await server.get(url);
    expect(shortcut.status).toBe(router.status);
    expect(router.body).toContain('data-discover="true"');
    // The packed state carries the time it was dehydrated: the only difference allowed.
    const untimed = (html: string) => html.replace(/"state":\{"json":\{"t":\d+/, '"state":{"json":{"t":0');
    expect(untimed(shortcut.body)).toBe(untimed(router.body));
  });
});
