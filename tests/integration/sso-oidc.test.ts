/**
 * Single sign-on through OpenID Connect in the embedded backend, against a real OpenID provider in
 * process (oidc-provider): the server's start and callback routes, its account policy, and the
 * official firebase/auth SDK finishing with signInWithCustomToken against accounts:signInWithCustomToken.
 * A successful sign-in, a refused domain, an unknown account, a disabled account, a cancelled login,
 * a replayed or forged callback (400, never 500), a provider that is down, and the sign-in methods an
 * administrator sees and unlinks.
 */
import { getIdTokenResult, signInWithCustomToken, signInWithEmailAndPassword } from 'firebase/auth';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_TOKEN_AUDIENCE, CustomTokens, embeddedServiceAccount } from '../../src/server/identity/customTokens';
import { loadOrCreateSigningKey } from '../../src/server/identity/keys';
import { followToCallback, startTestIdp, type TestIdp } from '../support/oidcProvider';
import { disposeAuthClients, errorCode, newAuthClient } from './firebaseClient';
import { startTestServer, trpc, type TestServer } from './helpers';

const PUBLIC_URL = 'https://uhmi.example.org';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;

let idp: TestIdp;
let server: TestServer;
let origin: string;

beforeAll(async () => {
  idp = await startTestIdp([CALLBACK]);
  idp.accounts.set('staff-1', { email: 'editor@uhmi.org.ua', emailVerified: true, name: 'Редактор' });
  idp.accounts.set('new-1', { email: 'new.person@uhmi.org.ua', emailVerified: true, name: 'Нова Особа' });
  idp.accounts.set('outsider', { email: 'someone@gmail.com', emailVerified: true, name: 'Сторонній' });
  idp.accounts.set('unverified', { email: 'unverified@uhmi.org.ua', emailVerified: false, name: 'Непідтверджений' });
  idp.accounts.set('off', { email: 'off@uhmi.org.ua', emailVerified: true, name: 'Вимкнений' });
  server = await startTestServer({
    PUBLIC_URL,
    SEED: 'false',
    ADMIN_EMAIL: 'admin@uhmi.org.ua',
    ADMIN_PASSWORD: 'admin-password-1',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_ALLOWED_DOMAINS: 'uhmi.org.ua',
  });
  origin = await server.listen();
  await server.identity.createAccount({ email: 'editor@uhmi.org.ua', password: 'editor-password-1', role: 'editor' });
  const off = await server.identity.createAccount({
    email: 'off@uhmi.org.ua',
    password: 'off-password-1',
    role: 'editor',
  });
  await server.identity.setDisabled(off.uid, true);
}, 60_000);

afterAll(async () => {
  await disposeAuthClients();
  await server?.dispose();
  await idp?.close();
});

/** The cookie a response sets, as a request header (`name=value`). */
function cookieOf(setCookie: unknown): string {
  const first = (Array.isArray(setCookie) ? setCookie[0] : setCookie) as string;
  return first.split(';')[0]!;
}

/** Follows the provider's redirects as a browser would until it sends us back. */
const atProvider = (url: string) => followToCallback(url, CALLBACK);

interface Flow {
  callbackPath: string;
  cookie: string;
}

/** Starts a sign-on as `account` (or cancelling) and brings back the callback the provider sends. */
async function signOn(next: TestIdp['next'], returnUrl = '/edit/admin/Documents'): Promise<Flow> {
  idp.next.account = next.account;
  idp.next.cancel = next.cancel;
  const start = await server.app.inject({
    method: 'GET',
    url: `/api/auth/oidc/start?returnUrl=${encodeURIComponent(returnUrl)}`,
  });
  expect(start.statusCode).toBe(302);
  const auth = new URL(start.headers.location as string);
  expect(auth.origin).toBe(idp.issuer);
  expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
  expect(auth.searchParams.get('state')).toBeTruthy();
  expect(auth.searchParams.get('nonce')).toBeTruthy();
  const cookie = cookieOf(start.headers['set-cookie']);
  expect(cookie).toMatch(/^__session=oidc\./);
  const back = await atProvider(auth.href);
  return { callbackPath: back.slice(PUBLIC_URL.length), cookie };
}

