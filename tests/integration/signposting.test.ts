/**
 * Issue 28, item 5: FAIR signposting level 1 on the scholarly landing pages (datasets, publications,
 * theses, journal issues): the same typed links as an HTTP Link header, on a fresh render and on a
 * page-cache hit alike, and as <link> tags in the head; every link it points to answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { seedSet } from '../../src/server/seed/content/index';
import type { SeedDocument, SeedSet } from '../../src/server/seed/types';
import { startTestServer, type TestServer } from './helpers';

const ORIGIN = 'https://uhmi.example.org';
const ORCID = '0000-0002-1825-0097';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: ORIGIN });
  await server.store.create(
    'dataRepo',
    contentTypes.dataRepo.schema.parse({
      title: 'Набір з ORCID авторів',
      slug: 'with-orcid',
      status: 'published',
      summary: 'Набір, автори якого мають ORCID.',
      doi: '10.1234/uhmi.sp.1',
      creators: [{ name: 'Carberry, Josiah', orcid: '0000-0002-1825-0097' }],
    }),
    { id: 'with-orcid' },
  );
  const author = { name: 'Carberry, Josiah', orcid: ORCID };
  await server.store.create(
    'journal',
    contentTypes.journal.schema.parse({
      title: 'Випуск зі статтями авторів з ORCID',
      slug: 'issue-with-orcid',
      status: 'published',
      year: 2025,
      volume: 5,
      number: 2,
      toc: [
        { title: 'Стаття з DOI', authors: [author], doi: '10.1234/uhmi.mhmd.1' },
        { title: 'Стаття без DOI', authors: [{ name: 'Іваненко, І.', orcid: '0000-0001-5109-3700' }] },
      ],
    }),
    { id: 'issue-with-orcid' },
  );
  await server.store.create(
    'theses',
    contentTypes.theses.schema.parse({
      title: 'Тези автора з ORCID',
      slug: 'thesis-with-orcid',
      status: 'published',
      conferenceId: conf.id,
      authors: [author],
    }),
    { id: 'thesis-with-orcid' },
  );
});
afterAll(async () => {
  await server.dispose();
});

const published = <K extends keyof SeedSet>(key: K): Array<SeedDocument<K>> =>
  (seedSet[key] ?? []).filter((d) => (d.data as { status?: string }).status === 'published');

interface Link {
  href: string;
  rel: string;
  type?: string;
}
/** An RFC 8288 Link header's links (the forms this site writes). */
function parseLinkHeader(value: unknown): Link[] {
  return [...(typeof value === 'string' ? value : '').matchAll(/<([^>]*)>((?:\s*;\s*[a-z]+="[^"]*")*)/g)].map((m) => {
    const params = Object.fromEntries([...m[2]!.matchAll(/([a-z]+)="([^"]*)"/g)].map((p) => [p[1]!, p[2]!]));
    return { href: m[1]!, rel: params.rel!, ...(params.type ? { type: params.type } : {}) };
  });
}
/** The head's <link> tags with the signposting relations. */
function headLinks(html: string): Link[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [
    ...head.matchAll(
      /<link rel="(cite-as|describedby|item|collection|type|author)" href="([^"]*)"(?: type="([^"]*)")?/g,
    ),
  ].map((m) => ({ rel: m[1]!, href: m[2]!.replace(/&amp;/g, '&'), ...(m[3] ? { type: m[3] } : {}) }));
}

async function landing(path: string) {
  const res = await server.get(path);
  expect(res.status, path).toBe(200);
  const links = parseLinkHeader(res.headers.link);
  expect(headLinks(res.body), `${path}: head and header differ`).toEqual(links);
  return { links, headers: res.headers };
}
const hrefs = (links: Link[], rel: string) => links.filter((l) => l.rel === rel).map((l) => l.href);

const dataset = published('dataRepo').find((d) => d.data.slug === 'month')!;
const pub = published('publications').find((p) => p.data.attachments?.length)!;
const thesis = published('theses').find((t) => t.data.pdf)!;
const conf = published('conferences').find((c) => c.id === thesis.data.conferenceId)!;
const issue = published('journal').find((j) => j.data.pdf)!;

describe('FAIR signposting', () => {
  it('a dataset: cite-as, DataCite and BibTeX records, its files, the repository, its types', async () => {
    const path = `/data_repo/${dataset.data.slug}`;
    const { links } = await landing(path);
    expect(hrefs(links, 'cite-as')).toEqual([`${ORIGIN}${path}`]);
    expect(links.filter((l) => l.rel === 'describedby')).toEqual([
      { rel: 'describedby', href: `${ORIGIN}/api/datacite/month.xml`, type: 'application/vnd.datacite.datacite+xml' },
      { rel: 'describedby', href: `${ORIGIN}/api/cite/datasets/month.bib`, type: 'application/x-bibtex' },
    ]);
    expect(links.filter((l) => l.rel === 'item')).toHaveLength(dataset.data.files!.length);
    expect(hrefs(links, 'collection')).toEqual([`${ORIGIN}/data_repo`]);
    expect(hrefs(links, 'type')).toEqual(['https://schema.org/Dataset', 'https://schema.org/AboutPage']);
    for (const l of links.filter((x) => x.rel !== 'type' && x.rel !== 'cite-as')) {
      const res = await server.app.inject({ method: 'GET', url: l.href.slice(ORIGIN.length) });
      expect(res.statusCode, l.href).toBe(200);
      if (l.rel === 'item') expect(String(res.headers['content-type']).split(';')[0], l.href).toBe(l.type);
    }
  });

  it('survives the page cache: a hit carries the same Link header', async () => {
    const path = `/data_repo/${dataset.data.slug}`;
    const first = await server.get(path);
    const again = await server.get(path);
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.headers.link).toBe(first.headers.link);
    expect(parseLinkHeader(again.headers.link).length).toBeGreaterThan(5);
  });

  it('a dataset with a DOI and ORCID authors: cite-as is the DOI, author the ORCID iD', async () => {
    const { links } = await landing('/data_repo/with-orcid');
    expect(hrefs(links, 'cite-as')).toEqual(['https://doi.org/10.1234/uhmi.sp.1']);
    expect(hrefs(links, 'author')).toEqual(['https://orcid.org/0000-0002-1825-0097']);
  });

  it('a publication, a thesis and a journal issue each have item, collection and type; all but the issue cite-as', async () => {
    const cases = [
      [`/publications/${pub.data.slug}`, `${ORIGIN}/publications`, pub.data.attachments!.length, 1],
      [`/conf/${conf.data.slug}/${thesis.data.slug}`, `${ORIGIN}/conf/${conf.data.slug}`, 1, 1],
      [`/journal/${issue.data.slug}`, `${ORIGIN}/journal`, 1, 0],
    ] as const;
    for (const [path, collection, items, citeAs] of cases) {
      const { links } = await landing(path);
      expect(hrefs(links, 'cite-as').length, path).toBe(citeAs);
      expect(hrefs(links, 'collection'), path).toEqual([collection]);
      expect(hrefs(links, 'item').length, path).toBe(items);
      expect(hrefs(links, 'type'), path).toContain('https://schema.org/AboutPage');
    }
    const thesisLinks = (await landing(`/conf/${conf.data.slug}/${thesis.data.slug}`)).links;
    expect(hrefs(thesisLinks, 'describedby')).toEqual([`${ORIGIN}/api/cite/theses/${thesis.data.slug}.bib`]);
  });

  it('a journal issue (a table of contents) names none of its articles\u2019 authors and, without a PID, no cite-as', async () => {
    const { links } = await landing('/journal/issue-with-orcid');
    expect(links).toEqual([
      { rel: 'collection', href: `${ORIGIN}/journal`, type: 'text/html' },
      { rel: 'type', href: 'https://schema.org/PublicationIssue' },
      { rel: 'type', href: 'https://schema.org/AboutPage' },
    ]);
    const seeded = (await landing(`/journal/${issue.data.slug}`)).links;
    expect(seeded.filter((l) => l.rel === 'item').map((l) => l.type)).toEqual(['application/pdf']);
    expect(hrefs(seeded, 'cite-as')).toEqual([]);
  });

  it('an article of its own page (a thesis) keeps its authors\u2019 ORCID iDs and its cite-as', async () => {
    const { links } = await landing(`/conf/${conf.data.slug}/thesis-with-orcid`);
    expect(hrefs(links, 'author')).toEqual([`https://orcid.org/${ORCID}`]);
    expect(hrefs(links, 'cite-as')).toEqual([`${ORIGIN}/conf/${conf.data.slug}/thesis-with-orcid`]);
  });

  it('each file of a landing page points back to it (rel="collection"), in full and in ranges', async () => {
    const cases = [
      `/data_repo/${dataset.data.slug}`,
      `/publications/${pub.data.slug}`,
      `/conf/${conf.data.slug}/${thesis.data.slug}`,
      `/journal/${issue.data.slug}`,
    ];
    for (const path of cases) {
      const { links } = await landing(path);
      for (const item of hrefs(links, 'item')) {
        const url = item.slice(ORIGIN.length);
        for (const headers of [{}, { range: 'bytes=0-9' }]) {
          const res = await server.app.inject({ method: 'GET', url, headers });
          expect([200, 206], url).toContain(res.statusCode);
          expect(parseLinkHeader(res.headers.link), url).toEqual([
            { rel: 'collection', href: `${ORIGIN}${path}`, type: 'text/html' },
          ]);
        }
      }
    }
  });

  it('a file that belongs to no visible page has no Link header', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/v0/b/x/o/public%2Fno-such-file.csv?alt=media' });
    expect(res.headers.link).toBeUndefined();
  });

  it('pages that are not scholarly works have no signposting', async () => {
    for (const path of ['/', '/data_repo', '/publications']) {
      const res = await server.get(path);
      expect(res.headers.link, path).toBeUndefined();
      expect(headLinks(res.body), path).toEqual([]);
    }
  });
});
