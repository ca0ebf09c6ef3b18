/**
 * The admin's content API through tRPC (server-side callers whose context comes from a real
 * `__session` cookie, verified as on every request), and the public site it feeds.
 */
import { TRPCError } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION_MESSAGE } from '../../src/server/content/admin';
import { appRouter } from '../../src/server/trpc/appRouter';
import { createContextFactory } from '../../src/server/trpc/context';
import { createCallerFactory, ErrorData } from '../../src/server/trpc/init';
import { contentTypeList, contentTypes, type ContentKey } from '../../src/shared/content/registry';
import { any, stringContaining } from '../support/matchers';
import { startTestServer, textOf, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
const EDITOR = { email: 'editor@uhmi.example.org', password: 'editor-password-1' };
const DAY = 24 * 3600 * 1000;

let server: TestServer;
/** Shifts the server's clock for scheduled publication (ms). */
let clockOffset = 0;
let createContext: ReturnType<typeof createContextFactory>;
const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;
let admin: Caller;
let editor: Caller;
let anonymous: Caller;
let adminCookie: string;
let editorCookie: string;
let editorUid: string;

// Loose views for loops over the registry (the typed routers are checked by tsc elsewhere): the fields
// every document has are typed, the rest are `unknown` and compared, never used.
interface Doc {
  id: string;
  version: number;
  slug?: string;
  title?: string;
  [field: string]: unknown;
}
interface ListPage {
  items: Doc[];
  total: number;
  nextCursor?: string | null;
  relationTitles: Record<string, Record<string, string>>;
}
interface Revision {
  revision: number;
  version: number;
  action: string;
  author: { uid: string };
  data: Doc;
}
interface Procedures {
  get?(input?: unknown): Promise<Doc>;
  list?(input: unknown): Promise<ListPage>;
  options?(input: unknown): Promise<Array<{ id: string; title: string }>>;
  create?(input: unknown): Promise<Doc>;
  update?(input: unknown): Promise<Doc>;
  delete?(input: unknown): Promise<{ id: string }>;
  bulk?(input: unknown): Promise<{ done: number; failed: Array<{ id: string; message: string }> }>;
  revisions?(input: unknown): Promise<Revision[]>;
  revision?(input: unknown): Promise<Revision>;
  restore?(input: unknown): Promise<Doc>;
  deleted?(): Promise<Doc[]>;
  undelete?(input: unknown): Promise<Doc>;
}
const adminOf = (caller: Caller, key: string) => (caller.adminContent as unknown as Record<string, Procedures>)[key]!;
const publicOf = (caller: Caller, key: string) => (caller as unknown as Record<string, Procedures>)[key]!;

/** Signs in through the identity endpoints and the session route, as the browser does; returns the cookie value. */
async function sessionCookie(email: string, password: string): Promise<string> {
  const signIn = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { email, password, returnSecureToken: true },
  });
  expect(signIn.statusCode).toBe(200);
  const { idToken } = signIn.json<{ idToken: string }>();
  const session = await server.app.inject({ method: 'POST', url: '/api/__session', payload: { token: idToken } });
  expect(session.statusCode).toBe(200);
  return /__session=([^;]+)/.exec(String(session.headers['set-cookie']))![1]!;
}

/** A caller whose context is built from a request carrying the cookie (and a client address). */
async function callerFor(cookie: string | null, ip = '192.0.2.1'): Promise<Caller> {
  const req = { cookies: cookie ? { __session: cookie } : {}, ip, headers: {} } as unknown as FastifyRequest;
  return createCaller(await createContext({ req }));
}

async function errorOf(promise: Promise<unknown>): Promise<TRPCError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(TRPCError);
    return err as TRPCError;
  }
  throw new Error('expected a TRPCError');
}

const dataOf = (err: TRPCError): Record<string, unknown> => (err.cause instanceof ErrorData ? err.cause.data : {});

