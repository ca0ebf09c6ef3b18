/**
 * OAI-PMH harvesting against both stores (SQLite, and Firestore on the emulator): a harvester
 * lists the sets, walks every set (and the whole repository) through its resumption tokens three
 * records a page, and finds exactly the published journal articles, theses, publications and
 * datasets with their sets, every other document as deleted; a document deleted in the admin then
 * reappears in the harvest as deleted, once, and from/until select it by its deletion time; a
 * document scheduled ahead joins the lists when its publication comes, with that datestamp. Every
 * query the repository sends to Firestore has its index in firestore.indexes.json.
 */
import { FieldValue } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentAdminService } from '../../src/server/content/admin';
import type { Actor } from '../../src/server/content/admin/common';
import { ContentService } from '../../src/server/content/service';
import { OaiRepository } from '../../src/server/oai/repository';
import { OAI_SAMPLE_REQUESTS } from '../../src/server/oai/sampleRequests';
import type { FirestoreDocumentStore } from '../../src/server/store/firestore/index';
import { backfillDatestamps } from '../../src/server/store/firestore/datestamps';
import { missingIndexes, type IndexFile, type QueryShape } from '../../src/server/store/firestore/indexes';
import type { DocumentStore } from '../../src/server/store/port';
import { contentTypes } from '../../src/shared/content/registry';
import { parseOai, type OaiAnswer, type OaiHeader } from '../support/oaiPmh';
import { backends, firestoreBackend } from './stores';

const ORIGIN = 'https://uhmi.example.org';
const ID = (local: string) => `oai:uhmi.example.org:${local}`;
const ADMIN: Actor = { uid: 'admin-1', email: 'admin@uhmi.example.org', role: 'admin' };
const author = (name: string) => ({ name, affiliation: 'УкрГМІ' });

/** The test repository's documents: visible ones and ones visitors cannot see. */
function documents() {
  const t = contentTypes;
  const pub = (status: string, extra: Record<string, unknown> = {}) => ({ status, summary: 'Опис.', ...extra });
  return [
    [
      'conferences',
      'confA',
      t.conferences.schema.parse({
        ...pub('published'),
        title: 'Конференція А',
        slug: 'conf-a',
        startDate: '2025-05-01',
        endDate: '2025-05-02',
      }),
    ],
    [
      'conferences',
      'confB',
      t.conferences.schema.parse({
        ...pub('draft'),
        title: 'Конференція Б',
        slug: 'conf-b',
        startDate: '2025-06-01',
        endDate: '2025-06-02',
      }),
    ],
    ...[1, 2, 3, 4, 5].map((i) => [
      'theses',
      `thA${i}`,
      t.theses.schema.parse({
        ...pub('published'),
        title: `Теза ${i}`,
        slug: `teza-${i}`,
        conferenceId: 'confA',
        authors: [author(`Автор ${i}`)],
      }),
    ]),
    [
      'theses',
      'thDraft',
      t.theses.schema.parse({
        ...pub('draft'),
        title: 'Чернетка',
        slug: 'chernetka',
        conferenceId: 'confA',
        authors: [author('Автор')],
      }),
    ],
    [
      'theses',
      'thB1',
      t.theses.schema.parse({
        ...pub('published'),
        title: 'Теза Б',
        slug: 'teza-b',
        conferenceId: 'confB',
        authors: [author('Автор')],
      }),
    ],
    [
      'journal',
      'issue1',
      t.journal.schema.parse({
        ...pub('published'),
        title: 'Випуск 1',
        slug: 'vypusk-1',
        year: 2025,
        volume: 1,
        number: 1,
        toc: [1, 2, 3].map((n) => ({
          title: `Стаття ${n}`,
          authors: [author(`Автор ${n}`)],
          pages: `${n}–${n + 5}`,
          doi: n === 1 ? '10.1234/abc.1' : '',
        })),
      }),
    ],
    [
      'journal',
      'issue2',
      t.journal.schema.parse({
        ...pub('published'),
        title: 'Випуск 2',
        slug: 'vypusk-2',
        year: 2025,
        volume: 1,
        number: 2,
        toc: [1, 2].map((n) => ({ title: `Стаття 2.${n}`, authors: [] })),
      }),
    ],
    [
      'journal',
      'issueDraft',
      t.journal.schema.parse({
        ...pub('draft'),
        title: 'Випуск 3',
        slug: 'vypusk-3',
        year: 2026,
        volume: 2,
        number: 1,
        toc: [{ title: 'Стаття 3.1', authors: [] }],
      }),
    ],
    ...[1, 2, 3, 4].map((i) => [
      'publications',
      `pub${i}`,
      t.publications.schema.parse({
        ...pub('published'),
        title: `Публікація ${i}`,
        slug: `publikatsiia-${i}`,
        kind: 'monograph',
        year: 2020 + i,
        authors: ['Іван Петренко'],
      }),
    ]),
    [
      'publications',
      'pubLater',
      t.publications.schema.parse({
        ...pub('published', { publishedAt: '2099-01-01T00:00:00.000Z' }),
        title: 'Пізніше',
        slug: 'piznishe',
        kind: 'atlas',
        year: 2030,
      }),
    ],
    ...[1, 2, 3].map((i) => [
      'dataRepo',
      `ds${i}`,
      t.dataRepo.schema.parse({ ...pub('published'), title: `Набір ${i}`, slug: `nabir-${i}`, licence: 'CC BY 4.0' }),
    ]),
  ] as Array<[string, string, unknown]>;
}

