/**
 * The OAI-PMH endpoint on the real, seeded server: every verb and every error answers a document
 * the official OAI-PMH 2.0 and oai_dc schemas accept (libxml2 through xmllint-wasm); Identify names
 * the institute; the records are the published articles, theses, publications and datasets of the
 * site's own lists; from/until select by datestamp at both granularities; resumption tokens carry
 * cursor, size and expiry, and forged, altered, foreign or expired ones are refused; GET and POST
 * answer alike; an unpublished or deleted document answers as deleted; a publication's and a
 * thesis's language is the one their pages' citation_language gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentAdminService } from '../../src/server/content/admin';
import { OaiRepository } from '../../src/server/oai/repository';
import { seedSet } from '../../src/server/seed/content/index';
import { contentTypes } from '../../src/shared/content/registry';
import { parseOai, type OaiAnswer } from '../support/oaiPmh';
import { readHead } from '../support/structuredData';
import { OAI_PMH_SCHEMAS, xmlSchemaErrors, xsdErrors } from '../support/xmlSchema';
import { startTestServer, trpc, type TestServer } from './helpers';

const ORIGIN = 'https://uhmi.example.org';
const ID = (local: string) => `oai:uhmi.example.org:${local}`;
const ADMIN = { uid: 'admin-1', email: 'admin@uhmi.example.org', role: 'admin' as const };

let server: TestServer;
/** The server's clock runs ahead of the real one by this much (token expiry). */
let clockOffset = 0;
/** Every answer of the file, validated together at the end of each test. */
let answered: string[] = [];

async function oai(query: string, method: 'GET' | 'POST' = 'GET'): Promise<OaiAnswer & { xml: string }> {
  const res =
    method === 'GET'
      ? await server.app.inject({ method, url: `/oai${query ? `?${query}` : ''}` })
      : await server.app.inject({
          method,
          url: '/oai',
          payload: query,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
  expect(res.statusCode, query).toBe(200);
  expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
  answered.push(res.body);
  return { ...parseOai(res.body), xml: res.body };
}

/** Every oai_dc record of an answer as a document of its own (see xmlSchemaErrors). */
const dcRecords = (xml: string) => [...xml.matchAll(/<oai_dc:dc[\s\S]*?<\/oai_dc:dc>/g)].map((m) => m[0]);

async function expectValid(): Promise<void> {
  const docs = [...answered, ...answered.flatMap(dcRecords)];
  answered = [];
  expect(await xmlSchemaErrors(docs, OAI_PMH_SCHEMAS)).toEqual([]);
}

/** Every header of a list, through its resumption tokens. */
async function harvest(query: string, verb = 'ListIdentifiers'): Promise<OaiAnswer['headers']> {
  const out: OaiAnswer['headers'] = [];
  let answer = await oai(`verb=${verb}&${query}`);
  for (;;) {
    if (answer.errors[0]?.code === 'noRecordsMatch') return out;
    out.push(...answer.headers);
    if (!answer.token?.value) return out;
    answer = await oai(`verb=${verb}&resumptionToken=${encodeURIComponent(answer.token.value)}`);
  }
}

async function items(procedure: string, input: Record<string, unknown> = {}): Promise<Array<Record<string, unknown>>> {
  const answer = await trpc(server, 'query', procedure, { limit: 100, ...input });
  return (answer.data as { items: Array<Record<string, unknown>> }).items;
}

/**
 * The first page of a list from a repository over the server's store that pages 10 records at a
 * time (the seed has fewer than 100 per list); its tokens are the endpoint's (one key in the store).
 */
async function smallFirstPage(query: string): Promise<OaiAnswer> {
  const repository = new OaiRepository({
    content: server.content,
    origin: ORIGIN,
    adminEmail: 'a@b.org',
    pageSize: 10,
  });
  return parseOai(await repository.answer(new URLSearchParams(query)));
}

beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: ORIGIN }, { now: () => new Date(Date.now() + clockOffset) });
});
afterAll(async () => {
  await server.dispose();
});

