/**
 * Issue 14, items 3, 4 and 6 on the seeded site: each page type's JSON-LD (parsed, with its type's
 * required properties), Highwire citation meta on theses, publications and journal issues, Open
 * Graph images, and the «Цитувати» downloads (BibTeX, RIS, CSL-JSON) read back with citation-js.
 */
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import '@citation-js/plugin-ris';
import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSet } from '../../src/server/seed/content/index';
import type { SeedDocument, SeedSet } from '../../src/server/seed/types';
import { jsonLdProblems, readHead, type HeadFacts } from '../support/structuredData';
import { startTestServer, type TestServer } from './helpers';

const PUBLIC_URL = 'https://uhmi.example.org';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
});
afterAll(async () => {
  await server.dispose();
});

const published = <K extends keyof SeedSet>(key: K): Array<SeedDocument<K>> =>
  (seedSet[key] ?? []).filter((d) => (d.data as { status?: string }).status === 'published');
const conference = (id: string | null | undefined) => published('conferences').find((c) => c.id === id)!;

async function head(url: string): Promise<HeadFacts> {
  const res = await server.get(url);
  expect(res.status, url).toBe(200);
  return readHead(res.body);
}

/**
 * The one node of a type on a page, checked complete. `T` names the properties a test reads (JSON-LD
 * is parsed, so this is the test's expectation of its shape, checked by the assertions that follow).
 */
function node<T = Record<string, unknown>>(facts: HeadFacts, type: string): T {
  expect(facts.badJsonLd).toEqual([]);
  const found = facts.jsonLd.filter((n) => n['@type'] === type);
  expect(found.length, type).toBeGreaterThan(0);
  for (const n of found) expect(jsonLdProblems(n)).toEqual([]);
  return found[0] as T;
}
type Named = { name: string };

/** GET through inject of a URL on the public origin. */
async function fetchPublic(url: string) {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  return server.app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
}

const meta = (facts: HeadFacts, name: string) => facts.meta.get(name) ?? [];

