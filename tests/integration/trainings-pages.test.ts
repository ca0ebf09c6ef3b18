/**
 * /Trainings pages both of its lists with `?page=` as the other list pages do (issue 29, item 4):
 * every training is on exactly one page of its list, page N has the list's Nth page, a page past the
 * longer list's last is a 404, pages past the first carry «— сторінка N» and their own canonical
 * address, and the sitemap names the list page once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../../src/shared/routes';
import { contentTypes } from '../../src/shared/content/registry';
import { todayInKyiv } from '../../src/shared/dates';
import { startTestServer, type TestServer } from './helpers';

const UPCOMING = 61;
/** `date` moved by `days` (`YYYY-MM-DD`). */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const PAST = 30;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const today = todayInKyiv();
  const add = (slug: string, start: string, end: string) =>
    server.store.create(
      'trainings',
      contentTypes.trainings.schema.parse({
        title: `Тренінг ${slug}`,
        slug,
        status: 'published',
        startDate: start,
        endDate: end,
        format: 'online',
      }),
    );
  for (let i = 0; i < UPCOMING; i += 1) await add(`test-up-${i}`, addDays(today, 10 + i), addDays(today, 11 + i));
  for (let i = 0; i < PAST; i += 1) await add(`test-past-${i}`, addDays(today, -40 - i), addDays(today, -31 - i));
});
afterAll(async () => {
  await server.dispose();
});

/** The training anchors (`id="slug"`) of each list on a page, in page order. */
function listsOf(html: string): { upcoming: string[]; past: string[] } {
  const ids = (part: string) => [...part.matchAll(/<li id="([^"]+)" class="card"/g)].map((m) => m[1]!);
  const at = html.indexOf('<h2>Минулі</h2>');
  const upcomingPart = html.includes('<h2>Найближчі</h2>') ? html.slice(0, at === -1 ? undefined : at) : '';
  return { upcoming: ids(upcomingPart), past: at === -1 ? [] : ids(html.slice(at)) };
}

describe('/Trainings?page=', () => {
  it('shows every upcoming and past training on exactly one page, in order, a page at a time', async () => {
    const upcoming: string[] = [];
    const past: string[] = [];
    let page = 1;
    for (; page <= 20; page += 1) {
      const res = await server.get(page === 1 ? '/Trainings' : `/Trainings?page=${page}`);
      if (res.status === 404) break;
      expect(res.status, `page ${page}`).toBe(200);
      const lists = listsOf(res.body);
      expect(lists.upcoming.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
      expect(lists.past.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
      upcoming.push(...lists.upcoming);
      past.push(...lists.past);
    }
    // The longer list (the upcoming one) sets the page count; the page after the last is a 404.
    expect(page - 1).toBe(Math.ceil(upcoming.length / LIST_PAGE_SIZE));
    const ours = (ids: string[], prefix: string) => ids.filter((s) => s.startsWith(prefix));
    // Soonest first, each once; the past ones newest first.
    expect(ours(upcoming, 'test-up-')).toEqual(Array.from({ length: UPCOMING }, (_, i) => `test-up-${i}`));
    expect(ours(past, 'test-past-')).toEqual(Array.from({ length: PAST }, (_, i) => `test-past-${i}`));
    expect(new Set([...upcoming, ...past]).size).toBe(upcoming.length + past.length);
  });

  it('titles, canonical addresses and page links follow the other list pages', async () => {
    const second = await server.get('/Trainings?page=2');
    expect(second.body).toContain('<title>Навчання — сторінка 2 — УкрГМІ</title>');
    expect(second.body).toContain('<link rel="canonical" href="https://uhmi.example.org/Trainings?page=2">');
    expect(second.body).toContain('aria-current="page">2<');
    expect(second.body).toContain('href="/Trainings?page=3"');
    const first = await server.get('/Trainings?page=1');
    expect(first.body).toContain('<title>Навчання — УкрГМІ</title>');
    expect(first.body).toContain('<link rel="canonical" href="https://uhmi.example.org/Trainings">');
    for (const bad of ['0', 'abc', '-1', '10001'])
      expect((await server.get(`/Trainings?page=${bad}`)).status).toBe(404);
  });

  it('the sitemap names /Trainings once and none of its pages', async () => {
    const xml = (await server.get('/sitemap.xml')).body;
    expect(xml.match(/<loc>https:\/\/uhmi\.example\.org\/Trainings<\/loc>/g)).toHaveLength(1);
    expect(xml).not.toContain('/Trainings?page=');
  });
});