describe('/oai', () => {
  it('Identify names the institute, its admin email, the earliest datestamp and persistent deletions', async () => {
    const answer = await oai('verb=Identify');
    const identify = answer.body;
    expect(identify.repositoryName).toBe('Український гідрометеорологічний інститут');
    expect(identify.baseURL).toBe(`${ORIGIN}/oai`);
    expect(identify.protocolVersion).toBe('2.0');
    expect(identify.adminEmail).toEqual([server.config.supportEmail]);
    expect(identify.deletedRecord).toBe('persistent');
    expect(identify.granularity).toBe('YYYY-MM-DDThh:mm:ssZ');
    const earliest = String(identify.earliestDatestamp);
    const all = await harvest('metadataPrefix=oai_dc');
    expect(all.length).toBeGreaterThan(20);
    expect(all.every((h) => h.datestamp >= earliest)).toBe(true);
    expect(all.some((h) => h.datestamp === earliest)).toBe(true);
    await expectValid();
  });

  it('lists the formats and the sets: each type, each published journal issue and conference', async () => {
    const formats = await oai('verb=ListMetadataFormats');
    expect((formats.body.metadataFormat as Array<Record<string, string>>).map((f) => f.metadataPrefix)).toContain(
      'oai_dc',
    );
    const sets = (await oai('verb=ListSets')).sets.map((s) => s.spec);
    const issues = (await items('journal.list')).map((i) => `articles:${String(i.id)}`);
    const conferences = (await items('conferences.list')).map((c) => `theses:${String(c.id)}`);
    expect(sets.sort()).toEqual(['articles', 'theses', 'publications', 'datasets', ...issues, ...conferences].sort());
    await expectValid();
  });

  it('disseminates exactly the published publications, datasets, theses and articles of the site', async () => {
    const ids = async (set: string) => (await harvest(`metadataPrefix=oai_dc&set=${set}`)).map((h) => h.identifier);
    const publications = (await items('publications.list')).map((p) => ID(`publications/${String(p.id)}`));
    expect((await ids('publications')).sort()).toEqual(publications.sort());
    const datasets = (await items('dataRepo.list')).map((d) => ID(`dataRepo/${String(d.id)}`));
    expect((await ids('datasets')).sort()).toEqual(datasets.sort());
    for (const conference of await items('conferences.list')) {
      const theses = (await items('theses.list', { filter: { conferenceId: conference.id } })).map((t) =>
        ID(`theses/${String(t.id)}`),
      );
      expect((await ids(`theses:${String(conference.id)}`)).sort()).toEqual(theses.sort());
    }
    for (const issue of await items('journal.list')) {
      const full = (await trpc(server, 'query', 'journal.get', { idOrSlug: issue.slug })).data as { toc: unknown[] };
      const articles = full.toc.map((_, n) => ID(`journal/${String(issue.id)}/${n + 1}`));
      expect(await ids(`articles:${String(issue.id)}`)).toEqual(articles);
    }
    await expectValid();
  });

  it('disseminates every dataset as oai_datacite, valid DataCite 4.5, and no other kind of work', async () => {
    const formats = await oai('verb=ListMetadataFormats');
    const datacite = (formats.body.metadataFormat as Array<Record<string, string>>).find(
      (f) => f.metadataPrefix === 'oai_datacite',
    );
    expect(datacite?.metadataNamespace).toBe('http://datacite.org/schema/kernel-4');
    const datasets = await items('dataRepo.list');
    const records = await oai('verb=ListRecords&metadataPrefix=oai_datacite');
    expect(records.headers.map((h) => h.identifier).sort()).toEqual(
      datasets.map((d) => ID(`dataRepo/${String(d.id)}`)).sort(),
    );
    const resources = [...records.xml.matchAll(/<resource [\s\S]*?<\/resource>/g)].map((m) => m[0]);
    expect(resources).toHaveLength(datasets.length);
    for (const resource of resources) {
      expect(await xsdErrors(resource, 'datacite-kernel-4.5', 'metadata.xsd')).toEqual([]);
    }
    for (const d of datasets) expect(records.xml).toContain(`${ORIGIN}/data_repo/${String(d.slug)}`);
    const [publication] = await items('publications.list');
    const refused = await oai(
      `verb=GetRecord&metadataPrefix=oai_datacite&identifier=${ID(`publications/${String(publication!.id)}`)}`,
    );
    expect(refused.errors.map((e) => e.code)).toEqual(['cannotDisseminateFormat']);
    await expectValid();
  });

  it('GetRecord describes a publication as its page does, and ListRecords pages through tokens', async () => {
    const [publication] = await items('publications.list');
    const record = await oai(
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${ID(`publications/${String(publication!.id)}`)}`,
    );
    const dc = record.records[0]!.dc!;
    expect(dc.title).toEqual([publication!.title]);
    const url = `${ORIGIN}/publications/${String(publication!.slug)}`;
    expect(dc.identifier).toContain(url);
    expect((await server.get(url.slice(ORIGIN.length))).status).toBe(200);
    // A list in pages of 10, resumed at the endpoint: cursor, size and expiry on every token.
    const first = await smallFirstPage('verb=ListRecords&metadataPrefix=oai_dc');
    const all = await harvest('metadataPrefix=oai_dc');
    expect(first.token?.cursor).toBe(0);
    expect(first.token?.completeListSize).toBe(all.length);
    expect(Date.parse(first.token!.expirationDate!)).toBeGreaterThan(Date.now());
    const second = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(first.token!.value)}`);
    expect(second.token?.cursor).toBe(10);
    expect(second.token?.completeListSize).toBe(all.length);
    // The endpoint's pages of 100 finish the list.
    expect(second.token?.value).toBe('');
    expect([...first.headers, ...second.headers].map((h) => h.identifier)).toEqual(all.map((h) => h.identifier));
    await expectValid();
  });

  it('a journal article record is identified by its anchor on the issue page', async () => {
    const issue = seedSet.journal!.find((j) => j.data.status === 'published' && (j.data.toc?.length ?? 0) > 1)!;
    const record = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${ID(`journal/${issue.id}/2`)}`);
    const dc = record.records[0]!.dc!;
    expect(dc.title).toEqual([issue.data.toc![1]!.title]);
    const url = `${ORIGIN}/journal/${issue.data.slug}#article-2`;
    expect(dc.identifier).toContain(url);
    expect((await server.get(`/journal/${issue.data.slug}`)).body).toContain('<li id="article-2">');
    await expectValid();
  });

  it('a journal article among publications: its journal as dc:source, «та ін.» in no dc:creator', async () => {
    const article = seedSet.publications!.find((p) => p.data.kind === 'article' && p.data.journalTitle)!;
    const record = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${ID(`publications/${article.id}`)}`);
    const dc = record.records[0]!.dc!;
    expect(dc.creator).toEqual(['Skrynyk O.']);
    expect(dc.source).toEqual(['Data in Brief, т. 44, 108553']);
    await expectValid();
  });

  it('a thesis record names its conference, the city (no street, no format note) and the date as dc:source', async () => {
    const conference = seedSet.conferences!.find((c) => /змішаний формат/.test(c.data.location ?? ''))!;
    const thesis = seedSet.theses!.find((t) => t.data.conferenceId === conference.id && t.data.status === 'published')!;
    const record = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${ID(`theses/${thesis.id}`)}`);
    expect(record.records[0]!.dc!.source).toEqual([`${conference.data.title}, Київ, ${conference.data.startDate}`]);
    await expectValid();
  });

  it('selects by datestamp at day and second granularity', async () => {
    const all = await harvest('metadataPrefix=oai_dc');
    const newest = all
      .map((h) => h.datestamp)
      .sort()
      .at(-1)!;
    const day = newest.slice(0, 10);
    const dayBefore = new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
    expect((await harvest(`metadataPrefix=oai_dc&until=${day}`)).length).toBe(all.length);
    expect((await harvest(`metadataPrefix=oai_dc&from=${newest}&until=${newest}`)).map((h) => h.datestamp)).toEqual(
      all.filter((h) => h.datestamp === newest).map((h) => h.datestamp),
    );
    const later = new Date(Date.parse(newest) + 1000).toISOString().slice(0, 19) + 'Z';
    expect((await oai(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=${later}`)).errors[0]?.code).toBe(
      'noRecordsMatch',
    );
    const earlier = all.filter((h) => h.datestamp <= `${dayBefore}T23:59:59Z`).length;
    expect((await harvest(`metadataPrefix=oai_dc&until=${dayBefore}`)).length).toBe(earlier);
    await expectValid();
  });

  it.each([
    ['', 'badVerb'],
    ['verb=Harvest', 'badVerb'],
    ['verb=Identify&verb=Identify', 'badVerb'],
    ['verb=Identify&set=articles', 'badArgument'],
    ['verb=ListRecords', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01&until=2025-12-31T00:00:00Z', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-02-30', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01T10:00:00', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-01-01&until=2025-01-01', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=bad%20set', 'badArgument'],
    ['verb=GetRecord&identifier=oai:uhmi.example.org:publications/x', 'badArgument'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:uhmi.example.org:a%20b', 'badArgument'],
    ['verb=ListRecords&metadataPrefix=marc21', 'cannotDisseminateFormat'],
    ['verb=GetRecord&metadataPrefix=mods&identifier=oai:uhmi.example.org:publications/x', 'cannotDisseminateFormat'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:elsewhere.org:publications/x', 'idDoesNotExist'],
    ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:uhmi.example.org:publications/nope', 'idDoesNotExist'],
    ['verb=ListMetadataFormats&identifier=oai:uhmi.example.org:journal/nope/1', 'idDoesNotExist'],
    ['verb=ListRecords&metadataPrefix=oai_dc&set=conferences', 'noRecordsMatch'],
    ['verb=ListIdentifiers&metadataPrefix=oai_dc&from=2999-01-01', 'noRecordsMatch'],
    ['verb=ListSets&resumptionToken=eyJ2IjoxfQ.forged', 'badResumptionToken'],
    ['verb=ListRecords&resumptionToken=', 'badResumptionToken'],
    ['verb=ListIdentifiers&resumptionToken=', 'badResumptionToken'],
    ['verb=ListSets&resumptionToken=', 'badResumptionToken'],
  ])('%s → %s', async (query, code) => {
    const answer = await oai(query);
    expect(answer.errors.map((e) => e.code)).toEqual([code]);
    expect(answer.request.baseUrl).toBe(`${ORIGIN}/oai`);
    // After badVerb and badArgument the request element carries no arguments.
    if (code === 'badVerb' || code === 'badArgument') expect(answer.request.attributes).toEqual({});
    else expect(answer.request.attributes.verb).toBeTruthy();
    await expectValid();
  });

  it('refuses altered, foreign and expired tokens with badResumptionToken', async () => {
    const first = await smallFirstPage('verb=ListIdentifiers&metadataPrefix=oai_dc');
    const token = first.token!.value;
    expect(token).toBeTruthy();
    const [payload, mac] = token.split('.');
    const state = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { n: number };
    const altered = `${Buffer.from(JSON.stringify({ ...state, n: 0 })).toString('base64url')}.${mac}`;
    const refused = async (query: string) => (await oai(query)).errors.map((e) => e.code);
    expect(await refused(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(altered)}`)).toEqual([
      'badResumptionToken',
    ]);
    expect(await refused(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`)).toEqual([
      'badResumptionToken',
    ]);
    expect((await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`)).errors).toEqual([]);
    clockOffset = 25 * 60 * 60 * 1000;
    try {
      expect(await refused(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`)).toEqual([
        'badResumptionToken',
      ]);
    } finally {
      clockOffset = 0;
    }
    await expectValid();
  });

  it('answers POST (urlencoded) as GET, over HTTP too, and refuses other bodies', async () => {
    const query = 'verb=ListIdentifiers&metadataPrefix=oai_dc&set=datasets';
    const strip = (xml: string) => xml.replace(/<responseDate>[^<]*<\/responseDate>/, '');
    expect(strip((await oai(query, 'POST')).xml)).toBe(strip((await oai(query)).xml));
    const json = await server.app.inject({ method: 'POST', url: '/oai', payload: { verb: 'Identify' } });
    expect(json.statusCode).toBe(415);
    const base = await server.listen();
    const res = await fetch(`${base}/oai`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'verb=Identify',
    });
    expect(res.status).toBe(200);
    expect(parseOai(await res.text()).body.repositoryName).toBe('Український гідрометеорологічний інститут');
    await expectValid();
  });

  it('answers an unpublished dataset and a deleted publication as deleted', async () => {
    const admin = new ContentAdminService(server.content);
    const [dataset] = await items('dataRepo.list');
    const stored = await server.store.get<Record<string, unknown>>('dataRepo', String(dataset!.id));
    await admin.update('dataRepo', stored!.id, stored!.version, { ...stored!.data, status: 'draft' }, ADMIN);
    const [publication] = await items('publications.list');
    await admin.delete('publications', String(publication!.id), {}, ADMIN);
    for (const local of [`dataRepo/${stored!.id}`, `publications/${String(publication!.id)}`]) {
      const record = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${ID(local)}`);
      expect(record.records[0]!.header.deleted, local).toBe(true);
      expect(record.records[0]!.dc).toBeNull();
    }
    const datasets = await harvest('metadataPrefix=oai_dc&set=datasets');
    expect(datasets.find((h) => h.identifier === ID(`dataRepo/${stored!.id}`))?.deleted).toBe(true);
    const publications = await harvest('metadataPrefix=oai_dc&set=publications');
    expect(publications.filter((h) => h.identifier === ID(`publications/${String(publication!.id)}`))).toHaveLength(1);
    await expectValid();
  });

  it('gives an English-titled publication and thesis stated as Ukrainian the language of their pages’ citation_language', async () => {
    // The language field left at its default (uk): the title tells, as for every other record of them.
    const publication = await server.store.create(
      'publications',
      contentTypes.publications.schema.parse({
        title: 'Snow cover trends in the Ukrainian Carpathians',
        slug: 'snow-cover-trends',
        status: 'published',
        kind: 'article',
        year: 2024,
        authors: ['Doe J.'],
      }),
    );
    const conference = seedSet.conferences!.find((c) => c.data.status === 'published')!;
    const thesis = await server.store.create(
      'theses',
      contentTypes.theses.schema.parse({
        title: 'Drought indices for the steppe zone',
        slug: 'drought-indices',
        status: 'published',
        conferenceId: conference.id,
        authors: [{ name: 'Doe J.', affiliation: '' }],
      }),
    );
    for (const [local, path] of [
      [`publications/${publication.id}`, '/publications/snow-cover-trends'],
      [`theses/${thesis.id}`, `/conf/${conference.data.slug}/drought-indices`],
    ] as const) {
      const page = readHead((await server.get(path)).body);
      expect(page.meta.get('citation_language'), path).toEqual(['en']);
      const record = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${ID(local)}`);
      expect(record.records[0]!.dc!.language, local).toEqual(['en']);
    }
    await expectValid();
  });
});