describe('structured data of each page type', () => {
  it('home: Organization with logo, postal address and contact points from the contacts', async () => {
    const org = node<{
      logo: string;
      address: unknown;
      contactPoint: Array<{ contactType: string; telephone: string }>;
    }>(await head('/'), 'Organization');
    expect(org.logo).toBe(`${PUBLIC_URL}/icon-512.png`);
    expect((await fetchPublic(org.logo)).statusCode).toBe(200);
    expect(org.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'Київ',
      postalCode: '03028',
      addressCountry: 'UA',
    });
    const contacts = published('contacts').filter((c) => c.data.phones?.length || c.data.email);
    expect(org.contactPoint.map((c) => c.contactType)).toEqual(
      expect.arrayContaining(contacts.map((c) => c.data.title)),
    );
    expect(org.contactPoint[0]!.telephone).toMatch(/^\+380 /);
  });

  it('an inner page: BreadcrumbList from Головна to the page, with absolute URLs', async () => {
    const news = published('news')[0]!;
    const list = node<{ itemListElement: Array<Named & { item: string }> }>(
      await head(`/News/${news.data.slug}`),
      'BreadcrumbList',
    );
    expect(list.itemListElement.map((i) => i.name)).toEqual(['Головна', 'Новини', news.data.title]);
    expect(list.itemListElement.at(-1)!.item).toBe(`${PUBLIC_URL}/News/${news.data.slug}`);
  });

  it('a news item: NewsArticle with headline, dates, image, author and publisher', async () => {
    const news = published('news')[0]!;
    const facts = await head(`/News/${news.data.slug}`);
    const article = node<{ headline: string; datePublished: string; dateModified: string; image: string[] }>(
      facts,
      'NewsArticle',
    );
    expect(article.headline).toBe(news.data.title);
    expect(article.datePublished).toBe(new Date(news.data.date).toISOString());
    expect(article.dateModified >= article.datePublished).toBe(true);
    expect(meta(facts, 'og:type')).toEqual(['article']);
    expect(article.image[0]).toBe(meta(facts, 'og:image')[0]);
    expect((await fetchPublic(article.image[0]!)).statusCode).toBe(200);
  });

  it('/Trainings: one Event per training, its attendance mode from its format', async () => {
    const facts = await head('/Trainings');
    node(facts, 'Event');
    const events = facts.jsonLd.filter((n) => n['@type'] === 'Event');
    expect(events.map((e) => e.name).sort()).toEqual(
      published('trainings')
        .map((t) => t.data.title)
        .sort(),
    );
    const online = published('trainings').find((t) => t.data.format === 'online')!;
    const event = events.find((e) => e.name === online.data.title)!;
    expect(event.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    expect((event.location as { '@type': string })['@type']).toBe('VirtualLocation');
  });

  it('a conference: Event with dates, place, organizer and status', async () => {
    const conf = published('conferences')[0]!;
    const event = node(await head(`/conf/${conf.data.slug}`), 'Event');
    expect(event).toMatchObject({
      name: conf.data.title,
      startDate: conf.data.startDate,
      endDate: conf.data.endDate,
      eventStatus: 'https://schema.org/EventScheduled',
    });
  });

  it('a publication and a thesis: ScholarlyArticle with authors and date', async () => {
    const pub = published('publications').find((p) => p.data.authors?.length)!;
    const article = node<{ author: Named[]; datePublished: string }>(
      await head(`/publications/${pub.data.slug}`),
      'ScholarlyArticle',
    );
    expect(article.author.map((a) => a.name)).toEqual(pub.data.authors);
    expect(article.datePublished).toBe(String(pub.data.year));
    const thesis = published('theses')[0]!;
    const conf = conference(thesis.data.conferenceId);
    const paper = node<{ author: Named[]; isPartOf: { url: string } }>(
      await head(`/conf/${conf.data.slug}/${thesis.data.slug}`),
      'ScholarlyArticle',
    );
    expect(paper.author.map((a) => a.name)).toEqual(thesis.data.authors.map((a) => a.name));
    expect(paper.isPartOf.url).toBe(`${PUBLIC_URL}/conf/${conf.data.slug}`);
  });

  it('a journal issue: PublicationIssue in a PublicationVolume of the Periodical, its articles as parts', async () => {
    const issue = published('journal').find((j) => j.data.toc?.length)!;
    const node_ = node<{
      issueNumber: string;
      isPartOf: { volumeNumber: string; isPartOf: Named };
      hasPart: unknown[];
    }>(await head(`/journal/${issue.data.slug}`), 'PublicationIssue');
    expect(node_.issueNumber).toBe(String(issue.data.number));
    expect(node_.isPartOf.volumeNumber).toBe(String(issue.data.volume));
    expect(node_.isPartOf.isPartOf.name).toBe('Метеорологія. Гідрологія. Моніторинг довкілля');
    expect(node_.hasPart).toHaveLength(issue.data.toc!.length);
  });

  it.each(published('dataRepo').map((d) => [d.data.slug, d] as const))(
    'dataset %s: Dataset with its own identifier, coverage, licence and downloadable distribution',
    async (slug, seed) => {
      const dataset = node<{
        name: string;
        identifier: string;
        temporalCoverage: string;
        spatialCoverage: Named;
        license: string;
        distribution: Array<{ contentUrl: string }>;
      }>(await head(`/data_repo/${slug}`), 'Dataset');
      expect(dataset.name).toBe(seed.data.title);
      // The dataset's own identifier, never the DOI of the article that describes it.
      if (seed.data.articleDoi) expect(dataset.identifier).not.toContain(seed.data.articleDoi);
      expect(dataset.temporalCoverage).toBe(`${seed.data.periodStart}/${seed.data.periodEnd}`);
      expect(dataset.spatialCoverage.name).toBe('Україна');
      expect(dataset.license).toMatch(/^https:\/\/creativecommons\.org\/licenses\//);
      for (const d of dataset.distribution)
        expect((await fetchPublic(d.contentUrl)).statusCode, d.contentUrl).toBeLessThan(400);
    },
  );
});

describe('Google Scholar citation meta', () => {
  it('a thesis: title, one citation_author per author, YYYY/MM/DD date, conference, absolute PDF URL, language', async () => {
    const thesis = published('theses').find((t) => t.data.pdf)!;
    const conf = conference(thesis.data.conferenceId);
    const facts = await head(`/conf/${conf.data.slug}/${thesis.data.slug}`);
    expect(meta(facts, 'citation_title')).toEqual([thesis.data.title]);
    expect(meta(facts, 'citation_author')).toEqual(thesis.data.authors.map((a) => a.name));
    expect(meta(facts, 'citation_publication_date')).toEqual([conf.data.startDate.replace(/-/g, '/')]);
    expect(meta(facts, 'citation_conference_title')).toEqual([conf.data.title]);
    expect(meta(facts, 'citation_language')).toEqual(['uk']);
    const pdf = await fetchPublic(meta(facts, 'citation_pdf_url')[0]!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('a journal issue (a table of contents) has none; each article has an anchor its JSON-LD part names', async () => {
    const issue = published('journal').find((j) => j.data.pdf && j.data.toc?.length)!;
    const facts = await head(`/journal/${issue.data.slug}`);
    expect([...facts.meta.keys()].filter((k) => k.startsWith('citation_'))).toEqual([]);
    const parts = node<{ hasPart: Array<{ url: string; name: string }> }>(facts, 'PublicationIssue').hasPart;
    const html = (await server.get(`/journal/${issue.data.slug}`)).body;
    parts.forEach((part, i) => {
      expect(part.name).toBe(issue.data.toc![i]!.title);
      expect(part.url).toBe(`${PUBLIC_URL}/journal/${issue.data.slug}#article-${i + 1}`);
      expect(html).toContain(`<li id="article-${i + 1}">`);
    });
  });

  it('a publication: title, authors (the institute when none are named), year, publisher, DOI when it has one', async () => {
    for (const pub of published('publications')) {
      const facts = await head(`/publications/${pub.data.slug}`);
      expect(meta(facts, 'citation_title')).toEqual([pub.data.title]);
      // «та ін.» (et al.) names no author: not in the metadata, though the page shows it.
      const named = (pub.data.authors ?? []).map((a) => a.replace(/\s*та ін\.$/, ''));
      expect(meta(facts, 'citation_author')).toEqual(
        named.length ? named : ['Український гідрометеорологічний інститут'],
      );
      expect(meta(facts, 'citation_publication_date')).toEqual([String(pub.data.year)]);
      expect(meta(facts, 'citation_doi')).toEqual(pub.data.doi ? [pub.data.doi] : []);
    }
  });

  it('puts none on pages that are not scholarly works', async () => {
    const facts = await head(`/News/${published('news')[0]!.data.slug}`);
    expect([...facts.meta.keys()].filter((k) => k.startsWith('citation_'))).toEqual([]);
  });
});

describe('«Цитувати»: BibTeX, RIS and CSL-JSON downloads', () => {
  const pub = published('publications').find((p) => p.data.authors?.length)!;
  const thesis = published('theses')[0]!;
  const dataset = published('dataRepo').find((d) => d.data.slug?.includes('.'))!;
  const cases = [
    ['publications', pub.data.slug, pub.data.title, `/publications/${pub.data.slug}`],
    [
      'theses',
      thesis.data.slug,
      thesis.data.title,
      `/conf/${conference(thesis.data.conferenceId).data.slug}/${thesis.data.slug}`,
    ],
    ['datasets', dataset.data.slug, dataset.data.title, `/data_repo/${dataset.data.slug}`],
  ] as const;

  it.each(cases)(
    '%s: the page links the three downloads, which work without JavaScript',
    async (type, slug, title, page) => {
      const res = await server.get(page);
      expect(res.body).toContain('<h2 id="cite-links-title">Цитувати</h2>');
      for (const ext of ['bib', 'ris', 'json'])
        expect(res.body).toContain(`href="/api/cite/${type}/${encodeURIComponent(slug)}.${ext}"`);
      expect(title).toBeTruthy();
    },
  );

  it.each(cases)('%s: each format is an attachment that parses back to the record', async (type, slug, title) => {
    const get = (ext: string) =>
      server.app.inject({ method: 'GET', url: `/api/cite/${type}/${encodeURIComponent(slug)}.${ext}` });

    const json = await get('json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/vnd.citationstyles.csl+json; charset=utf-8');
    expect(parseDisposition(String(json.headers['content-disposition']))).toMatchObject({
      type: 'attachment',
      parameters: { filename: `${slug}.json` },
    });
    const [item] = JSON.parse(json.body) as Array<{
      title: string;
      author: Array<{ family?: string; literal?: string }>;
      URL: string;
    }>;
    expect(item!.title).toBe(title);
    expect(item!.author.length).toBeGreaterThan(0);
    expect(item!.URL.startsWith(`${PUBLIC_URL}/`)).toBe(true);

    // BibTeX: the key is the slug's letters and digits.
    const bib = await get('bib');
    expect(bib.statusCode).toBe(200);
    expect(bib.headers['content-type']).toBe('application/x-bibtex; charset=utf-8');
    expect(parseDisposition(String(bib.headers['content-disposition'])).parameters.filename).toBe(`${slug}.bib`);
    expect(bib.body).toMatch(
      new RegExp(
        `^@(article|book|inproceedings|misc|report|techreport|dataset)\\{${slug.replace(/[^A-Za-z0-9]/g, '')},`,
        'm',
      ),
    );
    expect((new Cite(bib.body).data as Array<{ title: string }>)[0]!.title).toBe(title);

    const ris = await get('ris');
    expect(ris.statusCode).toBe(200);
    expect(ris.headers['content-type']).toBe('application/x-research-info-systems; charset=utf-8');
    expect(ris.body).toMatch(/^TY {2}- \w+/m);
    expect(ris.body).toMatch(/^ER {2}- ?$/m);
    expect((new Cite(ris.body).data as Array<{ title: string }>)[0]!.title).toBe(title);
  });

  it('a thesis is an @inproceedings with its conference as booktitle', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/cite/theses/${thesis.data.slug}.bib` });
    expect(res.body).toMatch(new RegExp(`^@inproceedings\\{${thesis.data.slug.replace(/-/g, '')},`));
    expect(res.body).toContain(conference(thesis.data.conferenceId).data.title);
    // BibTeX has no day: the month alone (a number), never «nov 18».
    const month = new Date(conference(thesis.data.conferenceId).data.startDate).getUTCMonth() + 1;
    expect(res.body).toMatch(new RegExp(`^\\s*month = \\{${month}\\},$`, 'm'));
  });

  it('a thesis\u2019s RIS has one KW line per keyword, each exactly as written', async () => {
    const withKeywords = published('theses').find((t) => (t.data.keywords?.length ?? 0) > 1)!;
    const res = await server.app.inject({ method: 'GET', url: `/api/cite/theses/${withKeywords.data.slug}.ris` });
    const kw = res.body.split('\n').filter((line) => line.startsWith('KW  - '));
    expect(kw).toEqual(withKeywords.data.keywords!.map((k) => `KW  - ${k}`));
  });

  it('answers 404, never 500, for an unknown type, format or record, and for drafts', async () => {
    const draft = seedSet.publications?.find((p) => p.data.status === 'draft');
    const urls = [
      '/api/cite/news/x.bib',
      `/api/cite/publications/${pub.data.slug}.docx`,
      '/api/cite/publications/no-such.bib',
      '/api/cite/theses/.bib',
      '/api/cite/publications/x',
    ];
    if (draft) urls.push(`/api/cite/publications/${draft.data.slug}.bib`);
    for (const url of urls) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('citation files agree with the page, its meta, DataCite and OAI', () => {
  const cite = (type: string, slug: string, ext: string) =>
    server.app.inject({ method: 'GET', url: `/api/cite/${type}/${encodeURIComponent(slug)}.${ext}` });
  const risLines = (ris: string, tag: string) =>
    ris
      .split('\n')
      .filter((l) => l.startsWith(`${tag}  - `))
      .map((l) => l.slice(6));

  it.each(published('dataRepo').map((d) => [d.data.slug, d] as const))(
    'dataset %s: the same creators and year in .bib/.ris/.json as in its DataCite record',
    async (slug) => {
      const xml = (await server.app.inject({ method: 'GET', url: `/api/datacite/${encodeURIComponent(slug)}.xml` }))
        .body;
      const creators = [...xml.matchAll(/<creatorName[^>]*>([^<]+)<\/creatorName>/g)].map((m) => m[1]!);
      const year = /<publicationYear>(\d{4})<\/publicationYear>/.exec(xml)![1]!;
      expect(creators.length).toBeGreaterThan(0);

      const ris = (await cite('datasets', slug, 'ris')).body;
      expect(risLines(ris, 'AU')).toEqual(creators);
      expect(risLines(ris, 'PY')).toEqual([year]);
      const [item] = JSON.parse((await cite('datasets', slug, 'json')).body) as Array<{
        author: Array<{ family?: string; given?: string; literal?: string }>;
        issued: { 'date-parts': number[][] };
      }>;
      expect(item!.author.map((a) => a.literal ?? `${a.family}, ${a.given}`)).toEqual(creators);
      expect(item!.issued['date-parts'][0]![0]).toBe(Number(year));
      const bib = (await cite('datasets', slug, 'bib')).body;
      expect(bib).toMatch(new RegExp(`^\\s*year = \\{${year}\\},$`, 'm'));
    },
  );

  it('publications and theses: the language of .ris/.json and JSON-LD is the page\u2019s citation_language', async () => {
    const works = [
      ...published('publications').map((p) => ['publications', p.data.slug, `/publications/${p.data.slug}`] as const),
      ...published('theses')
        .slice(0, 5)
        .map(
          (t) => ['theses', t.data.slug, `/conf/${conference(t.data.conferenceId).data.slug}/${t.data.slug}`] as const,
        ),
    ];
    const seen = new Set<string>();
    for (const [type, slug, page] of works) {
      const facts = await head(page);
      const [language] = meta(facts, 'citation_language');
      seen.add(language!);
      expect(facts.jsonLd.find((n) => n['@type'] === 'ScholarlyArticle')?.inLanguage, slug).toBe(language);
      expect(risLines((await cite(type, slug, 'ris')).body, 'LA'), slug).toEqual([language]);
      const [item] = JSON.parse((await cite(type, slug, 'json')).body) as Array<{ language: string }>;
      expect(item!.language, slug).toBe(language);
    }
    expect([...seen].sort()).toEqual(['en', 'uk']);
  });

  it('a thesis of a hybrid conference in Kyiv: RIS CY and CSL event-place are the city, no street or format note', async () => {
    const conf = published('conferences').find((c) => /змішаний формат/.test(c.data.location ?? ''))!;
    expect(conf.data.location).toMatch(/^Київ, просп\./);
    const thesis = published('theses').find((t) => t.data.conferenceId === conf.id)!;
    expect(risLines((await cite('theses', thesis.data.slug, 'ris')).body, 'CY')).toEqual(['Київ']);
    const [item] = JSON.parse((await cite('theses', thesis.data.slug, 'json')).body) as Array<Record<string, unknown>>;
    expect(item!['event-place']).toBe('Київ');
  });

  it('a journal article: its journal, volume and article number everywhere; «та ін.» in no author name', async () => {
    const article = published('publications').find((p) => p.data.kind === 'article' && p.data.journalTitle)!;
    expect(article.data.authors).toEqual(['Skrynyk O. та ін.']);
    const slug = article.data.slug;
    const page = await server.get(`/publications/${slug}`);
    expect(page.body).toContain('Skrynyk O. та ін.');
    expect(page.body).toContain('Data in Brief, т. 44, 108553');
    const facts = readHead(page.body);
    expect(meta(facts, 'citation_author')).toEqual(['Skrynyk O.']);
    expect(meta(facts, 'citation_journal_title')).toEqual(['Data in Brief']);
    expect(meta(facts, 'citation_volume')).toEqual(['44']);
    expect(meta(facts, 'citation_firstpage')).toEqual(['108553']);
    expect(meta(facts, 'citation_publisher')).toEqual(['Elsevier']);

    const bib = (await cite('publications', slug, 'bib')).body;
    expect(bib).toMatch(/^@article\{/);
    expect(bib).toMatch(/^\s*journal = \{Data in Brief\},$/m);
    expect(bib).toMatch(/^\s*volume = \{44\},$/m);
    expect(bib).toMatch(/^\s*pages = \{108553\},$/m);
    expect(bib).toMatch(/^\s*author = \{Skrynyk, O\.\},$/m);
    const ris = (await cite('publications', slug, 'ris')).body;
    expect(risLines(ris, 'JO')).toEqual(['Data in Brief']);
    expect(risLines(ris, 'VL')).toEqual(['44']);
    expect(risLines(ris, 'SP')).toEqual(['108553']);
    expect(risLines(ris, 'AU')).toEqual(['Skrynyk, O.']);
    const [item] = JSON.parse((await cite('publications', slug, 'json')).body) as Array<Record<string, unknown>>;
    expect(item).toMatchObject({ 'container-title': 'Data in Brief', volume: '44', page: '108553' });
    expect(JSON.stringify([bib, ris, item])).not.toMatch(/та ін\./);
  });
});
