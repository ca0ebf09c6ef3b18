import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  deleteUser,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  updatePassword,
  updateProfile,
  type Auth,
} from 'firebase/auth';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSigningKey } from '../../src/server/identity/keys';
import { TokenSigner } from '../../src/server/identity/tokens';
import { disposeAuthClients, errorCode, newAuthClient } from './firebaseClient';
import { startTestServer, type TestServer } from './helpers';
import { arrayContaining } from '../support/matchers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_MAX_FAILURES: '3' });
  origin = await server.listen();
});
afterAll(async () => {
  await disposeAuthClients();
  await server.dispose();
});

async function editor(email: string, password = 'editor-password-1') {
  return server.identity.createAccount({ email, password, role: 'editor' });
}

async function signedIn(email: string, password: string): Promise<Auth> {
  const auth = await newAuthClient(origin);
  await signInWithEmailAndPassword(auth, email, password);
  return auth;
}

describe('the official firebase/auth SDK against the embedded identity endpoints', () => {
  it('signs in the first administrator created from ADMIN_EMAIL / ADMIN_PASSWORD, with Firebase claims', async () => {
    const auth = await signedIn(ADMIN.email, ADMIN.password);
    expect(auth.currentUser?.email).toBe(ADMIN.email);
    const result = await auth.currentUser!.getIdTokenResult();
    expect(result.claims.role).toBe('admin');
    expect(result.claims.iss).toBe('https://securetoken.google.com/uhmi-embedded');
    expect(result.claims.aud).toBe('uhmi-embedded');
    expect(result.claims.sub).toBe(auth.currentUser!.uid);
    expect(result.signInProvider).toBe('password');
    expect(Date.parse(result.expirationTime) - Date.parse(result.issuedAtTime)).toBe(3600_000);
  });

  it('answers a wrong password and an unknown email alike (email-enumeration protection)', async () => {
    const auth = await newAuthClient(origin);
    await editor('same-answer@uhmi.example.org');
    expect(await errorCode(signInWithEmailAndPassword(auth, 'same-answer@uhmi.example.org', 'wrong-password'))).toBe(
      'auth/invalid-credential',
    );
    expect(await errorCode(signInWithEmailAndPassword(auth, 'nobody@uhmi.example.org', 'whatever-password'))).toBe(
      'auth/invalid-credential',
    );
  });

  it('refuses a disabled user with user-disabled', async () => {
    const account = await editor('disabled@uhmi.example.org');
    await server.identity.setDisabled(account.uid, true);
    const auth = await newAuthClient(origin);
    expect(await errorCode(signInWithEmailAndPassword(auth, 'disabled@uhmi.example.org', 'editor-password-1'))).toBe(
      'auth/user-disabled',
    );
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    await editor('locked@uhmi.example.org');
    const auth = await newAuthClient(origin);
    for (let i = 0; i < 3; i += 1) {
      expect(await errorCode(signInWithEmailAndPassword(auth, 'locked@uhmi.example.org', `wrong-${i}`))).toBe(
        'auth/invalid-credential',
      );
    }
    expect(await errorCode(signInWithEmailAndPassword(auth, 'locked@uhmi.example.org', 'editor-password-1'))).toBe(
      'auth/too-many-requests',
    );
  });

  it('refreshes the ID token through securetoken and rotates the refresh token', async () => {
    await editor('refresh@uhmi.example.org');
    const auth = await signedIn('refresh@uhmi.example.org', 'editor-password-1');
    const user = auth.currentUser!;
    const first = await user.getIdToken();
    const firstRefresh = user.refreshToken;
    await new Promise((r) => setTimeout(r, 1100));
    const second = await user.getIdToken(true);
    expect(second).not.toBe(first);
    expect(user.refreshToken).not.toBe(firstRefresh);
    await expect(server.identity.verifyIdToken(second)).resolves.toMatchObject({ uid: user.uid, role: 'editor' });
  });

  it('signs the user out when a refresh finds the account deleted', async () => {
    const account = await editor('deleted@uhmi.example.org');
    const auth = await signedIn('deleted@uhmi.example.org', 'editor-password-1');
    await server.identity.deleteAccount(account.uid);
    expect(await errorCode(auth.currentUser!.getIdToken(true))).toBe('auth/user-token-expired');
    expect(auth.currentUser).toBeNull();
  });

  it('ends other sessions when the password changes', async () => {
    await editor('two-sessions@uhmi.example.org');
    const a = await signedIn('two-sessions@uhmi.example.org', 'editor-password-1');
    const b = await signedIn('two-sessions@uhmi.example.org', 'editor-password-1');
    await new Promise((r) => setTimeout(r, 1100));
    await updatePassword(a.currentUser!, 'a-new-password-2');
    // This session keeps working with its fresh tokens...
    await expect(a.currentUser!.getIdToken(true)).resolves.toEqual(expect.any(String));
    // ...the other one is signed out at its next refresh.
    expect(await errorCode(b.currentUser!.getIdToken(true))).toBe('auth/user-token-expired');
    expect(b.currentUser).toBeNull();
    const c = await newAuthClient(origin);
    await expect(
      signInWithEmailAndPassword(c, 'two-sessions@uhmi.example.org', 'a-new-password-2'),
    ).resolves.toBeTruthy();
  });

  it('updates the profile', async () => {
    await editor('profile@uhmi.example.org');
    const auth = await signedIn('profile@uhmi.example.org', 'editor-password-1');
    await updateProfile(auth.currentUser!, { displayName: 'Олена Коваль' });
    await auth.currentUser!.reload();
    expect(auth.currentUser!.displayName).toBe('Олена Коваль');
    expect((await server.identity.getAccount(auth.currentUser!.uid))?.displayName).toBe('Олена Коваль');
  });

  it('deletes the signed-in account', async () => {
    await editor('self-delete@uhmi.example.org');
    const auth = await signedIn('self-delete@uhmi.example.org', 'editor-password-1');
    await deleteUser(auth.currentUser!);
    expect(auth.currentUser).toBeNull();
    expect(
      await errorCode(
        signInWithEmailAndPassword(await newAuthClient(origin), 'self-delete@uhmi.example.org', 'editor-password-1'),
      ),
    ).toBe('auth/invalid-credential');
  });

  it('refuses self-registration with admin-restricted-operation', async () => {
    const auth = await newAuthClient(origin);
    expect(await errorCode(createUserWithEmailAndPassword(auth, 'visitor@example.org', 'visitor-password'))).toBe(
      'auth/admin-restricted-operation',
    );
  });

  it('resets a forgotten password with the emailed code', async () => {
    await editor('forgot@uhmi.example.org');
    const auth = await newAuthClient(origin);
    await sendPasswordResetEmail(auth, 'forgot@uhmi.example.org');
    await sendPasswordResetEmail(auth, 'no-such-user@uhmi.example.org'); // answers alike
    const link = await server.identity.passwordResetLink('forgot@uhmi.example.org');
    const code = new URL(link).searchParams.get('oobCode')!;
    await confirmPasswordReset(auth, code, 'recovered-password-3');
    expect(await errorCode(confirmPasswordReset(auth, code, 'again-password-4'))).toBe('auth/invalid-action-code');
    await expect(
      signInWithEmailAndPassword(auth, 'forgot@uhmi.example.org', 'recovered-password-3'),
    ).resolves.toBeTruthy();
  });

  it('refuses a wrong API key', async () => {
    const auth = await newAuthClient(origin, { apiKey: 'some-other-api-key' });
    expect(await errorCode(signInWithEmailAndPassword(auth, ADMIN.email, ADMIN.password))).toMatch(
      /^auth\/(invalid-api-key|api-key-not-valid)/,
    );
  });

  it('publishes the project configuration and the signing keys', async () => {
    const projects = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/projects?key=embedded-uhmi-web-api-key`);
    expect(await projects.json()).toMatchObject({
      authorizedDomains: arrayContaining(['localhost', 'uhmi.example.org']),
    });
    const jwks = (await (await fetch(`${origin}/securetoken.googleapis.com/v1/jwks`)).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('session sync: POST /api/__session', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/api/__session',
      payload: body as object,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('sets an httpOnly SameSite cookie for a valid token and clears it for an empty one', async () => {
    const auth = await signedIn(ADMIN.email, ADMIN.password);
    const token = await auth.currentUser!.getIdToken();
    const res = await post({ token });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__session=[^;]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/; Secure;/); // PUBLIC_URL is https in the tests
    const maxAge = Number(/Max-Age=(\d+);/.exec(cookie)?.[1]);
    expect(maxAge).toBeGreaterThan(3500);
    expect(maxAge).toBeLessThanOrEqual(3600);
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/trpc/session.me',
      headers: { cookie: `__session=${token}` },
    });
    expect(me.json()).toMatchObject({ result: { data: { json: { email: ADMIN.email, role: 'admin' } } } });
    const cleared = await post({ token: '' });
    expect(cleared.statusCode).toBe(200);
    expect(String(cleared.headers['set-cookie'])).toMatch(/__session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it.each([[{}], [{ token: 5 }], [{ token: 'x', extra: 1 }], ['not json']])(
    'answers a malformed body %j with 400 and no cookie',
    async (body) => {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    },
  );

  it('refuses a forged token with 401 and no cookie', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ role: 'admin', email: ADMIN.email })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer('https://securetoken.google.com/uhmi-embedded')
      .setAudience('uhmi-embedded')
      .setSubject('someone')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
    const res = await post({ token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await server.app.inject({
      method: 'GET',
      url: '/api/trpc/session.me',
      headers: { cookie: `__session=${forged}` },
    });
    expect(me.json()).toMatchObject({ result: { data: { json: null } } });
  });

  it('refuses an expired token with 401', async () => {
    const account = (await server.identity.listAccounts({ search: ADMIN.email })).accounts[0]!;
    const signer = new TokenSigner(await loadOrCreateSigningKey(server.dataDir), 'uhmi-embedded');
    const old = Math.floor(Date.now() / 1000) - 7200;
    const expired = await signer.sign(
      { uid: account.uid, email: ADMIN.email, emailVerified: false, authTime: old, customClaims: { role: 'admin' } },
      old,
    );
    expect((await post({ token: expired })).statusCode).toBe(401);
  });

  it('refuses cross-site posts', async () => {
    const res = await post({ token: '' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });
});