/** Every page of a public list, following cursors. */
async function publicListAll(key: string, filter?: Record<string, unknown>): Promise<Array<{ id: string }>> {
  const items: Array<{ id: string }> = [];
  let cursor: string | undefined;
  do {
    const page = await publicOf(anonymous, key).list!({ limit: 100, cursor, ...(filter ? { filter } : {}) });
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return items;
}

const marker = () => Math.random().toString(36).slice(2, 8);
const SEED_CONFERENCE = { id: 'conf-climate-2025', slug: 'klimatychni-zminy-ta-hidrometeorolohichna-bezpeka' };
const SEED_ORDERABLE_PUBLICATION = 'pub-nastanova-2011';

/** A valid minimal document per collection type (titles carry `m` so searches find them). */
function fixture(key: ContentKey, m: string): Record<string, unknown> {
  const title = `Тестовий документ ${key} ${m}`;
  switch (key) {
    case 'news':
      return { title, date: '2026-03-23T10:00:00+02:00' };
    case 'docs':
      return { title, date: '2026-01-15' };
    case 'trainings':
      return { title, startDate: '2027-03-01', endDate: '2027-03-05' };
    case 'conferences':
      return { title, startDate: '2027-04-01', endDate: '2027-04-02' };
    case 'theses':
      return { title, conferenceId: SEED_CONFERENCE.id, authors: [{ name: 'Іваненко Іван' }] };
    case 'journal':
      return { title, year: 2026, volume: 30, number: 1 };
    case 'developments':
      return { title, year: 2025 };
    case 'publications':
      return { title, kind: 'monograph', year: 2025 };
    case 'bookOrders':
      return { publicationId: SEED_ORDERABLE_PUBLICATION, name: title, email: 'reader@example.org', quantity: 2 };
    case 'redirects':
      return { from: `/test-redirect-${m}`, to: '/News', note: title };
    case 'header':
      return { siteName: title };
    case 'footer':
      return { copyright: title };
    default:
      return { title };
  }
}

/** The public page a published document shows on, when it has one. */
function publicPageOf(key: ContentKey, doc: Doc): string | null {
  if (key === 'theses') return `/conf/${SEED_CONFERENCE.slug}/${doc.slug ?? ''}`;
  if (key === 'contacts') return '/Contacts';
  const path = contentTypes[key].publicPath?.(doc);
  return path ? path.split('#')[0]! : null;
}

beforeAll(async () => {
  server = await startTestServer(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { now: () => new Date(Date.now() + clockOffset) },
  );
  editorUid = (await server.identity.createAccount({ email: EDITOR.email, password: EDITOR.password, role: 'editor' }))
    .uid;
  createContext = createContextFactory({ config: server.config, content: server.content, identity: server.identity });
  adminCookie = await sessionCookie(ADMIN.email, ADMIN.password);
  editorCookie = await sessionCookie(EDITOR.email, EDITOR.password);
  admin = await callerFor(adminCookie);
  editor = await callerFor(editorCookie);
  anonymous = await callerFor(null);
});
afterAll(async () => {
  await server.dispose();
});

describe('every collection type: create, publish, conflict, restore, delete', () => {
  const collections = contentTypeList.filter((t) => t.kind === 'collection').map((t) => t.key as ContentKey);

  it.each(collections)('%s', async (key) => {
    const type = contentTypes[key];
    const staff = key === 'users' ? admin : editor;
    const api = adminOf(staff, key);
    const m = marker();
    const input = fixture(key, m);

    // create -> visible to staff
    const created = await api.create!({ data: input });
    expect(created).toMatchObject({
      id: any(String),
      version: 1,
      createdAt: any(String),
      updatedAt: any(String),
    });
    expect(await api.get!({ id: created.id })).toMatchObject({ id: created.id, version: 1 });
    const listed = await api.list!({ search: m });
    expect(listed.items.map((d: { id: string }) => d.id)).toContain(created.id);
    expect(listed.total).toBe(1);
    if (type.slug) expect(created[type.slug.field]).toMatch(/^testovyi-dokument-/);

    // ...and not public
    const hasPublicList = `${key}.list` in appRouter._def.procedures;
    expect(hasPublicList).toBe(type.isPublic);
    if (type.isPublic) {
      expect((await errorOf(publicOf(anonymous, key).get!({ idOrSlug: created.slug ?? created.id }))).code).toBe(
        'NOT_FOUND',
      );
      expect((await publicListAll(key)).map((d) => d.id)).not.toContain(created.id);
    }

    // publish (or, for types without a state, another change) -> the public list and page show it
    const changed: Record<string, unknown> = type.publishable
      ? { ...input, slug: created.slug, status: 'published', title: `${String(input.title)} (оновлено)` }
      : { ...input, ...(key === 'bookOrders' ? { state: 'in_progress' } : { note: 'оновлено' }) };
    const updated = await api.update!({ id: created.id, version: 1, data: changed });
    expect(updated.version).toBe(2);
    if (type.isPublic) {
      expect(await publicOf(anonymous, key).get!({ idOrSlug: created.slug ?? created.id })).toMatchObject({
        id: created.id,
        title: changed.title,
      });
      expect((await publicListAll(key)).map((d) => d.id)).toContain(created.id);
      const page = publicPageOf(key, updated);
      if (page) {
        let res = await server.get(page);
        if (type.permalink) {
          // A permalink (trainings) answers 302 to the list page that shows the document.
          expect(res.status, page).toBe(302);
          res = await server.get(String(res.headers.location).split('#')[0]!);
        }
        expect(res.status, page).toBe(200);
        expect(textOf(res.body)).toContain(String(changed.title));
      }
    }
    if (key === 'redirects') expect((await server.get(String(input.from))).status).toBe(301);

    // a stale version is refused with the current document, never overwritten
    const stale = await errorOf(api.update!({ id: created.id, version: 1, data: input }));
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toBe(STALE_VERSION_MESSAGE);
    expect(dataOf(stale)).toMatchObject({ reason: 'stale-version', current: { id: created.id, version: 2 } });
    expect((await api.get!({ id: created.id })).version).toBe(2);

    // restore the first revision: a new version with the old data
    const revisions = await api.revisions!({ id: created.id });
    expect(revisions.map((r: { revision: number; action: string }) => [r.revision, r.action])).toEqual([
      [2, type.publishable ? 'publish' : 'update'],
      [1, 'create'],
    ]);
    expect(revisions[0]!.author).toEqual({
      uid: any(String),
      email: key === 'users' ? ADMIN.email : EDITOR.email,
    });
    expect((await api.revision!({ id: created.id, revision: 1 })).data).toMatchObject(
      key === 'bookOrders' ? { state: 'new' } : {},
    );
    const restored = await api.restore!({ id: created.id, revision: 1, version: 2 });
    expect(restored.version).toBe(3);
    if (type.publishable) {
      expect(restored).toMatchObject({ status: 'draft', title: input.title });
      expect((await errorOf(publicOf(anonymous, key).get!({ idOrSlug: created.slug }))).code).toBe('NOT_FOUND');
    }
    expect((await api.revisions!({ id: created.id }))[0]).toMatchObject({ revision: 3, version: 3, action: 'restore' });

    // delete
    expect(await api.delete!({ id: created.id, version: 3 })).toEqual({ id: created.id });
    expect((await errorOf(api.get!({ id: created.id }))).code).toBe('NOT_FOUND');
    if (key === 'redirects') expect((await server.get(String(input.from))).status).toBe(404);
  });

  it.each(['header', 'footer'] as const)('singleton %s: update, public read, conflict, restore', async (key) => {
    const api = adminOf(editor, key);
    const seeded = await api.get!();
    expect(seeded).toMatchObject({ id: key, version: 1 });
    const input = fixture(key, marker());
    const updated = await api.update!({
      version: 1,
      data: { ...seeded, ...input, id: undefined, version: undefined, createdAt: undefined, updatedAt: undefined },
    });
    expect(updated.version).toBe(2);
    expect(await publicOf(anonymous, key).get!()).toMatchObject(input);
    expect(textOf((await server.get('/Contacts')).body)).toContain(Object.values(input)[0]);

    const stale = await errorOf(api.update!({ version: 1, data: input }));
    expect(stale.code).toBe('CONFLICT');
    expect(dataOf(stale).current).toMatchObject({ version: 2 });
    expect((await errorOf(api.update!({ version: null, data: input }))).code).toBe('CONFLICT');

    // The seeded version is kept as a system revision and can be restored.
    const revisions = await api.revisions!({ id: key });
    expect(revisions.map((r: { revision: number; author: { uid: string } }) => [r.revision, r.author.uid])).toEqual([
      [2, expect.not.stringMatching(/^system$/)],
      [1, 'system'],
    ]);
    const restored = await api.restore!({ revision: 1, version: 2 });
    expect(restored).toMatchObject({ version: 3 });
    // The public answer is the data the site shows (no id, version or timestamps: content/publicView.ts).
    expect(await publicOf(anonymous, key).get!()).not.toHaveProperty('version');
    expect((await publicOf(anonymous, key).get!())[Object.keys(input)[0]!]).toBe(seeded[Object.keys(input)[0]!]);
  });
});

describe('writing safely', () => {
  it('strips scripts and event handlers from rich text before storing it', async () => {
    const body =
      '<p onclick="steal()">Текст<script>alert(1)</script><img src="https://uhmi.example.org/a.png" onerror="alert(2)"><a href="javascript:alert(3)">посилання</a><iframe src="https://evil.example"></iframe></p>';
    const doc = await adminOf(editor, 'news').create!({ data: { ...fixture('news', marker()), body } });
    const stored = (await server.store.get<{ body: string }>('news', doc.id))!.data.body;
    expect(stored).toContain('Текст');
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(stored).toContain('<img src="https://uhmi.example.org/a.png"');
  });

  it('generates slugs with the official transliteration and keeps them unique per type', async () => {
    const api = adminOf(editor, 'news');
    const data = { title: 'Згорани та Розгон: Єнакієве і «Ягідне»', date: '2026-03-23T10:00:00Z' };
    const first = await api.create!({ data });
    const second = await api.create!({ data: { ...data, slug: '' } });
    const third = await api.create!({ data });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'zghorany-ta-rozghon-yenakiieve-i-yahidne',
      'zghorany-ta-rozghon-yenakiieve-i-yahidne-2',
      'zghorany-ta-rozghon-yenakiieve-i-yahidne-3',
    ]);
    // The same slug in another type is fine.
    expect((await adminOf(editor, 'docs').create!({ data: { title: data.title, date: '2026-01-01' } })).slug).toBe(
      first.slug,
    );

    const taken = await errorOf(api.create!({ data: { ...data, slug: first.slug } }));
    expect(taken.code).toBe('CONFLICT');
    expect(taken.message).toBe('Така адреса вже використовується');
    expect(dataOf(taken)).toMatchObject({
      reason: 'slug-taken',
      zodError: { fieldErrors: { slug: ['Така адреса вже використовується'] } },
    });
    const renamed = await errorOf(api.update!({ id: third.id, version: 1, data: { ...data, slug: second.slug } }));
    expect(renamed.message).toBe('Така адреса вже використовується');
    // Saving a document with its own slug is not a conflict; an emptied slug is generated again.
    expect((await api.update!({ id: third.id, version: 1, data: { ...data, slug: third.slug } })).slug).toBe(
      third.slug,
    );
    expect(
      (await api.update!({ id: third.id, version: 2, data: { ...data, title: 'Новий заголовок', slug: '' } })).slug,
    ).toBe('novyi-zaholovok');
  });

  it('refuses relations to documents that do not exist, naming the field', async () => {
    const err = await errorOf(
      adminOf(editor, 'theses').create!({
        data: { ...fixture('theses', marker()), conferenceId: 'no-such-conference' },
      }),
    );
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toContain('conferenceId');
    expect(err.message).toContain('Конференції');
  });

  it('reports invalid data with field errors through the error formatter', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/adminContent.news.create',
      headers: { cookie: `__session=${editorCookie}` },
      payload: { json: { data: { title: '', date: 'вчора' } } },
    });
    expect(res.statusCode).toBe(400);
    const fieldErrors = res.json<{
      error: { json: { data: { zodError: { fieldErrors: Record<string, string[]> } } } };
    }>().error.json.data.zodError.fieldErrors;
    expect(fieldErrors['data.title']).toEqual(['Заголовок: заповніть це поле']);
    expect(fieldErrors['data.date']).toBeDefined();
  });

  it('answers a stale update over HTTP with CONFLICT, the Ukrainian message and data.current', async () => {
    const doc = await adminOf(editor, 'news').create!({ data: fixture('news', marker()) });
    await adminOf(admin, 'news').update!({
      id: doc.id,
      version: 1,
      data: { ...fixture('news', 'змінив адмін'), slug: doc.slug },
    });
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/adminContent.news.update',
      headers: { cookie: `__session=${editorCookie}` },
      payload: { json: { id: doc.id, version: 1, data: fixture('news', 'моя версія') } },
    });
    expect(res.statusCode).toBe(409);
    const error = res.json<{ error: { json: { message: string; data: Record<string, unknown> } } }>().error.json;
    expect(error.message).toBe(STALE_VERSION_MESSAGE);
    expect(error.data).toMatchObject({
      code: 'CONFLICT',
      reason: 'stale-version',
      current: { id: doc.id, version: 2, title: stringContaining('змінив адмін') },
    });
  });
});

