/**
 * A training's permalink /Trainings/{slug} (its public address, used by the visitor search, feeds
 * and JSON-LD) answers 302 to the /Trainings page that shows it today, `?page=N#slug`, N from its
 * position in its list (upcoming or past), ties on the start date included; an unknown or draft slug
 * is the 404 page, and the sitemap lists no permalink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { todayInKyiv } from '../../src/shared/dates';
import { startTestServer, type TestServer } from './helpers';

/** `date` moved by `days` (`YYYY-MM-DD`). */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** A training far in the future, so it is on page 3 of the upcoming list (after the 30 below). */
const FAR = { slug: 'perm-far-glaciers', title: 'Тренінг про льодовикові озера' };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const today = todayInKyiv();
  const add = (slug: string, start: string, end: string, status = 'published', title = `Тренінг ${slug}`) =>
    server.store.create(
      'trainings',
      contentTypes.trainings.schema.parse({ title, slug, status, startDate: start, endDate: end, format: 'online' }),
    );
  // Thirteen of each list share their dates (more than a page), the others share a start date in
  // threes: their order comes from the tie-breaking fields and the id, which the permalink must count alike.
  const group = (i: number, size: number) => (i < 13 ? 0 : 1 + Math.floor(i / size));
  for (let i = 0; i < 30; i += 1)
    await add(
      `perm-up-${i}`,
      addDays(today, 100 + group(i, 3)),
      addDays(today, 101 + group(i, 3) + (i < 13 ? 0 : i % 2)),
    );
  for (let i = 0; i < 28; i += 1)
    await add(`perm-past-${i}`, addDays(today, -40 - group(i, 4)), addDays(today, -35 - (i < 13 ? 0 : i % 3)));
  await add(FAR.slug, addDays(today, 400), addDays(today, 401), 'published', FAR.title);
  await add('perm-draft', addDays(today, 120), addDays(today, 121), 'draft');
});
afterAll(async () => {
  await server.dispose();
});

/** Where each training is shown: slug → the /Trainings address of its page (`/Trainings` or `?page=N`). */
async function pagesOfTrainings(): Promise<Map<string, string>> {
  const where = new Map<string, string>();
  for (let page = 1; page <= 30; page += 1) {
    const path = page === 1 ? '/Trainings' : `/Trainings?page=${page}`;
    const res = await server.get(path);
    if (res.status === 404) break;
    for (const m of res.body.matchAll(/<li id="([^"]+)" class="card"/g)) where.set(m[1]!, path);
  }
  return where;
}

/** The 302 of a permalink (its target moves with the day: never a cached 301): its Location. */
async function follow(path: string): Promise<string> {
  const res = await server.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, path).toBe(302);
  return String(res.headers.location);
}

describe('/Trainings/{slug}', () => {
  it('sends every training, upcoming or past, to the page that shows it, at its anchor', async () => {
    const where = await pagesOfTrainings();
    expect(where.get(FAR.slug)).toBe('/Trainings?page=3');
    expect([...where.keys()].filter((s) => s.startsWith('perm-')).length).toBe(59);
    for (const [slug, page] of where) expect(await follow(`/Trainings/${slug}`), slug).toBe(`${page}#${slug}`);
    // The page it lands on shows it.
    const landing = await server.get('/Trainings?page=3');
    expect(landing.body).toContain(`<li id="${FAR.slug}" class="card"`);
  });

  it('is the address the visitor search, the events feed and the JSON-LD give a training', async () => {
    const search = await server.get(`/search?q=${encodeURIComponent('льодовикові озера')}`);
    expect(search.status).toBe(200);
    const href = [...search.body.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!).find((h) => h.includes(FAR.slug));
    expect(href).toBe(`/Trainings/${FAR.slug}`);
    expect(await follow(href!)).toBe(`/Trainings?page=3#${FAR.slug}`);
    const feed = (await server.get('/feeds/events.atom')).body;
    expect(feed).toContain(`<id>https://uhmi.example.org/Trainings/${FAR.slug}</id>`);
    const page3 = (await server.get('/Trainings?page=3')).body;
    expect(page3).toContain(`"url":"https://uhmi.example.org/Trainings/${FAR.slug}"`);
  });

  it('an unknown or draft slug is the 404 page; the sitemap lists no permalink', async () => {
    for (const slug of ['perm-nothing', 'perm-draft', 'x'.repeat(80)]) {
      const res = await server.get(`/Trainings/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body).toContain('<html');
    }
    const xml = (await server.get('/sitemap.xml')).body;
    expect(xml).not.toContain('/Trainings/');
  });
});
