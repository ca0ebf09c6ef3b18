/**
 * Public lists that once stopped at 100 entries (departments, datasets, contacts, a department's
 * staff, the home page's departments and datasets): at scale every entry is reachable through the
 * pager (`?page=N`), a page past the last is a 404, and the home page shows a few with «Усі …».
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { LIST_PAGE_SIZE } from '../../src/shared/routes';
import { startTestServer, textOf, type TestServer } from './helpers';

let server: TestServer;
const MANY = 110;

/** `count` published documents of `collection` with a numbered title and slug `${prefix}-N`. */
async function createNumbered(
  collection: 'departments' | 'dataRepo' | 'contacts' | 'users',
  prefix: string,
  count: number,
  extra: (i: number) => Record<string, unknown> = () => ({}),
) {
  await server.store.createMany(
    Array.from({ length: count }, (_, i) => ({
      collection,
      id: `${prefix}-${i + 1}`,
      data: contentTypes[collection].schema.parse({
        title: `${prefix} номер ${i + 1}`,
        slug: `${prefix}-${i + 1}`,
        status: 'published',
        order: i + 1,
        ...extra(i + 1),
      }),
    })),
  );
}

/** The `prefix-N` slugs linked or anchored on a page. */
function slugsOn(html: string, prefix: string): Set<string> {
  return new Set([...html.matchAll(new RegExp(`${prefix}-\\d+`, 'g'))].map((m) => m[0]));
}

beforeAll(async () => {
  server = await startTestServer();
  await createNumbered('departments', 'vidil', MANY);
  await createNumbered('dataRepo', 'nabir', MANY);
  await createNumbered('contacts', 'kontakt', MANY);
  await createNumbered('users', 'spivrobitnyk', 101, () => ({ departmentId: 'velykyi-vidil' }));
  await server.store.create(
    'departments',
    contentTypes.departments.schema.parse({
      title: 'Великий відділ',
      slug: 'velykyi-vidil',
      status: 'published',
      headId: 'spivrobitnyk-101',
    }),
    { id: 'velykyi-vidil' },
  );
});
afterAll(async () => {
  await server.dispose();
});

describe.each([
  ['/Departments', 'vidil'],
  ['/data_repo', 'nabir'],
  ['/Contacts', 'kontakt'],
])('%s at scale', (path, prefix) => {
  it('pages through every entry with the pager; past the last page is a 404', async () => {
    const first = await server.get(path);
    expect(first.status).toBe(200);
    expect(first.body).toContain(`href="${path}?page=2"`);
    const seen = new Set<string>();
    let page = 1;
    for (;;) {
      const res = await server.get(page === 1 ? path : `${path}?page=${page}`);
      if (res.status === 404) break;
      expect(res.status).toBe(200);
      const onPage = slugsOn(res.body, prefix);
      expect(onPage.size).toBeLessThanOrEqual(LIST_PAGE_SIZE);
      onPage.forEach((s) => seen.add(s));
      page += 1;
      expect(page).toBeLessThan(100);
    }
    expect(seen.size).toBe(MANY);
    const second = await server.get(`${path}?page=2`);
    expect(second.body).toContain(`<link rel="canonical" href="https://uhmi.example.org${path}?page=2">`);
    expect(second.body).toContain('aria-current="page">2<');
    expect((await server.get(`${path}?page=abc`)).status).toBe(404);
  });
});

describe('a department with more than 100 staff', () => {
  it('continues its staff list on ?page=2 and names its head from another page', async () => {
    const first = await server.get('/Departments/velykyi-vidil');
    expect(first.status).toBe(200);
    const text = textOf(first.body);
    expect(text).toContain('spivrobitnyk номер 100');
    expect(first.body.match(/class="staff-card"/g)).toHaveLength(100);
    expect(text).toMatch(/Керівник\s*spivrobitnyk номер 101/);
    expect(first.body).toContain('href="/Departments/velykyi-vidil?page=2"');
    const second = await server.get('/Departments/velykyi-vidil?page=2');
    expect(second.status).toBe(200);
    expect(second.body.match(/class="staff-card"/g)).toHaveLength(1);
    expect(second.body).toMatch(/class="staff-name"[^>]*>spivrobitnyk номер 101</);
    expect((await server.get('/Departments/velykyi-vidil?page=3')).status).toBe(404);
  });
});

describe('the home page at scale', () => {
  it('shows a few departments and datasets, each with a link to all of them', async () => {
    const home = await server.get('/');
    expect(home.status).toBe(200);
    expect(slugsOn(home.body, 'vidil').size).toBeLessThanOrEqual(12);
    expect(slugsOn(home.body, 'nabir').size).toBeLessThanOrEqual(6);
    expect(home.body).toMatch(/<a [^>]*href="\/Departments"[^>]*>Усі підрозділи/);
    expect(home.body).toMatch(/<a [^>]*href="\/data_repo"[^>]*>Усі набори даних/);
  });
});
