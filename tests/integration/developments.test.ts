/**
 * Developments have a public place (issue 29, item 3): /Developments and an item page each, linked
 * from «Діяльність» and from the page of the department that made them, found by the visitor
 * search, listed in the sitemap, described as a schema.org CreativeWork and published in an Atom feed;
 * a draft stays off all of them.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSet } from '../../src/server/seed/content/index';
import { contentTypes } from '../../src/shared/content/registry';
import { jsonLdProblems, readHead } from '../support/structuredData';
import { startTestServer, textOf, type TestServer } from './helpers';

const ORIGIN = 'https://uhmi.example.org';
let server: TestServer;

const seeded = (seedSet.developments ?? []).filter((d) => d.data.status === 'published');
const departments = seedSet.departments ?? [];
const departmentOf = (id: string | null | undefined) => departments.find((d) => d.id === id)!;

const DRAFT = contentTypes.developments.schema.parse({
  title: 'Чернетка розробки про снігові лавини',
  slug: 'chernetka-rozrobky',
  status: 'draft',
  year: 2026,
  departmentId: 'dep-climate',
  application: 'Ще не готова',
});

beforeAll(async () => {
  server = await startTestServer();
  await server.store.create('developments', DRAFT);
});
afterAll(async () => {
  await server.dispose();
});

/** The site paths an HTML page links to. */
const links = (html: string) => [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('developments on the public site', () => {
  it('/Developments lists every published development, newest first, each linking to its page', async () => {
    expect(seeded.length).toBeGreaterThan(2);
    const res = await server.get('/Developments');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Розробки — УкрГМІ</title>');
    const hrefs = links(res.body).filter((h) => h.startsWith('/Developments/'));
    const newestFirst = [...seeded].sort((a, b) => b.data.year - a.data.year);
    expect(hrefs).toEqual(newestFirst.map((d) => `/Developments/${d.data.slug}`));
    expect(textOf(res.body)).not.toContain(DRAFT.title);
  });

  it('an item page shows the development with its department, and a draft is a 404', async () => {
    for (const d of seeded) {
      const res = await server.get(`/Developments/${d.data.slug}`);
      expect(res.status, d.data.slug).toBe(200);
      const text = textOf(res.body);
      expect(text).toContain(d.data.title);
      expect(text).toContain(String(d.data.year));
      if (d.data.application) expect(text).toContain(d.data.application);
      for (const l of d.data.links ?? []) expect(res.body).toContain(`href="${l.href}"`);
      const dep = departmentOf(d.data.departmentId);
      expect(res.body).toContain(`href="/Departments/${dep.data.slug}"`);
    }
    expect((await server.get(`/Developments/${DRAFT.slug}`)).status).toBe(404);
    // Reached by id, it answers with its one address.
    const first = seeded[0]!;
    const byId = await server.app.inject({ method: 'GET', url: `/Developments/${first.id}` });
    expect(byId.statusCode).toBe(301);
    expect(byId.headers.location).toBe(`/Developments/${first.data.slug}`);
  });

  it('«Діяльність» links to the list, and each department page to its own developments only', async () => {
    expect(links((await server.get('/activity')).body)).toContain('/Developments');
    for (const dep of departments.filter((d) => d.data.status === 'published')) {
      const html = (await server.get(`/Departments/${dep.data.slug}`)).body;
      const own = seeded.filter((d) => d.data.departmentId === dep.id).map((d) => `/Developments/${d.data.slug}`);
      expect(
        links(html)
          .filter((h) => h.startsWith('/Developments/'))
          .sort(),
        dep.id,
      ).toEqual(own.sort());
      expect(html.includes('id="developments-title"'), dep.id).toBe(own.length > 0);
      expect(textOf(html)).not.toContain(DRAFT.title);
    }
  });

  it('the visitor search finds a development by its application and links to its page', async () => {
    const crop = seeded.find((d) => d.id === 'dev-crop-model')!;
    const res = await server.get(`/search?q=${encodeURIComponent('прогнозування врожайності')}`);
    expect(res.status).toBe(200);
    expect(links(res.body)).toContain(`/Developments/${crop.data.slug}`);
    const draft = await server.get(`/search?q=${encodeURIComponent('снігові лавини')}`);
    expect(links(draft.body)).not.toContain(`/Developments/${DRAFT.slug}`);
  });

  it('the sitemap lists the list page and every published development', async () => {
    const xml = (await server.get('/sitemap.xml')).body;
    expect(xml).toContain(`<loc>${ORIGIN}/Developments</loc>`);
    for (const d of seeded) expect(xml).toContain(`<loc>${ORIGIN}/Developments/${d.data.slug}</loc>`);
    expect(xml).not.toContain(DRAFT.slug);
  });

  it('an item page describes the development as a CreativeWork made by its department', async () => {
    const viewer = seeded.find((d) => d.id === 'dev-climate-viewer')!;
    const facts = readHead((await server.get(`/Developments/${viewer.data.slug}`)).body);
    expect(facts.badJsonLd).toEqual([]);
    const work = facts.jsonLd.find((n) => n['@type'] === 'CreativeWork');
    expect(work).toBeDefined();
    expect(jsonLdProblems(work!)).toEqual([]);
    expect(work!.name).toBe(viewer.data.title);
    expect(work!.url).toBe(`${ORIGIN}/Developments/${viewer.data.slug}`);
    expect(work!.dateCreated).toBe(String(viewer.data.year));
    expect(work!.creator).toMatchObject({
      '@type': 'Organization',
      name: departmentOf(viewer.data.departmentId).data.title,
    });
    expect(work!.sameAs).toEqual(['https://climate.uhmi.org.ua/']);
  });

  it('the developments feed holds each published development, linked to its page, and every page links the feed', async () => {
    const res = await server.get('/feeds/developments.atom');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['entry', 'link'].includes(name) });
    const feed = (parser.parse(res.body) as { feed: { entry: Array<{ id: string; title: unknown }> } }).feed;
    expect(feed.entry.map((e) => e.id).sort()).toEqual(
      seeded.map((d) => `${ORIGIN}/Developments/${d.data.slug}`).sort(),
    );
    expect((await server.get('/News')).body).toContain(
      `<link rel="alternate" type="application/atom+xml" title="Розробки УкрГМІ" href="${ORIGIN}/feeds/developments.atom">`,
    );
  });
});
