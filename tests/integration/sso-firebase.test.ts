/**
 * Firebase mode (firebase-tools' Auth emulator and Google's Firestore emulator): single sign-on
 * against a real OpenID provider in process, finished by the SDK's signInWithCustomToken with a token
 * from firebase-admin's createCustomToken; the sign-in methods and their unlinking; and the
 * `_staffAccess/{uid}` documents storage.rules read, written with every role and disabled change;
 * Firebase's own providers through the emulator's IdP flow (its fake Google ID tokens): a staff
 * account made in advance signed in with Google, and account-exists-with-different-credential
 * linked after the password sign-in by the login page's code.
 */
import {
  getIdTokenResult,
  GoogleAuthProvider,
  signInWithCredential,
  signInWithCustomToken,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { completePendingLink, pendingLinkFrom, type PendingLink } from '../../src/client/admin/login/linkCredential';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firebaseAdminApp } from '../../src/server/firebase/adminApp';
import { STAFF_ACCESS_COLLECTION } from '../../src/server/identity/staffAccess';
import { followToCallback, startTestIdp, type TestIdp } from '../support/oidcProvider';
import { API_KEY, FIREBASE_MODE_ENV, PROJECT, STARTUP_TIMEOUT_MS } from './authEmulator';
import { newAuthClient } from './firebaseClient';
import { useFirebaseEmulators } from './firebaseEmulators';
import { startTestServer, trpc, type TestServer } from './helpers';

const PUBLIC_URL = 'https://uhmi.example.org';
const CALLBACK = `${PUBLIC_URL}/api/auth/oidc/callback`;
const ADMIN = { email: 'webmaster@uhmi.example.org', password: 'firebase-admin-pass-1' };

const emulators = useFirebaseEmulators();
let idp: TestIdp;
let server: TestServer;

beforeAll(async () => {
  idp = await startTestIdp([CALLBACK]);
  idp.accounts.set('web', { email: ADMIN.email, emailVerified: true, name: 'Вебмайстер' });
  idp.accounts.set('new', { email: 'new@uhmi.example.org', emailVerified: true, name: 'Нова' });
  server = await startTestServer({
    PUBLIC_URL,
    SEED: 'false',
    ...FIREBASE_MODE_ENV,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_ALLOWED_DOMAINS: 'uhmi.example.org',
  });
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await server?.dispose();
  await idp?.close();
}, 20_000);

/** Follows the provider's redirects as a browser would until it sends us back. */
const atProvider = (url: string) => followToCallback(url, CALLBACK);

/** Signs on as the provider's `account` and answers the custom token the callback hands the page. */
async function customTokenFor(account: string): Promise<string> {
  idp.next.account = account;
  const start = await server.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const back = await atProvider(String(start.headers.location));
  const res = await server.app.inject({ method: 'GET', url: back.slice(PUBLIC_URL.length), headers: { cookie } });
  expect(res.statusCode, res.body).toBe(302);
  const hash = new URL(String(res.headers.location), PUBLIC_URL).hash;
  expect(hash.startsWith('#sso=')).toBe(true);
  return decodeURIComponent(hash.slice(5));
}

async function staffAccess(uid: string) {
  const doc = await getFirestore(firebaseAdminApp(PROJECT)).collection(STAFF_ACCESS_COLLECTION).doc(uid).get();
  return doc.exists ? doc.data() : null;
}

describe('single sign-on in firebase mode', () => {
  it('signs the administrator in through the Auth emulator with a firebase-admin custom token', async () => {
    const auth = await newAuthClient(emulators.auth.origin, { apiKey: API_KEY, projectId: PROJECT });
    const { user } = await signInWithCustomToken(auth, await customTokenFor('web'));
    expect(user.email).toBe(ADMIN.email);
    const result = await getIdTokenResult(user);
    expect(result.signInProvider).toBe('custom');
    const session = await server.app.inject({
      method: 'POST',
      url: '/api/__session',
      payload: { token: result.token },
    });
    expect(session.json()).toMatchObject({ user: { email: ADMIN.email, role: 'admin' } });
    const cookie = `__session=${result.token}`;
    const methods = await trpc(server, 'query', 'authUsers.signInMethods', { uid: user.uid }, cookie);
    expect(methods.data).toEqual(
      expect.arrayContaining([
        { providerId: 'password', email: ADMIN.email },
        { providerId: 'oidc', email: ADMIN.email },
      ]),
    );
  });

  it('creates an account without a role, and no storage access, for an allowed domain', async () => {
    const auth = await newAuthClient(emulators.auth.origin, { apiKey: API_KEY, projectId: PROJECT });
    const { user } = await signInWithCustomToken(auth, await customTokenFor('new'));
    expect(await server.identity.getAccount(user.uid)).toMatchObject({ role: null, emailVerified: true });
    expect(await staffAccess(user.uid)).toBeNull();
  });
});

