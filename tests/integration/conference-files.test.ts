/**
 * Issue 28, item 7, over HTTP on loopback against the seeded server: each conference's book of
 * abstracts («Збірник тез», a PDF read back with pdf-lib and its text extracted with pdfjs-dist),
 * kept until a thesis changes; the `.ics` files of conferences and trainings (parsed with ical.js);
 * `citation_conference_title` on thesis pages.
 */
import { parse as parseDisposition } from 'content-disposition';
import ICAL from 'ical.js';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { formatDateRange } from '../../src/shared/dates';
import { seedSet } from '../../src/server/seed/content/index';
import { pdfNavigation, pdfPages, tableOfContents, words } from '../support/pdfText';
import { readHead } from '../support/structuredData';
import { startTestServer, type TestServer } from './helpers';

const PUBLIC_URL = 'https://uhmi.example.org';
let server: TestServer;
let origin: string;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL });
  origin = await server.listen();
  await server.store.create(
    'conferences',
    contentTypes.conferences.schema.parse({
      title: 'Конференція без тез',
      slug: 'bez-tez',
      status: 'published',
      startDate: '2026-06-01',
      endDate: '2026-06-01',
    }),
    { id: 'conf-no-theses' },
  );
  await server.store.create(
    'trainings',
    contentTypes.trainings.schema.parse({
      title: 'Чернетка навчання',
      slug: 'chernetka-navchannia',
      status: 'draft',
      startDate: '2026-07-01',
      endDate: '2026-07-02',
    }),
    { id: 'tr-draft' },
  );
});
afterAll(async () => {
  await server.dispose();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers });
const conferences = (seedSet.conferences ?? []).filter((c) => c.data.status === 'published');
const thesesOf = (id: string) =>
  (seedSet.theses ?? [])
    .filter((t) => t.data.conferenceId === id && t.data.status === 'published')
    .sort((a, b) => (a.data.order ?? 0) - (b.data.order ?? 0));

async function book(slug: string, headers: Record<string, string> = {}) {
  const res = await get(`/conf/${slug}/abstracts.pdf`, headers);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('«Збірник тез»: the book of abstracts of a conference', () => {
  it.each(conferences.map((c) => [c.data.slug, c.id] as const))(
    '%s: linked from its page; a PDF with the title page, a table of contents and every published thesis',
    async (slug, id) => {
      const conf = conferences.find((c) => c.id === id)!.data;
      const theses = thesesOf(id);
      expect(theses.length).toBeGreaterThan(0);
      const page = await (await get(`/conf/${slug}`)).text();
      expect(page).toMatch(new RegExp(`<a [^>]*href="/conf/${slug}/abstracts\\.pdf"[^>]*>Збірник тез</a>`));

      const { res, bytes } = await book(slug);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      const disposition = parseDisposition(res.headers.get('content-disposition')!);
      expect(disposition.type).toBe('inline');
      expect(disposition.parameters.filename).toBe(`Збірник тез — ${conf.title.replace(/\s*:\s*/g, ' ')}.pdf`);
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''");

      const pdf = await PDFDocument.load(bytes);
      expect(pdf.getTitle()).toBe(`Збірник тез доповідей: ${conf.title}`);
      const pages = await pdfPages(bytes);
      expect(pages.length).toBe(pdf.getPageCount());
      // The title page: the book, the conference, its dates and place.
      expect(pages[0]!.text).toContain('Збірник тез доповідей');
      expect(pages[0]!.text).toContain(words(conf.title));
      expect(pages[0]!.text).toContain(formatDateRange(conf.startDate, conf.endDate).replace(/\s/g, ' '));
      if (conf.location) expect(pages[0]!.text).toContain(words(conf.location));
      const { toc, numbers } = tableOfContents(pages);
      expect(toc.length).toBeGreaterThan(0);
      expect(toc[0]!.text.startsWith('Зміст')).toBe(true);
      const tocText = toc.map((p) => p.text).join(' ');
      for (const t of theses) {
        expect(tocText).toContain(words(t.data.title));
        for (const a of t.data.authors) expect(tocText).toContain(a.name);
      }
      expect(numbers).toHaveLength(theses.length);
      theses.forEach((t, i) => {
        const entry = pages[numbers[i]! - 1]!.text;
        expect(entry, t.data.title).toContain(words(t.data.title));
        if (t.data.summary) expect(entry).toContain(words(t.data.summary).slice(0, 60));
        for (const a of t.data.authors) expect(entry).toContain(a.name);
      });
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      // Bookmarks and the ToC's links lead to the same pages.
      const nav = await pdfNavigation(bytes, toc.length);
      expect(nav.outline).toEqual(theses.map((t, i) => ({ title: t.data.title, page: numbers[i] })));
      expect(nav.tocLinks).toEqual(numbers);
    },
  );

  it('is kept until a thesis changes: the same ETag and bytes from the cache, 304 when asked again, then a new book after an edit', async () => {
    const conf = conferences[0]!;
    const first = await book(conf.data.slug);
    const etag = first.res.headers.get('etag')!;
    const again = await book(conf.data.slug);
    expect(again.res.headers.get('etag')).toBe(etag);
    expect(again.res.headers.get('x-page-cache')).toBe('hit');
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    const conditional = await get(`/conf/${conf.data.slug}/abstracts.pdf`, { 'If-None-Match': etag });
    expect(conditional.status).toBe(304);

    const thesis = thesesOf(conf.id)[0]!;
    const stored = await server.store.get<Record<string, unknown>>('theses', thesis.id);
    const title = 'Оновлена назва тез для збірника';
    await server.store.update('theses', thesis.id, { ...stored!.data, title }, stored!.version);
    const edited = await book(conf.data.slug);
    expect(edited.res.status).toBe(200);
    expect(edited.res.headers.get('etag')).not.toBe(etag);
    expect(edited.res.headers.get('x-page-cache')).toBe('miss');
    const text = (await pdfPages(edited.bytes)).map((p) => p.text).join(' ');
    expect(text).toContain(title);
    expect(text).not.toContain(words(thesis.data.title));

    // Unpublishing a thesis drops it from the next book.
    const current = await server.store.get<Record<string, unknown>>('theses', thesis.id);
    await server.store.update('theses', thesis.id, { ...current!.data, status: 'draft' }, current!.version);
    const withoutIt = await book(conf.data.slug);
    expect(withoutIt.res.headers.get('etag')).not.toBe(edited.res.headers.get('etag'));
    expect((await pdfPages(withoutIt.bytes)).map((p) => p.text).join(' ')).not.toContain(title);
    const last = await server.store.get<Record<string, unknown>>('theses', thesis.id);
    await server.store.update('theses', thesis.id, stored!.data, last!.version);
  });

  it('a conference without published theses has no link, and its address is the site’s 404 page; so is an unknown one', async () => {
    const page = await (await get('/conf/bez-tez')).text();
    expect(page).not.toContain('abstracts.pdf');
    expect(page).not.toContain('Збірник тез');
    for (const path of ['/conf/bez-tez/abstracts.pdf', '/conf/nemaie-takoi/abstracts.pdf']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain(`Page Not Found: ${path}`);
    }
  });
});

/** The one VEVENT of an .ics file. */
function eventOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const e = events[0]!;
  const date = (name: string) => {
    const t = e.getFirstPropertyValue(name) as ICAL.Time;
    return { date: t.toString(), allDay: t.isDate };
  };
  return {
    uid: e.getFirstPropertyValue('uid'),
    summary: e.getFirstPropertyValue('summary'),
    url: e.getFirstPropertyValue('url'),
    location: e.getFirstPropertyValue('location'),
    start: date('dtstart'),
    end: date('dtend'),
  };
}

