/**
 * Issue 11, item 4: signing out ends the session on the server. POST /api/__session/signout (what the
 * admin's «Вийти» calls before the SDK's signOut) revokes the account's sessions: a `__session`
 * cookie and a refresh token captured before it are both refused afterwards (tRPC UNAUTHORIZED,
 * securetoken refresh error), also for a token issued in the same second. Cross-site sign-out
 * posts are refused. Embedded mode; firebase mode maps it to firebase-admin's revokeRefreshTokens.
 */
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disposeAuthClients, newAuthClient } from '../integration/firebaseClient';
import { startTestServer, type TestServer } from '../integration/helpers';
import { postSession, refreshIdToken, sdkSession, trpc } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  origin = await server.listen();
});
afterAll(async () => {
  await disposeAuthClients();
  await server.dispose();
});

const signOut = (cookie: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'POST',
    url: '/api/__session/signout',
    headers: { cookie, 'sec-fetch-site': 'same-origin', ...headers },
  });

const refresh = (refreshToken: string) => refreshIdToken(origin, refreshToken);

describe('server-side sign-out', () => {
  it('refuses the captured cookie and refresh token afterwards', async () => {
    const { cookie, auth } = await sdkSession(server, origin, ADMIN.email, ADMIN.password);
    const refreshToken = auth.currentUser!.refreshToken;
    expect((await trpc(server, 'query', 'authUsers.list', {}, cookie)).status).toBe(200);

    const res = await signOut(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: true });
    expect(String(res.headers['set-cookie'])).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);

    // The same cookie, replayed (e.g. stolen before the sign-out), no longer authenticates.
    expect(await trpc(server, 'query', 'authUsers.list', {}, cookie)).toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    expect((await trpc(server, 'query', 'session.me', undefined, cookie)).data).toBeNull();
    // Nor can it be turned into a new cookie.
    const token = cookie.slice('__session='.length);
    const again = await postSession(server, token);
    expect(again.statusCode).toBe(401);
    // And the refresh token captured before the sign-out gets no new ID token.
    const refreshed = await refresh(refreshToken);
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.id_token).toBeUndefined();
    expect(refreshed.body.error?.message).toMatch(/^(TOKEN_EXPIRED|INVALID_REFRESH_TOKEN)/);
  });

  it('lets the user sign in again at once afterwards', async () => {
    const { cookie } = await sdkSession(server, origin, ADMIN.email, ADMIN.password);
    await signOut(cookie);
    const next = await sdkSession(server, origin, ADMIN.email, ADMIN.password);
    expect((await trpc(server, 'query', 'authUsers.list', {}, next.cookie)).status).toBe(200);
  });

  it('refuses a cross-site sign-out and leaves the session alone', async () => {
    const { cookie } = await sdkSession(server, origin, ADMIN.email, ADMIN.password);
    const res = await signOut(cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect((await trpc(server, 'query', 'authUsers.list', {}, cookie)).status).toBe(200);
  });

  it('answers signedOut false without a valid session, and still clears the cookie', async () => {
    const res = await signOut('__session=not-a-token');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signedOut: false });
    expect(String(res.headers['set-cookie'])).toMatch(/__session=;/);
    const none = await server.app.inject({
      method: 'POST',
      url: '/api/__session/signout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(none.json()).toEqual({ signedOut: false });
  });

  it('ends every session of the account (another client’s refresh token too)', async () => {
    const a = await sdkSession(server, origin, ADMIN.email, ADMIN.password);
    const b = await newAuthClient(origin);
    await signInWithEmailAndPassword(b, ADMIN.email, ADMIN.password);
    const bRefresh = b.currentUser!.refreshToken;
    await signOut(a.cookie);
    expect((await refresh(bRefresh)).status).toBe(400);
  });
});