describe('references', () => {
  it('refuses to delete a department with staff and developments, then detaches them', async () => {
    const staff = await adminOf(admin, 'users').list!({ filter: { departmentId: 'dep-climate' }, limit: 100 });
    const developments = await adminOf(admin, 'developments').list!({
      filter: { departmentId: 'dep-climate' },
      limit: 100,
    });
    expect(staff.total).toBeGreaterThan(0);
    expect(developments.total).toBeGreaterThan(0);
    const refused = await errorOf(adminOf(admin, 'departments').delete!({ id: 'dep-climate' }));
    expect(refused.code).toBe('PRECONDITION_FAILED');
    expect(refused.message).toMatch(/^Документ використовується: «/);
    expect(refused.message).toContain(`«${developments.items[0]!.title}» (Розробки)`);
    expect(refused.message).toContain('(Співробітники)');
    expect((refused.message.match(/«[^»]+» \(/g) ?? []).length).toBeLessThanOrEqual(5);
    expect(dataOf(refused)).toMatchObject({ reason: 'in-use', total: staff.total + developments.total });

    // Detaching changes the staff directory, which only administrators manage.
    expect((await errorOf(adminOf(editor, 'departments').delete!({ id: 'dep-climate', detach: true }))).code).toBe(
      'FORBIDDEN',
    );
    expect(await adminOf(admin, 'departments').delete!({ id: 'dep-climate', detach: true })).toEqual({
      id: 'dep-climate',
    });
    for (const person of staff.items) {
      const after = await adminOf(admin, 'users').get!({ id: person.id });
      expect(after.departmentId).toBeNull();
      expect(after.version).toBe(person.version + 1);
    }
    for (const development of developments.items)
      expect((await adminOf(admin, 'developments').get!({ id: development.id })).departmentId).toBeNull();
    const audit = await adminOf(admin, 'departments').get!({ id: 'dep-climate' }).catch((e: TRPCError) => e.code);
    expect(audit).toBe('NOT_FOUND');
    const log = await admin.adminAudit.list({ collection: 'users', limit: 100 });
    expect(log.entries.filter((e) => e.action === 'detach')).toHaveLength(staff.total);
  });

  it('refuses to delete a conference with theses, then detaches them (back to draft)', async () => {
    const theses = await adminOf(editor, 'theses').list!({ filter: { conferenceId: 'conf-young-2026' }, limit: 100 });
    expect(theses.total).toBeGreaterThan(0);
    const refused = await errorOf(adminOf(editor, 'conferences').delete!({ id: 'conf-young-2026' }));
    expect(refused.code).toBe('PRECONDITION_FAILED');
    expect(refused.message).toMatch(/^Документ використовується: «/);
    // Five titles are named, the rest counted.
    const named = theses.items.filter((t) => refused.message.includes(`«${t.title}»`));
    expect(named).toHaveLength(Math.min(5, theses.total));
    if (theses.total > 5) expect(refused.message).toMatch(new RegExp(`та ще ${theses.total - 5}$`));
    await adminOf(editor, 'conferences').delete!({ id: 'conf-young-2026', detach: true });
    for (const thesis of theses.items) {
      const after = await adminOf(editor, 'theses').get!({ id: thesis.id });
      expect(after).toMatchObject({ conferenceId: null, status: 'draft' });
      expect((await errorOf(publicOf(anonymous, 'theses').get!({ idOrSlug: thesis.slug }))).code).toBe('NOT_FOUND');
    }
    // An orphaned thesis cannot be published until it belongs to a conference again.
    const bulk = await adminOf(editor, 'theses').bulk!({ ids: [theses.items[0]!.id], action: 'publish' });
    expect(bulk.done).toBe(0);
    expect(bulk.failed[0]!.message).toContain('conferenceId');
  });
});

describe('bulk actions', () => {
  it('publishes, unpublishes and deletes, reporting the documents it could not change', async () => {
    const api = adminOf(editor, 'news');
    const docs = await Promise.all([1, 2, 3].map(() => api.create!({ data: fixture('news', marker()) })));
    const ids = docs.map((d) => d.id);

    const published = await api.bulk!({ ids: [...ids, 'no-such-id'], action: 'publish' });
    expect(published).toEqual({ done: 3, failed: [{ id: 'no-such-id', message: 'Новина: не знайдено' }] });
    const visible = (await publicListAll('news')).map((d) => d.id);
    for (const id of ids) expect(visible).toContain(id);
    expect((await api.revisions!({ id: ids[0] }))[0]).toMatchObject({ action: 'publish' });

    expect(await api.bulk!({ ids, action: 'unpublish' })).toEqual({ done: 3, failed: [] });
    const hidden = (await publicListAll('news')).map((d) => d.id);
    for (const id of ids) expect(hidden).not.toContain(id);

    expect(await api.bulk!({ ids, action: 'delete' })).toEqual({ done: 3, failed: [] });
    expect(
      (await api.list!({ search: 'Тестовий документ news', limit: 100 })).items.map((d: { id: string }) => d.id),
    ).not.toEqual(expect.arrayContaining(ids));
    const log = await admin.adminAudit.list({ collection: 'news', limit: 20 });
    expect(
      log.entries
        .filter((e) => e.bulk && e.action === 'delete')
        .map((e) => e.documentId)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('refuses to bulk-delete a referenced document and to publish a type without states', async () => {
    const result = await adminOf(editor, 'conferences').bulk!({ ids: [SEED_CONFERENCE.id], action: 'delete' });
    expect(result.done).toBe(0);
    expect(result.failed[0]!.message).toMatch(/^Документ використовується/);
    const redirect = await adminOf(editor, 'redirects').create!({ data: fixture('redirects', marker()) });
    const states = await adminOf(editor, 'redirects').bulk!({ ids: [redirect.id], action: 'publish' });
    expect(states.failed[0]!.message).toBe('Документи цього розділу не мають стану публікації');
  });
});

describe('lists for staff', () => {
  it('searches Cyrillic case-insensitively, filters by state, sorts and pages with cursors', async () => {
    const api = adminOf(editor, 'news');
    const m = marker();
    const a = await api.create!({ data: { title: `Гідрологічний ПРОГНОЗ Дніпра ${m}`, date: '2026-01-01T00:00:00Z' } });
    const b = await api.create!({
      data: { title: `прогноз погоди ${m}`, date: '2026-01-02T00:00:00Z', status: 'published' },
    });
    const c = await api.create!({
      data: { title: `Інша новина ${m}`, summary: 'ПрОгНоЗ у описі', date: '2026-01-03T00:00:00Z' },
    });
    const ids = (input: Record<string, unknown>) =>
      api.list!(input).then((p: { items: Array<{ id: string }> }) => p.items.map((d) => d.id));

    expect(await ids({ search: `прогноз дніпра ${m}` })).toEqual([a.id]);
    expect((await ids({ search: `ПРОГНОЗ ${m}` })).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await ids({ search: `прогноз ${m}`, status: 'published' })).toEqual([b.id]);
    expect((await ids({ search: `прогноз ${m}`, status: 'draft' })).sort()).toEqual([a.id, c.id].sort());
    expect(await ids({ search: m, sort: { field: 'date', direction: 'asc' } })).toEqual([a.id, b.id, c.id]);
    expect(await ids({ search: m, sort: { field: 'date', direction: 'desc' } })).toEqual([c.id, b.id, a.id]);

    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await api.list!({ limit: 7, cursor });
      seen.push(...page.items.map((d: { id: string }) => d.id));
      expect(page.total).toBe(await server.store.count('news'));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await server.store.count('news'));
    expect((await errorOf(api.list!({ cursor: 'bm9wZQ' }))).code).toBe('BAD_REQUEST');
  });
});

describe('deleted documents', () => {
  it('can be brought back under their id, as drafts, with their history going on and a free slug', async () => {
    const api = adminOf(editor, 'news');
    // A seed item never edited in the admin: its only version is kept when it is deleted.
    const listed = (await api.list!({ sort: { field: 'date', direction: 'asc' }, limit: 1 })).items[0]!;
    // Lists carry their columns only (no body): the whole document comes from get.
    expect(listed.body).toBeUndefined();
    const seedItem = await api.get!({ id: listed.id });
    expect(seedItem.version).toBe(1);
    await api.delete!({ id: seedItem.id });
    expect((await errorOf(api.get!({ id: seedItem.id }))).code).toBe('NOT_FOUND');
    expect((await admin.adminAudit.list({ collection: 'news', limit: 1 })).entries[0]).toMatchObject({
      documentId: seedItem.id,
      action: 'delete',
      version: 1,
    });
    const deleted = await api.deleted!();
    expect(deleted[0]).toMatchObject({ id: seedItem.id, title: seedItem.title, deletedBy: EDITOR.email });

    // Another item takes the slug meanwhile.
    const taker = await api.create!({
      data: { title: 'Інша новина', slug: seedItem.slug, date: '2026-02-01T00:00:00Z' },
    });
    expect(taker.slug).toBe(seedItem.slug);

    const back = await api.undelete!({ id: seedItem.id });
    expect(back).toMatchObject({
      id: seedItem.id,
      title: seedItem.title,
      status: 'draft',
      version: 2,
      slug: `${seedItem.slug}-2`,
    });
    expect(back.body).toBe(seedItem.body);
    expect(
      (await api.revisions!({ id: seedItem.id })).map((r: { revision: number; action: string }) => [
        r.revision,
        r.action,
      ]),
    ).toEqual([
      [2, 'restore'],
      [1, 'create'],
    ]);
    expect((await api.deleted!()).map((d: { id: string }) => d.id)).not.toContain(seedItem.id);
    expect((await errorOf(anonymous.news.get({ idOrSlug: back.slug! }))).code).toBe('NOT_FOUND'); // a draft until published again
    const log = await admin.adminAudit.list({ collection: 'news', limit: 5 });
    expect(log.entries[0]).toMatchObject({ documentId: seedItem.id, action: 'restore', email: EDITOR.email });

    expect((await errorOf(api.undelete!({ id: seedItem.id }))).code).toBe('CONFLICT');
    expect((await errorOf(api.undelete!({ id: 'never-existed' }))).code).toBe('NOT_FOUND');
    // The history of a restored document goes on: an edit is version 3.
    const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...data } = back;
    expect(
      (await api.update!({ id: back.id, version: 2, data: { ...data, title: `${seedItem.title} (відновлено)` } }))
        .version,
    ).toBe(3);
  });
});

describe('relation columns of a list', () => {
  it('come with the titles of the documents they point at, so staff see a department rather than its id', async () => {
    const page = await adminOf(admin, 'users').list!({ limit: 100 });
    const departmentIds = page.items
      .map((u) => u.departmentId)
      .filter((id): id is string => typeof id === 'string' && id !== '');
    expect(departmentIds.length).toBeGreaterThan(0);
    for (const departmentId of departmentIds) {
      const department = await adminOf(admin, 'departments').get!({ id: departmentId });
      expect(page.relationTitles.departmentId?.[departmentId]).toBe(department.title);
    }
    expect(Object.keys((await adminOf(editor, 'news').list!({ limit: 5 })).relationTitles)).toEqual([]);
  });
});

describe('sorting by title', () => {
  it('follows the Ukrainian alphabet (Ґ after Г, Є after Е, І and Ї after И), ignoring case and apostrophes, across cursor pages', async () => {
    const api = adminOf(editor, 'news');
    const m = marker();
    const titles = [
      'Яр',
      'ґава',
      'Гора',
      'Їжак',
      'Ехо',
      'Єнот',
      'Іній',
      'Ирій',
      'Абетка',
      'пʼятниця',
      'Пядь',
      'Zeta',
      'Йод',
    ];
    for (const title of titles) await api.create!({ data: { title: `${title} ${m}`, date: '2026-01-01T00:00:00Z' } });
    const order = async (direction: 'asc' | 'desc') => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.list!({ search: m, sort: { field: 'title', direction }, limit: 4, cursor });
        seen.push(...page.items.map((d) => d.title!.replace(` ${m}`, '')));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return seen;
    };
    const expected = [
      'Zeta',
      'Абетка',
      'Гора',
      'ґава',
      'Ехо',
      'Єнот',
      'Ирій',
      'Іній',
      'Їжак',
      'Йод',
      'Пядь',
      'пʼятниця',
      'Яр',
    ];
    expect(await order('asc')).toEqual(expected);
    expect(await order('desc')).toEqual([...expected].reverse());
  });
});

describe('publishing', () => {
  it('shows a draft to staff as a preview only', async () => {
    const draft = await adminOf(editor, 'news').create!({ data: fixture('news', marker()) });
    const input = { idOrSlug: draft.slug!, preview: true };
    expect((await errorOf(anonymous.news.get(input))).code).toBe('NOT_FOUND');
    expect(await editor.news.get(input)).toMatchObject({ id: draft.id, status: 'draft' });
    expect((await errorOf(editor.news.get({ idOrSlug: draft.slug! }))).code).toBe('NOT_FOUND');
    // The server render of the page honours ?preview=1 the same way.
    expect((await server.app.inject({ method: 'GET', url: `/News/${draft.slug}?preview=1` })).statusCode).toBe(404);
    const page = await server.app.inject({
      method: 'GET',
      url: `/News/${draft.slug}?preview=1`,
      headers: { cookie: `__session=${editorCookie}` },
    });
    expect(page.statusCode).toBe(200);
    expect(textOf(page.body)).toContain(draft.title);
  });

  it('keeps a scheduled document off the site until it is due', async () => {
    const at = new Date(Date.now() + 2 * DAY).toISOString();
    const doc = await adminOf(editor, 'news').create!({
      data: { ...fixture('news', marker()), status: 'published', publishedAt: at },
    });
    expect((await errorOf(anonymous.news.get({ idOrSlug: doc.slug! }))).code).toBe('NOT_FOUND');
    expect((await server.get(`/News/${doc.slug}`)).status).toBe(404);
    expect(
      (await adminOf(editor, 'news').list!({ status: 'scheduled' })).items.map((d: { id: string }) => d.id),
    ).toContain(doc.id);
    expect(
      (await adminOf(editor, 'news').list!({ status: 'published', limit: 100 })).items.map((d: { id: string }) => d.id),
    ).not.toContain(doc.id);
    expect((await editor.adminDashboard.summary()).counts.news!.scheduled).toBeGreaterThanOrEqual(1);
    clockOffset = 3 * DAY;
    try {
      expect(await anonymous.news.get({ idOrSlug: doc.slug! })).toMatchObject({ id: doc.id });
      expect((await server.get(`/News/${doc.slug}`)).status).toBe(200);
    } finally {
      clockOffset = 0;
    }
  });
});

describe('public book orders', () => {
  const order = {
    publicationId: SEED_ORDERABLE_PUBLICATION,
    name: 'Петренко Оксана',
    email: 'oksana@example.org',
    quantity: 2,
  };
  const post = (input: unknown, ip: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/trpc/bookOrders.submit',
      payload: { json: input },
      headers: { 'x-forwarded-for': ip },
    });

  it('stores a valid order as new and lists it on the dashboard', async () => {
    const before = await server.store.count('bookOrders');
    expect(
      await (await callerFor(null, '198.51.100.1')).bookOrders.submit({ ...order, comment: 'Для бібліотеки' }),
    ).toEqual({ ok: true });
    expect(await server.store.count('bookOrders')).toBe(before + 1);
    const summary = await editor.adminDashboard.summary();
    expect(summary.newBookOrders[0]).toMatchObject({
      name: order.name,
      publicationId: SEED_ORDERABLE_PUBLICATION,
      publicationTitle: stringContaining('Настанова'),
      quantity: 2,
    });
  });

  it('answers bad input with field errors and stores nothing', async () => {
    const before = await server.store.count('bookOrders');
    const res = await post(
      { publicationId: SEED_ORDERABLE_PUBLICATION, name: '', email: 'не пошта', quantity: 0 },
      '198.51.100.2',
    );
    expect(res.statusCode).toBe(400);
    const fieldErrors = res.json<{
      error: { json: { data: { zodError: { fieldErrors: Record<string, string[]> } } } };
    }>().error.json.data.zodError.fieldErrors;
    expect(Object.keys(fieldErrors).sort()).toEqual(['email', 'name', 'quantity']);
    expect(fieldErrors.quantity).toEqual(['Щонайменше 1 примірник']);
    expect(await server.store.count('bookOrders')).toBe(before);
  });

  it('names a too long field by the form’s label and its limit (QA finding 7)', async () => {
    const res = await post({ ...order, name: 'Я'.repeat(201), phone: '1'.repeat(41) }, '198.51.100.7');
    expect(res.statusCode).toBe(400);
    const fieldErrors = res.json<{
      error: { json: { data: { zodError: { fieldErrors: Record<string, string[]> } } } };
    }>().error.json.data.zodError.fieldErrors;
    expect(fieldErrors).toEqual({
      name: ['Ім’я та прізвище: не більше 200 символів'],
      phone: ['Телефон: не більше 40 символів'],
    });
  });

  it('answers a filled honeypot as accepted and stores nothing', async () => {
    const before = await server.store.count('bookOrders');
    const res = await post({ ...order, website: 'https://spam.example' }, '198.51.100.3');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: { data: { json: { ok: true } } } });
    expect(await server.store.count('bookOrders')).toBe(before);
  });

  it('refuses publications that cannot be ordered', async () => {
    const caller = await callerFor(null, '198.51.100.4');
    for (const publicationId of ['pub-no-such', 'pub-atlas']) {
      const err = await errorOf(caller.bookOrders.submit({ ...order, publicationId }));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message).toBe('Це видання не можна замовити');
    }
  });

  it('limits orders per client address', async () => {
    const caller = await callerFor(null, '198.51.100.5');
    for (let i = 0; i < 5; i += 1) await caller.bookOrders.submit(order);
    const err = await errorOf(caller.bookOrders.submit(order));
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toBe('Забагато замовлень. Спробуйте пізніше.');
    // Another address is not affected.
    await expect((await callerFor(null, '198.51.100.6')).bookOrders.submit(order)).resolves.toEqual({ ok: true });
  });
});

