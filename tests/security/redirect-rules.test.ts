/**
 * Issue 11, item 5: redirect rules could hijack the admin and send visitors off-site. Rules may not
 * be saved for (nor apply to) the server's own paths; only an administrator may point a rule at
 * another site, and only over https.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIRECT_MESSAGES } from '../../src/shared/content/types/redirects';
import { ROOT_STATIC_FILES } from '../../src/shared/routes';
import { startTestServer, type TestServer } from '../integration/helpers';
import { sessionCookie, trpcMutation } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
const EDITOR = { email: 'editor@uhmi.example.org', password: 'editor-password-1' };

let server: TestServer;
let adminCookie: string;
let editorCookie: string;

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await server.identity.createAccount({ email: EDITOR.email, password: EDITOR.password, role: 'editor' });
  adminCookie = await sessionCookie(server, ADMIN.email, ADMIN.password);
  editorCookie = await sessionCookie(server, EDITOR.email, EDITOR.password);
});

afterAll(async () => {
  await server?.dispose();
});

const createRule = (cookie: string, data: Record<string, unknown>) =>
  trpcMutation(server, 'adminContent.redirects.create', { data }, { cookie: `__session=${cookie}` });

/** The rules currently stored (to prove a refused write stored nothing). */
async function storedRules(): Promise<Array<{ from: string; to: string }>> {
  const page = await server.store.list<{ from: string; to: string }>('redirects', {
    orderBy: { fields: ['priority'], direction: 'asc' },
    limit: 1000,
  });
  return page.items.map((d) => d.data);
}

const RESERVED_SOURCES = [
  '/edit/admin/Login',
  '/edit',
  '/edit/admin',
  '/Edit/Admin/Login',
  '/api/trpc/news.list',
  '/api',
  '/v0/b/bucket/o/x',
  '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
  '/securetoken.googleapis.com/v1/token',
  '/__/firebase/init.json',
  '/builds/latest.json',
  '/assets/public.js',
  '/icon.svg',
  '/robots.txt',
];

describe("rules for the server's own paths", () => {
  it('refuses to save a rule from any of them, with a Ukrainian message under «from»', async () => {
    for (const from of RESERVED_SOURCES) {
      const res = await createRule(editorCookie, { from, to: '/News' });
      expect(res.status, from).toBe(400);
      expect(res.body.error?.json.data.zodError?.fieldErrors['data.from'], from).toEqual([REDIRECT_MESSAGES.reserved]);
    }
    // Not even an administrator.
    const byAdmin = await createRule(adminCookie, { from: '/edit/admin/Login', to: 'https://phish.example/login' });
    expect(byAdmin.status).toBe(400);
    expect(byAdmin.body.error?.json.data.zodError?.fieldErrors['data.from']).toEqual([REDIRECT_MESSAGES.reserved]);
    expect(await storedRules()).toEqual([]);
  });

  it('lists every root static file of the client among the reserved paths', () => {
    const files = readdirSync('src/client/static').map((f) => `/${f}`);
    expect([...ROOT_STATIC_FILES].sort()).toEqual(files.sort());
  });

  it('ignores such a rule when it is in the store anyway: /edit/admin/Login still serves the admin', async () => {
    // Written past the schema, as an old or hand-made rule would be.
    const hostile = [
      {
        match: 'prefix',
        from: '/edit/admin/Login',
        to: 'https://phish.example/login',
        keepRest: false,
        priority: 0,
        note: '',
      },
      { match: 'prefix', from: '/edit', to: '/News', keepRest: false, priority: 1, note: '' },
      { match: 'prefix', from: '/', to: '/News', keepRest: true, priority: 2, note: '' },
      { match: 'prefix', from: '/old', to: 'http://plain.example', keepRest: false, priority: 3, note: '' },
    ];
    const ids = [];
    for (const data of hostile) ids.push((await server.store.create('redirects', data)).id);
    try {
      for (const url of [
        '/edit/admin/Login',
        '/edit/admin',
        '/%65dit/admin/Login',
        '/api/trpc/news.list?input=%7B%7D',
        '/icon.svg',
        '/__/firebase/init.json',
        '/builds/latest.json',
      ]) {
        const res = await server.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).not.toBe(301);
        expect(res.headers.location, url).toBeUndefined();
      }
      const login = await server.app.inject({ method: 'GET', url: '/edit/admin/Login' });
      expect(login.statusCode).toBe(200);
      expect(login.headers['x-robots-tag']).toBe('noindex');
      // An http target is not followed either; the catch-all rule still works for pages.
      expect((await server.app.inject({ method: 'GET', url: '/old' })).headers.location).toBe('/News/old');
    } finally {
      for (const id of ids) await server.store.delete('redirects', id);
    }
  });
});

describe('rules to other sites', () => {
  it('an editor cannot save one (FORBIDDEN, a Ukrainian message under «to»)', async () => {
    const res = await createRule(editorCookie, { from: '/partner', to: 'https://partner.example.org/page' });
    expect(res.status).toBe(403);
    expect(res.body.error?.json.data.code).toBe('FORBIDDEN');
    expect(res.body.error?.json.message).toBe(REDIRECT_MESSAGES.adminOnly);
    expect(res.body.error?.json.data.zodError?.fieldErrors['data.to']).toEqual([REDIRECT_MESSAGES.adminOnly]);
    expect(await storedRules()).toEqual([]);
  });

  it('an editor cannot turn a local rule into one by an update either', async () => {
    const created = await createRule(editorCookie, { from: '/local-rule', to: '/News' });
    expect(created.status).toBe(200);
    const doc = created.body.result!.data.json as { id: string; version: number };
    const res = await trpcMutation(
      server,
      'adminContent.redirects.update',
      { id: doc.id, version: doc.version, data: { from: '/local-rule', to: 'https://partner.example.org/' } },
      { cookie: `__session=${editorCookie}` },
    );
    expect(res.status).toBe(403);
    expect((await server.store.get<{ to: string }>('redirects', doc.id))?.data.to).toBe('/News');
    await server.store.delete('redirects', doc.id);
  });

  it('an administrator can save an https one, and it redirects there', async () => {
    const res = await createRule(adminCookie, { from: '/partner', to: 'https://partner.example.org/page' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const follow = await server.app.inject({ method: 'GET', url: '/partner' });
    expect(follow.statusCode).toBe(301);
    expect(follow.headers.location).toBe('https://partner.example.org/page');
  });

  it('nobody can save an http, javascript:, data: or protocol-relative target', async () => {
    const cases: Array<[string, string]> = [
      ['http://partner.example.org/', REDIRECT_MESSAGES.https],
      ['javascript:alert(1)', REDIRECT_MESSAGES.target],
      ['data:text/html,<script>alert(1)</script>', REDIRECT_MESSAGES.target],
      ['//evil.example', REDIRECT_MESSAGES.path],
      ['/\\evil.example', REDIRECT_MESSAGES.path],
    ];
    for (const [to, message] of cases) {
      const res = await createRule(adminCookie, { from: '/bad-target', to });
      expect(res.status, to).toBe(400);
      expect(res.body.error?.json.data.zodError?.fieldErrors['data.to'], to).toEqual([message]);
    }
  });
});