/** What the harvest must find: identifier → [deleted?, setSpecs]. */
const EXPECTED: Record<string, [boolean, string[]]> = {
  ...Object.fromEntries([1, 2, 3, 4, 5].map((i) => [ID(`theses/thA${i}`), [false, ['theses', 'theses:confA']]])),
  [ID('theses/thDraft')]: [true, ['theses', 'theses:confA']],
  [ID('theses/thB1')]: [true, ['theses', 'theses:confB']],
  ...Object.fromEntries([1, 2, 3].map((n) => [ID(`journal/issue1/${n}`), [false, ['articles', 'articles:issue1']]])),
  ...Object.fromEntries([1, 2].map((n) => [ID(`journal/issue2/${n}`), [false, ['articles', 'articles:issue2']]])),
  [ID('journal/issueDraft/1')]: [true, ['articles', 'articles:issueDraft']],
  ...Object.fromEntries([1, 2, 3, 4].map((i) => [ID(`publications/pub${i}`), [false, ['publications']]])),
  // pubLater (scheduled for 2099) is in no list yet: its datestamp, its publication, is to come.
  ...Object.fromEntries([1, 2, 3].map((i) => [ID(`dataRepo/ds${i}`), [false, ['datasets']]])),
};

describe.each(backends)('OAI-PMH harvest: $name', (backend) => {
  let store: DocumentStore;
  let dispose: () => Promise<void>;
  let repository: OaiRepository;
  let content: ContentService;
  /** The service's clock runs ahead of the real one (and the store's) by this much. */
  let clockOffset = 0;

  const ask = async (args: Record<string, string>): Promise<OaiAnswer> =>
    parseOai(await repository.answer(new URLSearchParams(args)));

  /** Every header of a list, following its resumption tokens; checks cursor and completeListSize. */
  async function harvest(args: Record<string, string>): Promise<OaiHeader[]> {
    const headers: OaiHeader[] = [];
    let query: Record<string, string> = { verb: 'ListRecords', metadataPrefix: 'oai_dc', ...args };
    let size: number | undefined;
    for (let pages = 0; pages < 100; pages += 1) {
      const answer = await ask(query);
      if (!answer.verb) {
        expect(
          answer.errors.map((e) => e.code),
          JSON.stringify(args),
        ).toEqual(['noRecordsMatch']);
        return headers;
      }
      for (const record of answer.records) {
        // A deleted record has no metadata, a live one always has.
        expect(record.dc !== null, record.header.identifier).toBe(!record.header.deleted);
        headers.push(record.header);
      }
      const token = answer.token;
      if (!token) return headers;
      expect(token.cursor).toBe(headers.length - answer.records.length);
      size ??= token.completeListSize;
      expect(token.completeListSize).toBe(size);
      if (!token.value) {
        expect(size).toBe(headers.length);
        return headers;
      }
      query = { verb: 'ListRecords', resumptionToken: token.value };
    }
    throw new Error('the harvest did not end');
  }

  function expectHeaders(headers: OaiHeader[], expected: Record<string, [boolean, string[]]>) {
    const ids = headers.map((h) => h.identifier);
    expect(new Set(ids).size, 'each record once').toBe(ids.length);
    const got = Object.fromEntries(headers.map((h) => [h.identifier, [h.deleted, [...h.sets].sort()]]));
    const want = Object.fromEntries(Object.entries(expected).map(([k, [d, s]]) => [k, [d, [...s].sort()]]));
    expect(got).toEqual(want);
  }

  const inSet = (spec: string) =>
    Object.fromEntries(Object.entries(EXPECTED).filter(([, [, sets]]) => sets.includes(spec)));

  beforeEach(async () => {
    ({ store, dispose } = await backend.open());
    clockOffset = 0;
    content = new ContentService(store, () => new Date(Date.now() + clockOffset));
    repository = new OaiRepository({ content, origin: ORIGIN, adminEmail: 'support@uhmi.example.org', pageSize: 3 });
    await store.createMany(documents().map(([collection, id, data]) => ({ collection, id, data })));
  });
  afterEach(async () => {
    await dispose();
  });

  it('walks every set and the whole repository through its tokens and finds exactly what is published', async () => {
    const specs: string[] = [];
    let sets = await ask({ verb: 'ListSets' });
    for (;;) {
      specs.push(...sets.sets.map((s) => s.spec));
      if (!sets.token?.value) break;
      sets = await ask({ verb: 'ListSets', resumptionToken: sets.token.value });
    }
    // Sub-sets only for what visitors see: the published issues and conference.
    expect(specs.sort()).toEqual(
      ['articles', 'articles:issue1', 'articles:issue2', 'datasets', 'publications', 'theses', 'theses:confA'].sort(),
    );
    for (const spec of specs) expectHeaders(await harvest({ set: spec }), inSet(spec));
    expectHeaders(await harvest({}), EXPECTED);
  });

  it('shows a deleted document as deleted from its deletion on, once, until it is restored', async () => {
    const admin = new ContentAdminService(content);
    // The deletions fall in a later second than the documents' creation.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
    const before = new Date().toISOString();
    await admin.delete('publications', 'pub2', {}, ADMIN);
    await admin.delete('journal', 'issue2', {}, ADMIN);
    const deleted: Record<string, [boolean, string[]]> = {
      ...EXPECTED,
      [ID('publications/pub2')]: [true, ['publications']],
      [ID('journal/issue2/1')]: [true, ['articles', 'articles:issue2']],
      [ID('journal/issue2/2')]: [true, ['articles', 'articles:issue2']],
    };
    expectHeaders(await harvest({ set: 'publications' }), {
      ...inSet('publications'),
      [ID('publications/pub2')]: [true, ['publications']],
    });
    expectHeaders(await harvest({}), deleted);
    // Harvesting from the deletion's second finds the deletions only.
    const since = await harvest({ from: `${before.slice(0, 19)}Z` });
    expect(since.map((h) => [h.identifier, h.deleted]).sort()).toEqual(
      [
        [ID('journal/issue2/1'), true],
        [ID('journal/issue2/2'), true],
        [ID('publications/pub2'), true],
      ].sort(),
    );
    const record = await ask({ verb: 'GetRecord', identifier: ID('publications/pub2'), metadataPrefix: 'oai_dc' });
    expect(record.headers[0]?.deleted).toBe(true);
    // Restored (as a draft) it is one record again, still deleted until published.
    await admin.undelete('publications', 'pub2', ADMIN);
    const again = (await harvest({ set: 'publications' })).filter((h) => h.identifier === ID('publications/pub2'));
    expect(again.map((h) => h.deleted)).toEqual([true]);
    const doc = await store.get<Record<string, unknown>>('publications', 'pub2');
    await admin.update('publications', 'pub2', doc!.version, { ...doc!.data, status: 'published' }, ADMIN);
    const live = (await harvest({ set: 'publications' })).filter((h) => h.identifier === ID('publications/pub2'));
    expect(live.map((h) => h.deleted)).toEqual([false]);
  });

  it('lists a scheduled document from its publication on, with the publication as its datestamp', async () => {
    const second = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
    const publishAt = Math.floor(Date.now() / 1000) * 1000 + 3_600_000;
    await store.create(
      'publications',
      contentTypes.publications.schema.parse({
        status: 'published',
        publishedAt: new Date(publishAt).toISOString(),
        title: 'Заплановано',
        slug: 'zaplanovano',
        kind: 'atlas',
        year: 2026,
      }),
      { id: 'pubSoon' },
    );
    const soon = ID('publications/pubSoon');
    const updatedAt = (await store.get('publications', 'pubSoon'))!.updatedAt;
    // Before its publication: in no list; asked for, it is deleted as of its last update.
    expect((await harvest({ set: 'publications' })).map((h) => h.identifier)).not.toContain(soon);
    const early = await ask({ verb: 'GetRecord', identifier: soon, metadataPrefix: 'oai_dc' });
    expect(early.headers[0]).toMatchObject({ deleted: true, datestamp: second(Date.parse(updatedAt)) });

    // Two hours on: published half an hour ago. A harvest from after its last update (and after
    // every other document's) finds it, live, with its publication as datestamp.
    clockOffset = 2 * 3_600_000;
    const since = await harvest({ from: second(publishAt - 1_800_000) });
    expect(since.map((h) => [h.identifier, h.deleted, h.datestamp])).toEqual([[soon, false, second(publishAt)]]);
    expect(await harvest({ from: second(publishAt + 1000) })).toEqual([]);
    const until = await harvest({ set: 'publications', until: second(publishAt - 1000) });
    expect(until.map((h) => h.identifier)).not.toContain(soon);
    expectHeaders(await harvest({ set: 'publications' }), {
      ...inSet('publications'),
      [soon]: [false, ['publications']],
    });
    const record = await ask({ verb: 'GetRecord', identifier: soon, metadataPrefix: 'oai_dc' });
    expect(record.headers[0]).toMatchObject({ deleted: false, datestamp: second(publishAt) });
  });
});

