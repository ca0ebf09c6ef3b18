import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, textOf, type TestServer } from './helpers';

// A store that fails underneath the site: every page's data load throws an unexpected error.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SUPPORT_EMAIL: 'help@uhmi.example.org' });
  server.db.close();
});
afterAll(async () => {
  await server.dispose();
});

describe('the error screen', () => {
  it('answers 500 with «Упс!», the apology and the support address', async () => {
    const res = await server.get('/News');
    expect(res.status).toBe(500);
    const text = textOf(res.body);
    expect(text).toContain('Упс!');
    expect(text).toContain('інженерів');
    expect(res.body).toContain('href="mailto:help@uhmi.example.org"');
    expect(res.body).toContain('class="loading-image"');
  });

  it('never shows error details to the visitor', async () => {
    const res = await server.get('/');
    expect(res.body).not.toMatch(/database connection is not open|at \w+ \(/);
  });

  it.each(['Mozilla/5.0 (compatible; Googlebot/2.1)', 'facebookexternalhit/1.1', 'Mozilla/5.0 Chrome-Lighthouse'])(
    'renders no error screen for %s',
    async (ua) => {
      const res = await server.get('/News', ua);
      expect(res.status).toBe(500);
      expect(textOf(res.body)).not.toContain('Упс!');
    },
  );

  it('answers tRPC calls with a generic message, not the internal error', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/trpc/news.list' });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('Внутрішня помилка сервера');
    expect(res.body).not.toContain('database connection');
  });

  it('answers a failing route registered before the pages (citations) without the internal error', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/cite/publications/any-slug.bib' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal Server Error', statusCode: 500 });
  });
});
