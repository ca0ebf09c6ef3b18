/**
 * Issue 13: the server render keeps the site header's and footer's markup, and the lists of cards',
 * between renders (src/client/lib/fragmentCache.ts). A page comes out byte for byte the same
 * whether they are rendered or taken from the cache (the dates the cards format and the main
 * image's preload included), and an edit shows on the next render.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, textOf, type TestServer } from './helpers';
import { seededPageSample, untimed } from '../support/sitePages';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.pageCache.enabled = false;
});
afterAll(async () => {
  await server.dispose();
});

/** Renders `url` and returns the body with how many parts came from the cache and how many were rendered. */
async function render(url: string) {
  const before = { ...server.fragments.stats };
  const res = await server.get(url);
  return {
    ...res,
    hits: server.fragments.stats.hits - before.hits,
    misses: server.fragments.stats.misses - before.misses,
  };
}

/** The parts a page keeps: the header, the footer and each list of cards. */
const keptParts = (html: string) => 2 + (html.match(/<ul class="card-list"/g)?.length ?? 0);

describe('header, footer and card lists kept between renders', () => {
  it.each(seededPageSample())('%s is the same rendered, kept and taken from the cache', async (url) => {
    server.fragments.enabled = false;
    const plain = await render(url);
    server.fragments.enabled = true;
    const first = await render(url);
    const again = await render(url);
    expect(again.status).toBe(plain.status);
    expect(again.hits).toBe(keptParts(plain.body));
    expect(again.misses).toBe(0);
    // The packed state carries the time it was packed: the only difference allowed.
    expect(untimed(first.body)).toBe(untimed(plain.body));
    expect(untimed(again.body)).toBe(untimed(plain.body));
    expect(again.body).not.toContain('data-fragment');
  });

  it('keeps the header per address: the current page is marked in the menu', async () => {
    const news = await render('/News');
    const contacts = await render('/Contacts');
    const current = (html: string) => html.match(/<a [^>]*aria-current="page"[^>]*>/g)?.join('\n') ?? '';
    expect(current(news.body)).toContain('href="/News"');
    expect(current(news.body)).not.toContain('href="/Contacts"');
    expect(current(contacts.body)).toContain('href="/Contacts"');
    expect(current(contacts.body)).not.toContain('href="/News"');
  });

  it('shows an edited header and footer on the next render', async () => {
    await render('/Contacts');
    const header = await server.store.get<Record<string, unknown>>('header', 'header');
    const tagline = `Новий підзаголовок ${Date.now()}`;
    await server.store.update('header', 'header', { ...header!.data, tagline }, header!.version);
    const footer = await server.store.get<Record<string, unknown>>('footer', 'footer');
    const copyright = `© Оновлений підвал ${Date.now()}`;
    await server.store.update('footer', 'footer', { ...footer!.data, copyright }, footer!.version);

    const after = await render('/Contacts');
    expect(after.misses).toBe(2);
    expect(textOf(after.body)).toContain(tagline);
    expect(textOf(after.body)).toContain(copyright);
    const again = await render('/Contacts');
    expect(again.hits).toBe(2);
    // The markup (the state lists its queries in the order they were answered, which a store read changes).
    const markup = (html: string) =>
      html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    expect(markup(again.body)).toBe(markup(after.body));
  });

  it('shows an edited news item in the kept cards on the next render', async () => {
    await render('/News');
    const kept = await render('/News');
    expect(kept.hits).toBe(3);
    // The latest seeded news item: the first card.
    const first = await server.store.get<Record<string, unknown>>('news', 'news-hydromet-day-2026');
    const title = `Оновлений заголовок новини ${Date.now()}`;
    await server.store.update('news', 'news-hydromet-day-2026', { ...first!.data, title }, first!.version);

    const after = await render('/News');
    expect(after.misses).toBe(1);
    expect(textOf(after.body)).toContain(title);
    const again = await render('/News');
    expect(again.hits).toBe(3);
    expect(untimed(again.body)).toBe(untimed(after.body));
  });

  it.each(['/News', '/', '/Trainings'])(
    '%s gzipped around its kept card lists reads back as the page rendered whole',
    async (url) => {
      server.fragments.enabled = false;
      const plain = await server.get(url);
      server.fragments.enabled = true;
      await server.get(url);
      const identity = await server.get(url);
      const gzip = async () => server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      const first = await gzip();
      const kept = await gzip(); // the lists' compressed runs made by the first, used as they are
      // The markup (the state lists its queries in the order they were answered, which a store read changes).
      const markup = (html: string) =>
        html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
      for (const res of [first, kept]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('gzip');
        const text = gunzipSync(res.rawPayload).toString('utf8');
        expect(untimed(text)).toBe(untimed(identity.body));
        expect(markup(text)).toBe(markup(plain.body));
      }
    },
  );
});