describe('OAI-PMH on Firestore', () => {
  it('sends only queries that firestore.indexes.json covers', async () => {
    const file = JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as IndexFile;
    const shapes: QueryShape[] = [];
    const { store, dispose } = await firestoreBackend.open({ onQuery: (shape) => shapes.push(shape) });
    try {
      await store.createMany(documents().map(([collection, id, data]) => ({ collection, id, data })));
      const content = new ContentService(store, () => new Date());
      await new ContentAdminService(content).delete('publications', 'pub1', {}, ADMIN);
      const repository = new OaiRepository({ content, origin: ORIGIN, adminEmail: 'a@uhmi.example.org', pageSize: 2 });
      for (const args of OAI_SAMPLE_REQUESTS) {
        const answer = parseOai(await repository.answer(new URLSearchParams(args)));
        if (answer.token?.value)
          await repository.answer(new URLSearchParams({ verb: args.verb!, resumptionToken: answer.token.value }));
      }
      expect(shapes.length).toBeGreaterThan(50);
      const missing = shapes.flatMap((shape) => missingIndexes(shape, file).map((index) => JSON.stringify(index)));
      expect([...new Set(missing)]).toEqual([]);
    } finally {
      await dispose();
    }
  });

  it('lists documents stored before the datestamp field once a start has backfilled it', async () => {
    const { store, dispose } = await firestoreBackend.open();
    try {
      await store.createMany(documents().map(([collection, id, data]) => ({ collection, id, data })));
      const db = (store as FirestoreDocumentStore).db;
      const stored = await db.collection('publications').get();
      // As a document written by the store before it kept the field.
      await Promise.all(stored.docs.map((doc) => doc.ref.update({ datestamp: FieldValue.delete() })));
      const repository = new OaiRepository({
        content: new ContentService(store),
        origin: ORIGIN,
        adminEmail: 'a@uhmi.example.org',
      });
      const list = async () =>
        parseOai(
          await repository.answer(
            new URLSearchParams({ verb: 'ListIdentifiers', metadataPrefix: 'oai_dc', set: 'publications' }),
          ),
        );
      expect((await list()).headers).toEqual([]);

      expect(await backfillDatestamps(db, Object.keys(contentTypes))).toBe(stored.size);
      // Every stored publication but pubLater, whose datestamp is its publication in 2099, still to come.
      const listed = stored.docs.filter((d) => d.id !== 'pubLater');
      const headers = (await list()).headers;
      expect(headers.map((h) => h.identifier).sort()).toEqual(listed.map((d) => ID(`publications/${d.id}`)).sort());
      for (const doc of listed) {
        const header = headers.find((h) => h.identifier === ID(`publications/${doc.id}`))!;
        expect(header.datestamp).toBe(`${String(doc.get('updatedAt')).slice(0, 19)}Z`);
      }
      const later = await db.collection('publications').doc('pubLater').get();
      expect(String(later.get('datestamp'))).toMatch(/^2099-/);
      // Done once: the marker stops a second start from reading the collections again.
      expect(await backfillDatestamps(db, Object.keys(contentTypes))).toBe(0);
    } finally {
      await dispose();
    }
  });
});
