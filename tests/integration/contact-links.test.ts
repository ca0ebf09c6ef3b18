/**
 * Links to a contact point reach it: the visitor search links a contact to the /Contacts page that
 * shows it (`?page=N#slug`), also when it is beyond the first page and when several contacts share
 * its order, so following the link finds the element with the contact's slug as id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;

/**
 * Contacts added to the seed's five (orders 1–5): three come first (order 0), twelve share order 3
 * with a seed contact, so that group of thirteen runs from page 1 into page 2.
 */
const ADDED = Array.from({ length: 15 }, (_, i) => ({ slug: `hidropost-${i}`, order: i % 5 ? 3 : 0 }));

beforeAll(async () => {
  server = await startTestServer();
  for (const { slug, order } of ADDED)
    await server.store.create(
      'contacts',
      contentTypes.contacts.schema.parse({ title: `Гідропост ${slug}`, slug, order, status: 'published' }),
    );
});
afterAll(async () => {
  await server?.dispose();
});

/** The links of the contact hits for «гідропост», over the search's pages. */
async function contactHitLinks(): Promise<string[]> {
  const links: string[] = [];
  for (let page = 1; page <= 3; page += 1) {
    const res = await server.get(`/search?q=${encodeURIComponent('гідропост')}&type=contacts&page=${page}`);
    if (res.status === 404) break;
    for (const m of res.body.matchAll(/<h2 class="search-title"><a href="([^"]+)"/g))
      links.push(m[1]!.replaceAll('&amp;', '&'));
  }
  return links;
}

describe('a search hit for a contact', () => {
  it('links to the /Contacts page that shows it, whose contact card has its slug as id', async () => {
    const links = await contactHitLinks();
    expect(links).toHaveLength(ADDED.length);
    const reached: string[] = [];
    for (const link of links) {
      const [path, slug] = link.split('#') as [string, string | undefined];
      expect(link).toMatch(/^\/Contacts(\?page=\d+)?#hidropost-\d+$/);
      const res = await server.get(path);
      expect(res.status, link).toBe(200);
      const cards = [...res.body.matchAll(/<li id="([^"]+)" class="contact-card">/g)].map((m) => m[1]);
      expect(cards, link).toContain(slug);
      reached.push(slug!);
    }
    expect(reached.sort()).toEqual(ADDED.map((c) => c.slug).sort());
    // 20 contacts, 12 a page: some are reached on page 2 only.
    expect(links.some((l) => l.startsWith('/Contacts?page=2#'))).toBe(true);
  });
});
