/**
 * Adding a content type is one declaration (CONTRIBUTING.md, "Adding a content type"): this test
 * declares a throwaway type, adds it to a copy of the registry and finds everything generated from
 * it — the public and admin tRPC procedures, their authorisation, the admin navigation and screens
 * with the labels its fields declare, the Firestore indexes its lists need and its place on the
 * site — without touching any other file. The site's own registry and router stay as they are.
 */
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { navSectionsOf, sectionScreenOf } from '../../src/client/admin/sections';
import { EMBEDDED_API_KEY } from '../../src/server/config';
import { ContentService } from '../../src/server/content/service';
import type { AuthUser } from '../../src/server/identity/types';
import { registryIndexFile } from '../../src/server/store/registryIndexes';
import { appRouter, createAppRouter } from '../../src/server/trpc/appRouter';
import { createContextFactory } from '../../src/server/trpc/context';
import { createCallerFactory, type Meta } from '../../src/server/trpc/init';
import { defineContentType, publishableFields } from '../../src/shared/content/define';
import { dateSchema, idRefSchema, richTextSchema, text } from '../../src/shared/content/fields';
import { listPathOf, siteTypes } from '../../src/shared/content/places';
import { createRegistry, registry } from '../../src/shared/content/registry';
import { startTestServer, type TestServer } from './helpers';

/** The throwaway type: job openings at /vacancies/{slug}. */
const vacancies = defineContentType({
  key: 'vacancies',
  adminSection: 'Vacancies',
  labels: { singular: 'Вакансія', plural: 'Вакансії' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    closesOn: dateSchema.meta({ label: 'Приймаємо заяви до' }),
    salary: text(100, 'Заробітна плата').default('').meta({ help: 'Наприклад: від 20 000 грн' }),
    body: richTextSchema,
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'closesOn', 'status'],
  searchable: ['title', 'summary'],
  filters: [],
  sorts: { closing: { by: ['closesOn'], direction: 'asc' } },
  fileFields: [],
  relations: [],
  publicPath: (d) => `/vacancies/${typeof d.slug === 'string' ? d.slug : d.id}`,
});

/** A second throwaway type whose write rule refuses losing its department: a detach must be refused too. */
const postings = defineContentType({
  key: 'postings',
  adminSection: 'Postings',
  labels: { singular: 'Оголошення', plural: 'Оголошення' },
  kind: 'collection',
  isPublic: false,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    departmentId: idRefSchema.nullable().default(null).meta({ label: 'Підрозділ' }),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'status'],
  searchable: ['title'],
  filters: [],
  sorts: {},
  fileFields: [],
  relations: [{ field: 'departmentId', to: 'departments' }],
  updateRule: (before, after) =>
    before.departmentId && !after.departmentId
      ? { refused: { field: 'departmentId', message: 'Оголошення не може втратити підрозділ' } }
      : { data: after },
});

const withVacancies = createRegistry({ ...registry.types, vacancies, postings });
const router = createAppRouter(withVacancies);
const createCaller = createCallerFactory(router);

type Who = 'anonymous' | 'no role' | 'editor';
const PASSWORD = 'registry-extension-1';
let server: TestServer;
const users = new Map<Who, AuthUser | null>();

