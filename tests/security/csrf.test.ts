/**
 * Issue 11, item 7: the cross-site guard looked at the raw path, so `/%61pi/trpc/…` (routed as
 * `/api/trpc/…`) skipped it. Every state-changing request, whatever its path, sent from another
 * site with the session cookie is refused with 403 and has no effect; same-origin requests work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInServer, type TestServer } from '../integration/helpers';

const EDITOR = { email: 'editor@uhmi.example.org', password: 'editor-password-1' };
let server: TestServer;
let origin: string;
let cookie: string;

beforeAll(async () => {
  ({ server, origin, cookie } = await signedInServer(EDITOR, 'editor'));
});

afterAll(async () => {
  await server?.dispose();
});

const PATHS = [
  '/api/trpc/adminContent.redirects.create',
  '/%61pi/trpc/adminContent.redirects.create',
  '/%61%70%69/trpc/adminContent.redirects.create',
  '/api/trpc/%61dminContent.redirects.create',
];
const CROSS_SITE: Array<Record<string, string>> = [
  { origin: 'https://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
  { origin: 'null' },
  { 'sec-fetch-site': 'same-site', origin: 'https://sub.uhmi.example.org' },
];

async function ruleCount(): Promise<number> {
  return (await server.store.list('redirects', { orderBy: { fields: ['priority'], direction: 'asc' }, limit: 1000 }))
    .items.length;
}

const body = (from: string) => JSON.stringify({ json: { data: { from, to: '/News' } } });

describe('cross-site state-changing requests', () => {
  it('are refused with 403 and no effect on every spelling of the path (inject)', async () => {
    for (const url of PATHS) {
      for (const headers of CROSS_SITE) {
        const res = await server.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', cookie, ...headers },
          payload: body('/csrf-inject'),
        });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
    expect(await ruleCount()).toBe(0);
  });

  it('are refused over real HTTP too (the path exactly as the attacker wrote it)', async () => {
    for (const path of PATHS) {
      const res = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        },
        body: body('/csrf-http'),
      });
      expect(res.status, path).toBe(403);
    }
    // The session route and the identity endpoints are covered as well.
    const session = await fetch(`${origin}/%61pi/__session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: 'https://evil.example' },
      body: JSON.stringify({ token: '' }),
    });
    expect(session.status).toBe(403);
    expect(session.headers.get('set-cookie')).toBeNull();
    expect(await ruleCount()).toBe(0);
  });

  it('same-origin requests still work (Origin of PUBLIC_URL or of the host asked, Sec-Fetch-Site same-origin, or none)', async () => {
    const sameOrigin: Array<Record<string, string>> = [
      { origin: 'https://uhmi.example.org', 'sec-fetch-site': 'same-origin' },
      { origin, 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    let n = 0;
    for (const headers of sameOrigin) {
      n += 1;
      const res = await fetch(`${origin}/api/trpc/adminContent.redirects.create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, ...headers },
        body: body(`/same-origin-${n}`),
      });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
    expect(await ruleCount()).toBe(sameOrigin.length);
  });

  it('lets a cookie-less call with an Authorization header through (no ambient credential)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/trpc/adminContent.redirects.create',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer not-a-session',
        origin: 'https://evil.example',
      },
      payload: body('/bearer'),
    });
    // Past the guard; refused by authorisation, since tRPC reads the cookie only.
    expect(res.statusCode).toBe(401);
  });
});
