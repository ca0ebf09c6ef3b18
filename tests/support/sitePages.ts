import { seedSet } from '../../src/server/seed/content/index';

/** The site's section pages (a list each, and `/Contacts`), for tests that visit every one of them. */
export const SECTION_PAGES = [
  '/News',
  '/docs',
  '/Trainings',
  '/conf',
  '/journal',
  '/activity',
  '/Developments',
  '/data_repo',
  '/Departments',
  '/publications',
  '/Contacts',
] as const;

const published = <T extends { data: { status?: string; slug?: string } }>(docs: T[] | undefined) =>
  (docs ?? []).filter((d) => d.data.status === 'published');

/**
 * Pages that between them render every kind of public markup on the seeded site: the home page,
 * every section, a second list page, a filter, a fixed page, search, a 404, and the first two
 * published items of each type with item pages.
 */
export function seededPageSample(): string[] {
  const itemPaths: Array<[keyof typeof seedSet, string]> = [
    ['news', '/News'],
    ['docs', '/docs'],
    ['conferences', '/conf'],
    ['journal', '/journal'],
    ['activities', '/activity'],
    ['developments', '/Developments'],
    ['departments', '/Departments'],
    ['publications', '/publications'],
    ['dataRepo', '/data_repo'],
  ];
  return [
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
}

/** A rendered page with the time its state was packed zeroed: two renders of the same page differ in nothing else. */
export function untimed(html: string): string {
  return html.replace(/"state":\{"json":\{"t":\d+/, '"state":{"json":{"t":0');
}