async function callback(flow: Flow, cookie = flow.cookie) {
  return server.app.inject({ method: 'GET', url: flow.callbackPath, headers: cookie ? { cookie } : {} });
}

function ssoErrorOf(location: unknown): string | null {
  return new URL(String(location), PUBLIC_URL).searchParams.get('sso_error');
}

function customTokenOf(location: unknown): string {
  const url = new URL(String(location), PUBLIC_URL);
  expect(url.pathname).toBe('/edit/admin/Login');
  expect(url.hash.startsWith('#sso=')).toBe(true);
  return decodeURIComponent(url.hash.slice(5));
}

describe('single sign-on (embedded)', () => {
  it('signs an existing staff account in: custom token, then the SDK, then a session with its role', async () => {
    const flow = await signOn({ account: 'staff-1' });
    const res = await callback(flow);
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location), PUBLIC_URL).searchParams.get('returnUrl')).toBe(
      '/edit/admin/Documents',
    );
    // The pending login is cleared whatever happens.
    expect(String(res.headers['set-cookie'])).toMatch(/__session=;/);
    const token = customTokenOf(res.headers.location);
    expect(decodeJwt(token)).toMatchObject({ aud: CUSTOM_TOKEN_AUDIENCE });

    const auth = await newAuthClient(origin);
    const credential = await signInWithCustomToken(auth, token);
    expect(credential.user.email).toBe('editor@uhmi.org.ua');
    const result = await getIdTokenResult(credential.user);
    expect(result.signInProvider).toBe('custom');
    expect(result.claims.role).toBe('editor');
    const session = await server.app.inject({
      method: 'POST',
      url: '/api/__session',
      payload: { token: result.token },
    });
    expect(session.json()).toMatchObject({ user: { email: 'editor@uhmi.org.ua', role: 'editor' } });
  });

  it('creates an account with no role for a verified email of an allowed domain', async () => {
    const res = await callback(await signOn({ account: 'new-1' }));
    const auth = await newAuthClient(origin);
    const { user } = await signInWithCustomToken(auth, customTokenOf(res.headers.location));
    expect(user.email).toBe('new.person@uhmi.org.ua');
    expect(user.emailVerified).toBe(true);
    const account = await server.identity.getAccount(user.uid);
    expect(account).toMatchObject({ role: null, displayName: 'Нова Особа', emailVerified: true });
    // The same person signs in again as the same account.
    const again = await callback(await signOn({ account: 'new-1' }));
    expect(
      (await signInWithCustomToken(await newAuthClient(origin), customTokenOf(again.headers.location))).user.uid,
    ).toBe(user.uid);
  });

  it('refuses a domain that is not allowed, an unverified email and a disabled account', async () => {
    expect(ssoErrorOf((await callback(await signOn({ account: 'outsider' }))).headers.location)).toBe('domain');
    expect(ssoErrorOf((await callback(await signOn({ account: 'unverified' }))).headers.location)).toBe('unverified');
    expect(ssoErrorOf((await callback(await signOn({ account: 'off' }))).headers.location)).toBe('disabled');
    const { accounts } = await server.identity.listAccounts({ search: 'gmail.com' });
    expect(accounts).toEqual([]);
  });

  it('reports a login cancelled at the provider', async () => {
    const res = await callback(await signOn({ cancel: true }));
    expect(res.statusCode).toBe(302);
    expect(ssoErrorOf(res.headers.location)).toBe('cancelled');
  });

  it('answers a replayed, forged or cookie-less callback with 400', async () => {
    const flow = await signOn({ account: 'staff-1' });
    expect((await callback(flow)).statusCode).toBe(302);
    const replayed = await callback(flow);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.headers['content-type']).toMatch(/text\/html/);
    expect(replayed.body).toContain('Почніть вхід знову');

    const other = await signOn({ account: 'staff-1' });
    expect((await callback(other, '')).statusCode).toBe(400);
    const wrongState = other.callbackPath.replace(/state=[^&]+/, 'state=forged');
    expect((await callback({ ...other, callbackPath: wrongState })).statusCode).toBe(400);
    expect((await callback(other, '__session=oidc.garbage')).statusCode).toBe(400);
    // The one still pending completes normally.
    expect((await callback(other)).statusCode).toBe(302);
  });

  it('refuses forged, expired and foreign custom tokens at accounts:signInWithCustomToken', async () => {
    const auth = await newAuthClient(origin);
    const sa = embeddedServiceAccount('uhmi-embedded');
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT({ uid: 'x' })
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(sa)
      .setSubject(sa)
      .setAudience(CUSTOM_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(privateKey);
    expect(await errorCode(signInWithCustomToken(auth, foreign))).toBe('auth/invalid-custom-token');
    expect(await errorCode(signInWithCustomToken(auth, 'not-a-token'))).toBe('auth/invalid-custom-token');

    // Signed with the server's own key (DATA_DIR/keys): expired, for another audience, a disabled account.
    const key = await loadOrCreateSigningKey(server.dataDir);
    const tokens = new CustomTokens(key, sa);
    const editor = (await server.identity.listAccounts({ search: 'editor@' })).accounts[0]!;
    expect(await errorCode(signInWithCustomToken(auth, await tokens.mint(editor.uid, 60, now - 120)))).toBe(
      'auth/invalid-custom-token',
    );
    const otherAudience = await new SignJWT({ uid: editor.uid })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(sa)
      .setSubject(sa)
      .setAudience('uhmi-embedded')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key.privateKey);
    expect(await errorCode(signInWithCustomToken(auth, otherAudience))).toBe('auth/custom-token-mismatch');
    const off = (await server.identity.listAccounts({ search: 'off@' })).accounts[0]!;
    expect(await errorCode(signInWithCustomToken(auth, await tokens.mint(off.uid)))).toBe('auth/user-disabled');
    // A good one signs in.
    expect((await signInWithCustomToken(auth, await tokens.mint(editor.uid))).user.uid).toBe(editor.uid);
  });

  it('shows the sign-in methods and lets an administrator unlink one, never the last', async () => {
    const admin = await newAuthClient(origin);
    const { user } = await signInWithEmailAndPassword(admin, 'admin@uhmi.org.ua', 'admin-password-1');
    const cookie = `__session=${await user.getIdToken()}`;
    const editor = (await server.identity.listAccounts({ search: 'editor@' })).accounts[0]!;
    const methods = await trpc(server, 'query', 'authUsers.signInMethods', { uid: editor.uid }, cookie);
    expect(methods.data).toEqual([
      { providerId: 'password', email: 'editor@uhmi.org.ua' },
      { providerId: 'oidc', email: 'editor@uhmi.org.ua' },
    ]);
    const unlinked = await trpc(
      server,
      'mutation',
      'authUsers.unlink',
      { uid: editor.uid, providerId: 'password' },
      cookie,
    );
    expect(unlinked.data).toEqual([{ providerId: 'oidc', email: 'editor@uhmi.org.ua' }]);
    // The password no longer signs in; single sign-on still does.
    expect(
      await errorCode(
        signInWithEmailAndPassword(await newAuthClient(origin), 'editor@uhmi.org.ua', 'editor-password-1'),
      ),
    ).toBe('auth/invalid-credential');
    const last = await trpc(server, 'mutation', 'authUsers.unlink', { uid: editor.uid, providerId: 'oidc' }, cookie);
    expect(last.code).toBe('PRECONDITION_FAILED');
    expect(last.message).toContain('єдиний спосіб входу');
    expect((await callback(await signOn({ account: 'staff-1' }))).statusCode).toBe(302);
  });
});

describe('single sign-on when the provider is down', () => {
  it('sends the browser back to the login page with «unavailable»', async () => {
    const down = await startTestServer({
      SEED: 'false',
      ADMIN_PASSWORD: 'admin-password-1',
      OIDC_ISSUER: 'http://127.0.0.1:9', // discard port: nothing listens
      OIDC_CLIENT_ID: 'x',
      OIDC_CLIENT_SECRET: 'secret-secret',
    });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(res.statusCode).toBe(302);
      expect(ssoErrorOf(res.headers.location)).toBe('unavailable');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await down.dispose();
    }
  });
});
