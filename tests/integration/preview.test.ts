/**
 * Previews of drafts (issue 15): staff see the draft with a banner that says it is not published,
 * and the preview is kept out of search engines and caches; visitors never see the draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor, sessionCookie } from '../security/helpers';
import { startTestServer, textOf, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  cookie = await sessionCookie(server, ADMIN.email, ADMIN.password);
  const admin = await callerFor(server, cookie);
  await admin.adminContent.news.create({
    data: { title: 'Чернетка про весняну повінь', slug: 'vesniana-povin', date: '2026-11-20T10:00:00+02:00' },
  });
});
afterAll(async () => {
  await server.dispose();
});

describe('a preview', () => {
  it('shows staff the draft under a «Чернетка — не опубліковано» banner, noindex and uncached', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/News/vesniana-povin?preview=1',
      cookies: { __session: cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain('Чернетка — не опубліковано.');
    expect(textOf(res.body)).toContain('Чернетка про весняну повінь');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(String(res.headers['cache-control'])).not.toContain('public');
  });

  it('never shows a visitor the draft', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/News/vesniana-povin?preview=1' });
    expect(res.statusCode).toBe(404);
    expect(textOf(res.body)).not.toContain('Чернетка про весняну повінь');
  });

  it('leaves published pages without banner or noindex', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/News' });
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).not.toContain('не опубліковано');
    expect(res.body).not.toContain('noindex');
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });
});
