/**
 * Issue 14's crawler: the seeded server on loopback, crawled from / by following every internal link
 * (pages, stored files, downloads, icons, assets). Then, for the crawl as a whole: no broken link, and
 * every HTML page has its canonical URL, Open Graph tags, JSON-LD that parses and names its type's
 * required properties, and a title of at most 60 characters that no other page has. Each check over the crawl is one `it`
 * block reading `crawl`; the sitemap's is one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedJsonLdType, jsonLdProblems, OG_PROPERTIES, readHead, type HeadFacts } from '../support/structuredData';
import { startTestServer, type TestServer } from './helpers';

const PUBLIC_URL = 'https://uhmi.example.org';

interface Crawl {
  /** Every internal URL reached (path + query), with its final status and where it was linked from. */
  visited: Map<string, { status: number; from: string; contentType: string }>;
  /** The HTML pages (path + query) and their heads. */
  pages: Map<string, HeadFacts>;
}

let server: TestServer;
let origin: string;
let crawl: Crawl;

/** Internal targets of a page: links, stylesheets, icons, scripts, images and srcset candidates. */
function targetsOf(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/\s(?:href|src)="([^"]+)"/g)) found.push(m[1]!);
  for (const m of html.matchAll(/\ssrcset="([^"]+)"/g))
    found.push(...m[1]!.split(',').map((c) => c.trim().split(/\s+/)[0]!));
  for (const m of html.matchAll(/<meta property="og:image" content="([^"]+)"/g)) found.push(m[1]!);
  return found.map((t) => t.replace(/&amp;/g, '&'));
}

/** The path + query of an internal URL (site path or PUBLIC_URL), or null for other sites and schemes. */
function internal(target: string): string | null {
  if (target.startsWith(PUBLIC_URL)) target = target.slice(PUBLIC_URL.length) || '/';
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  return target.split('#')[0]!;
}

async function crawlSite(): Promise<Crawl> {
  const visited: Crawl['visited'] = new Map();
  const pages: Crawl['pages'] = new Map();
  const queue: Array<[string, string]> = [['/', '(start)']];
  while (queue.length) {
    const [url, from] = queue.shift()!;
    if (visited.has(url)) continue;
    const res = await fetch(`${origin}${url}`, { redirect: 'follow' });
    const contentType = res.headers.get('content-type') ?? '';
    visited.set(url, { status: res.status, from, contentType });
    if (res.status !== 200 || !contentType.startsWith('text/html')) {
      await res.arrayBuffer();
      continue;
    }
    const html = await res.text();
    pages.set(url, readHead(html));
    for (const target of targetsOf(html)) {
      const next = internal(target);
      if (next && !visited.has(next)) queue.push([next, url]);
    }
  }
  return { visited, pages };
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
  origin = await server.listen();
  crawl = await crawlSite();
}, 180_000);
afterAll(async () => {
  await server.dispose();
});

describe('crawling the seeded site from /', () => {
  it('reaches every kind of public page', () => {
    const paths = [...crawl.pages.keys()];
    for (const pattern of [
      /^\/News\/./,
      /^\/Trainings$/,
      /^\/conf\/[^/]+\/./,
      /^\/publications\/./,
      /^\/journal\/./,
      /^\/data_repo\/./,
      /^\/Departments\/./,
      /^\/Developments\/./,
      /^\/docs\/./,
      /^\/Contacts$/,
    ]) {
      expect(
        paths.some((p) => pattern.test(p)),
        String(pattern),
      ).toBe(true);
    }
    expect(crawl.pages.size).toBeGreaterThan(80);
  });

  it('finds no broken internal link: every page, file, download, icon and asset answers 200', () => {
    const broken = [...crawl.visited]
      .filter(([, v]) => v.status !== 200)
      .map(([url, v]) => `${url} → ${v.status} (linked from ${v.from})`);
    expect(broken).toEqual([]);
    // The icons and the share image are among them.
    const types = {
      '/favicon.ico': 'image/vnd.microsoft.icon',
      '/icon.svg': 'image/svg+xml',
      '/apple-touch-icon.png': 'image/png',
      '/site.webmanifest': 'application/manifest+json',
      '/og-image.png': 'image/png',
      '/logo.svg': 'image/svg+xml',
    };
    for (const [file, type] of Object.entries(types)) {
      expect(crawl.visited.get(file)?.status, file).toBe(200);
      expect(crawl.visited.get(file)?.contentType, file).toMatch(new RegExp(`^${type.replace(/[+.]/g, '\\$&')}`));
    }
  });

  it('gives every page an absolute canonical URL on the public origin', () => {
    const missing = [...crawl.pages]
      .filter(([, head]) => !head.canonical?.startsWith(`${PUBLIC_URL}/`))
      .map(([url]) => url);
    expect(missing).toEqual([]);
  });

  it('gives every page og:title, og:description, og:url, og:image and og:type', () => {
    const problems: string[] = [];
    for (const [url, head] of crawl.pages) {
      for (const prop of OG_PROPERTIES) if (!head.meta.get(prop)?.[0]) problems.push(`${url}: ${prop}`);
      if (head.meta.get('og:url')?.[0] !== head.canonical) problems.push(`${url}: og:url is not the canonical URL`);
      if (head.meta.get('twitter:card')?.[0] !== 'summary_large_image') problems.push(`${url}: twitter:card`);
    }
    expect(problems).toEqual([]);
  });

  it("gives every page JSON-LD that parses and names its type's required properties (breadcrumbs on inner pages)", () => {
    const problems: string[] = [];
    for (const [url, head] of crawl.pages) {
      const path = url.split('?')[0]!;
      if (head.badJsonLd.length) problems.push(`${url}: JSON-LD does not parse`);
      for (const node of head.jsonLd) problems.push(...jsonLdProblems(node).map((p) => `${url}: ${p}`));
      const types = head.jsonLd.map((n) => n['@type']);
      if (path !== '/' && !types.includes('BreadcrumbList')) problems.push(`${url}: no BreadcrumbList`);
      const expected = expectedJsonLdType(path);
      if (expected && !types.includes(expected)) problems.push(`${url}: no ${expected}`);
    }
    expect(problems).toEqual([]);
  });

  it('lists in the sitemap every page the crawl reached (pages of a list by number and filters aside), and only pages that open', async () => {
    const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
    const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&').slice(PUBLIC_URL.length),
    );
    const reached = [...crawl.pages.keys()].filter((url) => !url.includes('?'));
    expect(reached.filter((url) => !listed.includes(url))).toEqual([]);
    // Published pages no other page links to (the old site's /msg/tethys) are listed too: they must open.
    for (const url of listed.filter((u) => !crawl.pages.has(u)))
      expect((await fetch(`${origin}${url}`)).status, url).toBe(200);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('gives no two pages (by canonical URL) the same title', () => {
    const byTitle = new Map<string, Set<string>>();
    for (const [url, head] of crawl.pages) {
      const urls = byTitle.get(head.title) ?? new Set<string>();
      urls.add(head.canonical ?? url);
      byTitle.set(head.title, urls);
    }
    const shared = [...byTitle]
      .filter(([, urls]) => urls.size > 1)
      .map(([title, urls]) => `${title}: ${[...urls].join(', ')}`);
    expect(shared).toEqual([]);
  });

  it('keeps every title within 60 characters', () => {
    const long = [...crawl.pages]
      .filter(([, head]) => !head.title || head.title.length > 60)
      .map(([url, head]) => `${url}: ${head.title} (${head.title.length})`);
    expect(long).toEqual([]);
  });
});
