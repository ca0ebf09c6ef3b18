/**
 * A public list item carries exactly what its type (PublicListItem, shared/content/registry.ts) says:
 * each key list below compiles only when it is the type's keys (`npx tsc --noEmit` checks that half),
 * and the tests check, over real HTTP on the seeded site, that the answers carry those keys and no
 * others. So the pages' types and the server's answers cannot drift apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSet } from '../../src/server/seed/content/index';
import type { CardImage } from '../../src/shared/content/fields';
import { contentTypes, type PublicListItemFor } from '../../src/shared/content/registry';
import { startTestServer, type TestServer } from './helpers';

/** `true` only when `K` is exactly the keys of `T` (assigning `true` to it fails to compile otherwise). */
type Exactly<T, K extends PropertyKey> = [Exclude<keyof T, K>, Exclude<K, keyof T>] extends [never, never]
  ? true
  : false;
/** The optional keys of `T`. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

const NEWS_KEYS = ['id', 'title', 'slug', 'summary', 'cover', 'date', 'tags'] as const;
const newsExact: Exactly<PublicListItemFor<'news'>, (typeof NEWS_KEYS)[number]> = true;
const newsAllRequired: Exactly<Pick<PublicListItemFor<'news'>, never>, OptionalKeys<PublicListItemFor<'news'>>> = true;

/** `pages` declares no listFields: every field but its rich-text body. */
const PAGE_KEYS = ['id', 'title', 'slug', 'status', 'publishedAt', 'summary', 'cover', 'attachments'] as const;
const pagesExact: Exactly<PublicListItemFor<'pages'>, (typeof PAGE_KEYS)[number]> = true;

/** `users` lists staff; `departmentId` comes along as a filter field, left out when the filter fixes it. */
const USER_KEYS = [
  'id',
  'title',
  'photo',
  'position',
  'academicDegree',
  'academicTitle',
  'email',
  'orcid',
  'order',
  'departmentId',
] as const;
const usersExact: Exactly<PublicListItemFor<'users'>, (typeof USER_KEYS)[number]> = true;
const usersOptional: Exactly<
  Pick<PublicListItemFor<'users'>, 'departmentId'>,
  OptionalKeys<PublicListItemFor<'users'>>
> = true;

const CARD_IMAGE_KEYS = ['url', 'contentType', 'alt', 'width', 'height'] as const;
const cardImageExact: Exactly<CardImage, (typeof CARD_IMAGE_KEYS)[number]> = true;

const conference = seedSet.conferences!.find((c) => c.data.status === 'published')!;
/** A thesis written in English, in a seeded conference's programme. */
const ENGLISH_THESIS = contentTypes.theses.schema.parse({
  title: 'Snow cover trends in the Ukrainian Carpathians',
  slug: 'snow-cover-trends-carpathians',
  status: 'published',
  conferenceId: conference.id,
  order: 0,
  authors: [{ name: 'Olena Kovalenko' }],
  language: 'en',
});

let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.store.create('theses', ENGLISH_THESIS);
  origin = await server.listen();
});
afterAll(async () => {
  await server.dispose();
});

/** The items of a public list, read over HTTP as the site's pages read them. */
async function listItems(procedure: string, input: unknown): Promise<Array<Record<string, unknown>>> {
  const query = encodeURIComponent(JSON.stringify({ json: input }));
  const res = await fetch(`${origin}/api/trpc/${procedure}?input=${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { data: { json: { items: Array<Record<string, unknown>> } } } };
  return body.result.data.json.items;
}

const sorted = (keys: readonly string[]) => [...keys].sort();

describe('public list items carry exactly the keys their type promises', () => {
  it('compiles the key lists against the types', () => {
    // Each constant is `true` only because its type check passed (tsc); this keeps them used.
    expect([newsExact, newsAllRequired, pagesExact, usersExact, usersOptional, cardImageExact]).toEqual(
      Array(6).fill(true),
    );
  });

  it('news: id, its list fields and the fields it filters and sorts by; covers cut to the card image', async () => {
    const items = await listItems('news.list', { page: 1, limit: 50 });
    expect(items.length).toBeGreaterThan(1);
    for (const item of items) expect(sorted(Object.keys(item))).toEqual(sorted(NEWS_KEYS));
    const covers = items.map((i) => i.cover).filter((c): c is Record<string, unknown> => Boolean(c));
    expect(covers.length).toBeGreaterThan(0);
    for (const cover of covers) expect(sorted(Object.keys(cover))).toEqual(sorted(CARD_IMAGE_KEYS));
  });

  it('pages (no listFields): every field but the rich-text body, no version or timestamps', async () => {
    const items = await listItems('pages.list', { page: 1, limit: 50 });
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(sorted(Object.keys(item))).toEqual(sorted(PAGE_KEYS));
  });

  it('users: departmentId when the list is not filtered by it, left out when it is', async () => {
    const all = await listItems('users.list', { limit: 100 });
    expect(all.length).toBeGreaterThan(1);
    for (const item of all) expect(sorted(Object.keys(item))).toEqual(sorted(USER_KEYS));
    const departmentId = all.map((u) => u.departmentId).find((d) => typeof d === 'string' && d !== '');
    expect(departmentId).toBeTypeOf('string');
    const ofDepartment = await listItems('users.list', { limit: 100, filter: { departmentId } });
    expect(ofDepartment.length).toBeGreaterThan(0);
    for (const item of ofDepartment)
      expect(sorted(Object.keys(item))).toEqual(sorted(USER_KEYS.filter((k) => k !== 'departmentId')));
  });
});

describe('a page reads only the list fields it asks for', () => {
  it('marks an English thesis title lang="en" in its conference\'s programme (the programme asks for `language`)', async () => {
    const res = await fetch(`${origin}/conf/${String(conference.data.slug)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const link = html.match(/<a\b[^>]*>Snow cover trends in the Ukrainian Carpathians<\/a>/)?.[0];
    expect(link).toBeDefined();
    expect(link).toMatch(/\blang="en"/);
  });
});