const dayAfter = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('.ics calendar files («Додати до календаря»)', () => {
  it.each(conferences.map((c) => [c.data.slug, c.id] as const))(
    'conference %s: an all-day event from the first to the last day, its page as URL, a stable UID',
    async (slug, id) => {
      const conf = conferences.find((c) => c.id === id)!.data;
      const page = await (await get(`/conf/${slug}`)).text();
      expect(page).toMatch(new RegExp(`<a [^>]*href="/conf/${slug}/calendar\\.ics"[^>]*>Додати до календаря</a>`));
      const res = await get(`/conf/${slug}/calendar.ics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(parseDisposition(res.headers.get('content-disposition')!).parameters.filename).toBe(`${slug}.ics`);
      const text = await res.text();
      const event = eventOf(text);
      expect(event).toEqual({
        uid: `conference-${id}@uhmi.example.org`,
        summary: conf.title,
        url: `${PUBLIC_URL}/conf/${slug}`,
        location: conf.location || null,
        start: { date: conf.startDate, allDay: true },
        end: { date: dayAfter(conf.endDate), allDay: true },
      });
      expect(text).toContain(`DTSTART;VALUE=DATE:${conf.startDate.replace(/-/g, '')}`);
      // The same document gives the same file (a calendar that imports it again updates the event).
      const again = await get(`/conf/${slug}/calendar.ics`);
      expect(await again.text()).toBe(text);
      expect(again.headers.get('etag')).toBe(res.headers.get('etag'));
    },
  );

  it('each published training on /Trainings links its .ics, whose event is the training’s days and permalink', async () => {
    const trainings = (seedSet.trainings ?? []).filter((t) => t.data.status === 'published');
    const list = await (await get('/Trainings')).text();
    const linked = [...list.matchAll(/href="\/Trainings\/([\w-]+)\/calendar\.ics"/g)].map((m) => m[1]);
    expect(linked.length).toBeGreaterThan(0);
    for (const slug of linked) {
      const t = trainings.find((x) => x.data.slug === slug)!;
      const res = await get(`/Trainings/${slug}/calendar.ics`);
      expect(res.status, slug).toBe(200);
      expect(eventOf(await res.text())).toMatchObject({
        uid: `training-${t.id}@uhmi.example.org`,
        summary: t.data.title,
        url: `${PUBLIC_URL}/Trainings/${slug}`,
        start: { date: t.data.startDate, allDay: true },
        end: { date: dayAfter(t.data.endDate), allDay: true },
      });
    }
  });

  it('unknown and unpublished events answer the site’s 404 page', async () => {
    for (const path of [
      '/Trainings/chernetka-navchannia/calendar.ics',
      '/Trainings/nemaie/calendar.ics',
      '/conf/nemaie/calendar.ics',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain(`Page Not Found: ${path}`);
    }
  });
});

describe('citation_conference_title', () => {
  it('every published thesis page names its conference for Google Scholar', async () => {
    for (const c of conferences) {
      for (const t of thesesOf(c.id)) {
        const res = await get(`/conf/${c.data.slug}/${t.data.slug}`);
        expect(res.status).toBe(200);
        expect(readHead(await res.text()).meta.get('citation_conference_title')).toEqual([c.data.title]);
      }
    }
  });
});