describe('access', () => {
  it('needs a signed-in staff member for the admin API', async () => {
    expect((await errorOf(adminOf(anonymous, 'news').list!({}))).code).toBe('UNAUTHORIZED');
    expect((await errorOf(anonymous.adminDashboard.summary())).code).toBe('UNAUTHORIZED');
  });

  it('lets only administrators manage the staff directory and read the audit log', async () => {
    expect((await errorOf(adminOf(editor, 'users').list!({}))).code).toBe('FORBIDDEN');
    expect((await errorOf(adminOf(editor, 'users').create!({ data: fixture('users', marker()) }))).code).toBe(
      'FORBIDDEN',
    );
    expect((await errorOf(editor.adminAudit.list({}))).code).toBe('FORBIDDEN');
    expect((await adminOf(admin, 'users').list!({})).total).toBeGreaterThan(0);
    // Editors still pick a department head: titles only, from `options`.
    const heads = await adminOf(editor, 'users').options!({ limit: 3 });
    expect(heads).toHaveLength(3);
    expect(Object.keys(heads[0]!).sort()).toEqual(['id', 'title']);
    expect(await adminOf(editor, 'users').options!({ ids: [heads[1]!.id, 'no-such-id'] })).toEqual([heads[1]]);
    expect((await adminOf(editor, 'news').options!({ search: 'ЗГОРАНИ' })).length).toBeGreaterThan(0);
    expect(await adminOf(editor, 'departments').list!({})).toMatchObject({ total: any(Number) });
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: unknown } }>;
    expect(procedures['adminContent.users.list']!._def.meta).toEqual({ access: 'admin' });
    expect(procedures['adminContent.news.list']!._def.meta).toEqual({ access: 'staff' });
  });

  it('logs who did what, newest first, filterable by user, with cursors', async () => {
    const doc = await adminOf(editor, 'docs').create!({ data: fixture('docs', marker()) });
    const mine = await admin.adminAudit.list({ uid: editorUid, limit: 5 });
    expect(mine.entries[0]).toMatchObject({
      uid: editorUid,
      email: EDITOR.email,
      collection: 'docs',
      documentId: doc.id,
      title: doc.title,
      action: 'create',
    });
    expect(mine.entries.every((e) => e.uid === editorUid)).toBe(true);
    const next = await admin.adminAudit.list({ uid: editorUid, limit: 5, cursor: mine.nextCursor! });
    expect(next.entries[0]!.at <= mine.entries[4]!.at).toBe(true);
    expect(next.entries.map((e) => e.id)).not.toContain(mine.entries[4]!.id);
    const summary = await editor.adminDashboard.summary();
    expect(summary.recent).toHaveLength(10);
    expect(Object.keys(summary.counts).sort()).toEqual(Object.keys(contentTypes).sort());
    expect(summary.counts.news).toMatchObject({ total: await server.store.count('news'), drafts: any(Number) });
  });
});