async function signedIn(email: string, role: 'editor' | null): Promise<AuthUser> {
  await server.identity.createAccount({ email, password: PASSWORD, role });
  const res = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${EMBEDDED_API_KEY}`,
    payload: { email, password: PASSWORD, returnSecureToken: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return server.identity.verifyIdToken(res.json<{ idToken: string }>().idToken, true);
}

/** A caller of the extended router as `who`, through a context whose services serve the extended registry. */
async function callerAs(who: Who) {
  const createContext = createContextFactory({
    config: server.config,
    content: new ContentService(server.store, undefined, withVacancies),
    identity: server.identity,
  });
  return createCaller({ ...(await createContext()), user: users.get(who) ?? null });
}

/** A procedure's declared access (tRPC keeps its meta on `_def`). */
function accessOf(procedure: unknown): Meta['access'] {
  const def = (procedure as { _def?: { meta?: Partial<Meta> } })._def;
  return def?.meta?.access ?? 'public';
}

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (err) {
    return err instanceof TRPCError ? err.code : `not a TRPCError: ${String(err)}`;
  }
}

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false' });
  users.set('anonymous', null);
  users.set('no role', await signedIn('no-role@uhmi.example.org', null));
  users.set('editor', await signedIn('editor@uhmi.example.org', 'editor'));
});

afterAll(async () => {
  await server?.dispose();
});

describe('a content type added to a registry copy', () => {
  it('gets public list and get, and the admin procedures, each with its access', () => {
    // At run time `_def.procedures` is flat, keyed by dotted path; its static type is the nested record.
    const flat: Record<string, unknown> = router._def.procedures;
    const procedures = new Map(Object.entries(flat).map(([path, p]) => [path, accessOf(p)]));
    expect(procedures.get('vacancies.list')).toBe('public');
    expect(procedures.get('vacancies.get')).toBe('public');
    for (const name of ['list', 'get', 'options', 'create', 'update', 'delete', 'bulk', 'revisions', 'restore'])
      expect(procedures.get(`adminContent.vacancies.${name}`), name).toBe('staff');
    // The site's own router and registry are untouched.
    expect(Object.keys(appRouter._def.procedures)).not.toContain('vacancies.list');
    expect(registry.find('vacancies')).toBeUndefined();
  });

  it('refuses the admin procedures to anonymous callers and accounts without a role', async () => {
    for (const who of ['anonymous', 'no role'] as const) {
      const caller = await callerAs(who);
      const expected = who === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN';
      expect(await codeOf(caller.adminContent.vacancies.list({ limit: 10 })), who).toBe(expected);
      expect(
        await codeOf(caller.adminContent.vacancies.create({ data: { title: 'Інженер', closesOn: '2027-01-31' } })),
        who,
      ).toBe(expected);
    }
  });

  it('lets an editor create and publish one, which visitors then list and open by its slug', async () => {
    const editor = await callerAs('editor');
    const draft = await editor.adminContent.vacancies.create({
      data: { title: 'Інженер-гідролог', closesOn: '2027-01-31', salary: 'від 20 000 грн' },
    });
    expect(draft).toMatchObject({ title: 'Інженер-гідролог', slug: 'inzhener-hidroloh', status: 'draft', version: 1 });

    const visitor = await callerAs('anonymous');
    expect((await visitor.vacancies.list({})).items).toEqual([]);
    expect(await codeOf(visitor.vacancies.get({ idOrSlug: draft.slug }))).toBe('NOT_FOUND');

    const published = await editor.adminContent.vacancies.update({
      id: draft.id,
      version: draft.version,
      data: { ...draft, status: 'published' },
    });
    expect(published.version).toBe(2);
    const list = await visitor.vacancies.list({});
    expect(list.items.map((v) => v.title)).toEqual(['Інженер-гідролог']);
    const page = await visitor.vacancies.get({ idOrSlug: 'inzhener-hidroloh' });
    expect(page).toMatchObject({ salary: 'від 20 000 грн', publicPath: '/vacancies/inzhener-hidroloh' });

    const listed = await editor.adminContent.vacancies.list({ limit: 10 });
    expect(listed.items.map((v) => v.id)).toEqual([draft.id]);
    expect(await editor.adminContent.vacancies.revisions({ id: draft.id })).toHaveLength(2);
  });

  it("runs a referrer's write rule when a delete detaches it, and refuses the delete with the rule's message", async () => {
    const editor = await callerAs('editor');
    const department = await editor.adminContent.departments.create({ data: { title: 'Відділ для оголошень' } });
    const posting = await editor.adminContent.postings.create({
      data: { title: 'Набір до аспірантури', departmentId: department.id },
    });
    let message = '';
    try {
      await editor.adminContent.departments.delete({ id: department.id, detach: true });
    } catch (err) {
      message = err instanceof TRPCError ? `${err.code}: ${err.message}` : String(err);
    }
    expect(message).toBe('PRECONDITION_FAILED: Оголошення не може втратити підрозділ');
    expect(await editor.adminContent.departments.get({ id: department.id })).toMatchObject({ id: department.id });
    expect(await editor.adminContent.postings.get({ id: posting.id })).toMatchObject({ departmentId: department.id });
  });

  it('validates with its schema and names the field by its declared label', async () => {
    const editor = await callerAs('editor');
    const err = await editor.adminContent.vacancies
      .create({ data: { title: 'Інженер', closesOn: '2027-01-31', salary: 'x'.repeat(101) } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).message).toContain('Заробітна плата: не більше 100 символів');
  });

  it('gets an admin section and screens with the labels and help its fields declare', () => {
    const nav = navSectionsOf(withVacancies.list);
    const at = nav.findIndex((s) => s.path === 'config/Vacancies');
    expect(nav[at]).toEqual({ path: 'config/Vacancies', label: 'Вакансії', adminOnly: false });
    // After the sections the navigation names, before the fixed screens.
    expect(nav.map((s) => s.path).slice(at - 1, at + 3)).toEqual([
      'config/Redirects',
      'config/Vacancies',
      'config/Postings',
      'media',
    ]);
    expect(withVacancies.findByAdminSection('Vacancies')).toBe(vacancies);

    const screen = sectionScreenOf(vacancies);
    expect(screen).toMatchObject({ path: 'config/Vacancies', title: 'Вакансії', kind: 'collection', adminOnly: false });
    expect(screen.columns).toEqual([
      { field: 'title', label: 'Заголовок' },
      { field: 'closesOn', label: 'Приймаємо заяви до' },
    ]);
    const fields = Object.fromEntries(screen.fields.map((f) => [f.name, f]));
    expect(fields.closesOn).toMatchObject({ label: 'Приймаємо заяви до', kind: 'date' });
    expect(fields.salary).toMatchObject({ label: 'Заробітна плата', kind: 'text', help: 'Наприклад: від 20 000 грн' });
    expect(fields.body).toMatchObject({ label: 'Текст', kind: 'richText' });
    expect(fields.status).toMatchObject({
      kind: 'status',
      options: [
        { value: 'draft', label: 'Чернетка' },
        { value: 'published', label: 'Опубліковано' },
      ],
    });
  });

  it('gets its Firestore indexes and its place on the site (search, sitemap)', async () => {
    const file = await registryIndexFile(withVacancies);
    const own = file.indexes.filter((i) => i.collectionGroup === 'vacancies');
    expect(own.length).toBeGreaterThan(0);
    expect(own.some((i) => i.fields.some((f) => f.fieldPath.endsWith('.closesOn')))).toBe(true);
    expect(siteTypes(withVacancies.list)).toContain(vacancies);
    expect(listPathOf(vacancies)).toBe('/vacancies');
  });
});
