/**
 * A disabled account at the session route: its still-valid token is refused with
 * `reason: 'user-disabled'`, and clearing a session whose cookie belongs to such an account says so
 * too (the SDK drops a stored disabled sign-in silently; the admin then explains it). Other refusals
 * and ordinary sign-outs carry no reason.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    SEED: 'false',
    ADMIN_EMAIL: 'admin@uhmi.example.org',
    ADMIN_PASSWORD: 'admin-password-1',
  });
});
afterAll(async () => {
  await server?.dispose();
});

async function signedIn(email: string): Promise<{ uid: string; token: string; cookie: string }> {
  const account = await server.identity.createAccount({ email, password: 'editor-password-1', role: 'editor' });
  const res = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { email, password: 'editor-password-1', returnSecureToken: true },
  });
  const token = res.json<{ idToken: string }>().idToken;
  const session = await server.app.inject({ method: 'POST', url: '/api/__session', payload: { token } });
  expect(session.statusCode).toBe(200);
  return {
    uid: account.uid,
    token,
    cookie: `__session=${/__session=([^;]+)/.exec(String(session.headers['set-cookie']))![1]}`,
  };
}

const post = (token: string, cookie?: string) =>
  server.app.inject({ method: 'POST', url: '/api/__session', payload: { token }, headers: cookie ? { cookie } : {} });

it('says why when the account of a valid session was disabled', async () => {
  const editor = await signedIn('disabled-later@uhmi.example.org');
  await server.identity.setDisabled(editor.uid, true);

  const again = await post(editor.token);
  expect(again.statusCode).toBe(401);
  expect(again.json()).toEqual({ error: 'Invalid ID token', reason: 'user-disabled' });
  expect(again.headers['set-cookie']).toBeUndefined();

  const cleared = await post('', editor.cookie);
  expect(cleared.statusCode).toBe(200);
  expect(cleared.json()).toEqual({ user: null, reason: 'user-disabled' });
  expect(String(cleared.headers['set-cookie'])).toMatch(/^__session=;/);
});

it('gives no reason for other refusals or an ordinary sign-out', async () => {
  expect((await post('not-a-token')).json()).toEqual({ error: 'Invalid ID token' });
  expect((await post('')).json()).toEqual({ user: null });
  const editor = await signedIn('still-enabled@uhmi.example.org');
  expect((await post('', editor.cookie)).json()).toEqual({ user: null });
  // Revoked, not disabled (signed out elsewhere): no reason either.
  await server.identity.revokeSessions(editor.uid, Math.floor(Date.now() / 1000));
  expect((await post(editor.token)).json()).toEqual({ error: 'Invalid ID token' });
});