describe('the storage access documents', () => {
  it('follow every role and disabled change of an account', async () => {
    const account = await server.identity.createAccount({
      email: 'editor@uhmi.example.org',
      password: 'editor-password-1',
      role: 'editor',
    });
    expect(await staffAccess(account.uid)).toMatchObject({ role: 'editor', disabled: false });
    await server.identity.setDisabled(account.uid, true);
    expect(await staffAccess(account.uid)).toMatchObject({ role: 'editor', disabled: true });
    await server.identity.setDisabled(account.uid, false);
    await server.identity.setRole(account.uid, null);
    expect(await staffAccess(account.uid)).toMatchObject({ role: null, disabled: false });
    await server.identity.deleteAccount(account.uid);
    expect(await staffAccess(account.uid)).toBeNull();
  });

  it('exist for the administrator made at first start', async () => {
    const admin = (await server.identity.listAccounts({ search: ADMIN.email })).accounts[0]!;
    expect(await staffAccess(admin.uid)).toMatchObject({ role: 'admin', disabled: false });
  });
});

/** A Google credential as the Auth emulator accepts it: the ID token's claims as strict JSON. */
function googleCredential(sub: string, email: string, verified: boolean) {
  return GoogleAuthProvider.credential(JSON.stringify({ sub, email, email_verified: verified, name: 'Google User' }));
}

describe("Firebase's own providers (the Auth emulator's IdP flow)", () => {
  it('signs a staff account made in advance in with Google, with its role', async () => {
    const staff = await server.identity.createAccount({
      email: 'federated@uhmi.example.org',
      password: 'federated-password-1',
      role: 'editor',
    });
    const auth = await newAuthClient(emulators.auth.origin, { apiKey: API_KEY, projectId: PROJECT });
    const { user } = await signInWithCredential(auth, googleCredential('g-1', 'federated@uhmi.example.org', true));
    expect(user.uid).toBe(staff.uid);
    const token = await user.getIdToken();
    const session = await server.app.inject({ method: 'POST', url: '/api/__session', payload: { token } });
    expect(session.json()).toMatchObject({ user: { uid: staff.uid, role: 'editor' } });
  });

  it('links a provider after account-exists-with-different-credential and the password sign-in', async () => {
    const staff = await server.identity.createAccount({
      email: 'linking@uhmi.example.org',
      password: 'linking-password-1',
      role: 'editor',
    });
    const auth = await newAuthClient(emulators.auth.origin, { apiKey: API_KEY, projectId: PROJECT });
    let pending: PendingLink | null = null;
    try {
      await signInWithCredential(auth, googleCredential('g-2', 'linking@uhmi.example.org', false));
    } catch (err) {
      pending = pendingLinkFrom(err, 'google');
    }
    expect(pending?.email).toBe('linking@uhmi.example.org');
    const { user } = await signInWithEmailAndPassword(auth, 'linking@uhmi.example.org', 'linking-password-1');
    await completePendingLink(user, pending!);
    const again = await newAuthClient(emulators.auth.origin, { apiKey: API_KEY, projectId: PROJECT });
    const linked = await signInWithCredential(again, googleCredential('g-2', 'linking@uhmi.example.org', false));
    expect(linked.user.uid).toBe(staff.uid);
    const record = await getAuth(firebaseAdminApp(PROJECT)).getUser(staff.uid);
    expect(record.providerData.map((p) => p.providerId).sort()).toEqual(['google.com', 'password']);
  });
});
