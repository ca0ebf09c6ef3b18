/**
 * A search with more hits than its pages can show (search.query answers pages up to MAX_SEARCH_PAGE):
 * the pager links no page past the last one that answers, and the page says only the first hits show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypes } from '../../src/shared/content/registry';
import { MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE } from '../../src/shared/searchResults';
import { startTestServer, textOf, type TestServer } from './helpers';

let server: TestServer;
const HITS = MAX_SEARCH_PAGE * SEARCH_PAGE_SIZE + 25;

beforeAll(async () => {
  server = await startTestServer();
  await server.store.createMany(
    Array.from({ length: HITS }, (_, i) => ({
      collection: 'news',
      id: `syntetychna-${i + 1}`,
      data: contentTypes.news.schema.parse({
        title: `Синтетична новина ${i + 1}`,
        slug: `syntetychna-${i + 1}`,
        status: 'published',
        date: '2026-05-01T09:00:00.000Z',
      }),
    })),
  );
}, 120_000);
afterAll(async () => {
  await server?.dispose();
});

describe('a search with more hits than its pages show', () => {
  it('links no page past the last that answers, and says the first hits are shown', async () => {
    const first = await server.get('/search?q=синтетична');
    expect(first.status).toBe(200);
    const text = textOf(first.body);
    expect(text).toContain(`Знайдено результатів: ${HITS}`);
    expect(text).toContain(`Показано перші ${MAX_SEARCH_PAGE * SEARCH_PAGE_SIZE} результатів; уточніть запит.`);
    expect(first.body).toContain(`aria-label="Сторінка ${MAX_SEARCH_PAGE}"`);
    expect(first.body).not.toContain(`aria-label="Сторінка ${MAX_SEARCH_PAGE + 1}"`);

    const last = await server.get(`/search?q=синтетична&page=${MAX_SEARCH_PAGE}`);
    expect(last.status).toBe(200);
    expect(last.body).toContain(`aria-current="page">${MAX_SEARCH_PAGE}<`);
    expect(last.body).not.toContain('rel="next"');
    // Every page the pager links answers.
    const linked = [...last.body.matchAll(/href="(\/search\?[^"]*page=(\d+))"/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    expect(linked.length).toBeGreaterThan(0);
    for (const href of linked) expect((await server.get(href)).status, href).toBe(200);
  });

  it('a query with few hits says nothing about a limit', async () => {
    const res = await server.get('/search?q=синтетична+10001');
    expect(res.status).toBe(200);
    expect(textOf(res.body)).toMatch(/Знайдено результатів: [1-9]/);
    expect(textOf(res.body)).not.toContain('Показано перші');
  });
});
