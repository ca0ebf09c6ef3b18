/**
 * Email links and verified emails in the embedded backend, with the official firebase/auth SDK as
 * client and a real SMTP server in the test process:
 * - sign-in by email link (sendSignInLinkToEmail, isSignInWithEmailLink, signInWithEmailLink): a
 *   Ukrainian mail whose PUBLIC_URL link signs in once, verifies the email, and answers Google's codes
 *   for a reused, expired or foreign code; unknown and disabled emails get the same answer and no
 *   mail; requests are rate-limited; continueUrl must be on an authorized domain;
 * - sendEmailVerification / verifyBeforeUpdateEmail / applyActionCode / checkActionCode, and the
 *   administrator's «send a verification mail»;
 * - GET v2/passwordPolicy (validatePassword), a reset verifying the email, the codes of switched-off
 *   flows (anonymous sign-up, a disabled provider);
 * - POST /api/__session with an empty token ending the cookie's session on the server.
 */
import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  getAdditionalUserInfo,
  isSignInWithEmailLink,
  sendEmailVerification,
  sendPasswordResetEmail,
  sendSignInLinkToEmail,
  signInAnonymously,
  signInWithEmailAndPassword,
  signInWithEmailLink,
  validatePassword,
  verifyBeforeUpdateEmail,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_COLLECTION } from '../../src/server/content/history';
import { freePort } from '../support/freePort';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtpServer';
import { disposeAuthClients, errorCode, newAuthClient } from './firebaseClient';
import { startTestServer, trpc, type TestServer } from './helpers';

const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
const PASSWORD = 'editor-password-1';

let smtp: TestSmtpServer;
let server: TestServer;
let origin: string;
let loginUrl: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  loginUrl = `${origin}/edit/admin/Login`;
  server = await startTestServer({
    SEED: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    PUBLIC_URL: origin,
    PORT: String(port),
  });
  await server.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await disposeAuthClients();
  await server?.dispose();
  await smtp?.close();
});

const editor = (email: string) => server.identity.createAccount({ email, password: PASSWORD, role: 'editor' });
const linkIn = (mail: ReceivedMail) => /(https?:\/\/\S+oobCode=[^\s"<]+)/.exec(mail.parsed.text!)![1]!;
const mailTo = (email: string) => smtp.waitFor((m) => m.to.includes(email));
const settings = (url = loginUrl) => ({ url, handleCodeInApp: true });
/** Lets a background send finish (or show that none started). */
const settle = () => new Promise((r) => setTimeout(r, 300));

async function rest(method: string, body: unknown) {
  const res = await fetch(
    `${origin}/identitytoolkit.googleapis.com/v1/${method}?key=${server.config.firebase.apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } & Record<string, unknown> };
}

describe('sign-in by email link', () => {
  it('mails a Ukrainian PUBLIC_URL link that signs in once and verifies the email', async () => {
    const email = 'link-user@uhmi.example.org';
    const account = await editor(email);
    expect(account.emailVerified).toBe(false);
    const auth = await newAuthClient(origin);
    await sendSignInLinkToEmail(auth, email, settings(`${loginUrl}?returnUrl=%2Fedit%2Fadmin%2FNews`));

    const mail = await mailTo(email);
    expect(mail.parsed.subject).toBe('Вхід на сайт — УкрГМІ');
    expect(mail.parsed.text).toContain('попросив посилання для входу');
    expect(mail.parsed.html).toContain('<html lang="uk">');
    const link = linkIn(mail);
    expect(link.startsWith(`${loginUrl}?`)).toBe(true);
    expect(mail.parsed.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    const url = new URL(link);
    expect(url.searchParams.get('mode')).toBe('signIn');
    expect(url.searchParams.get('continueUrl')).toBe(`${loginUrl}?returnUrl=%2Fedit%2Fadmin%2FNews`);
    expect(isSignInWithEmailLink(auth, link)).toBe(true);
    expect((await fetch(link)).status).toBe(200);

    const credential = await signInWithEmailLink(auth, email, link);
    expect(credential.user.uid).toBe(account.uid);
    expect(credential.user.emailVerified).toBe(true);
    expect(getAdditionalUserInfo(credential)?.isNewUser).toBe(false);
    const token = await credential.user.getIdTokenResult();
    expect(token.claims.email_verified).toBe(true);
    expect(token.claims.role).toBe('editor');
    await expect(server.identity.getAccount(account.uid)).resolves.toMatchObject({ emailVerified: true });

    // Used once.
    expect(await errorCode(signInWithEmailLink(await newAuthClient(origin), email, link))).toBe(
      'auth/invalid-action-code',
    );
    // The send is in the audit log, without the code.
    const audit = JSON.stringify(
      (await server.store.list(AUDIT_COLLECTION, { orderBy: { fields: ['at'], direction: 'asc' }, limit: 500 })).items,
    );
    expect(audit).toContain(`Посилання для входу → ${email}`);
    expect(audit).not.toContain(url.searchParams.get('oobCode')!);
  });

  it('refuses the link with another email (the code stays usable) and an expired code', async () => {
    const email = 'link-mismatch@uhmi.example.org';
    await editor(email);
    const auth = await newAuthClient(origin);
    await sendSignInLinkToEmail(auth, email, settings());
    const link = linkIn(await mailTo(email));
    expect(await errorCode(signInWithEmailLink(auth, 'someone-else@uhmi.example.org', link))).toBe(
      'auth/invalid-email',
    );
    const wrong = await rest('accounts:signInWithEmailLink', {
      email: 'someone-else@uhmi.example.org',
      oobCode: new URL(link).searchParams.get('oobCode'),
    });
    expect(wrong.body.error?.message).toBe(
      'INVALID_EMAIL : The email provided does not match the sign-in email address.',
    );
    // Let the hour pass for this code: it is then refused as expired.
    server.db.prepare("UPDATE auth_oob_codes SET expires_at = ? WHERE request_type = 'EMAIL_SIGNIN'").run(Date.now());
    expect(await errorCode(signInWithEmailLink(auth, email, link))).toBe('auth/expired-action-code');
  });

  it('answers unknown and disabled emails alike, mailing nothing', async () => {
    const disabled = await editor('link-disabled@uhmi.example.org');
    await server.identity.setDisabled(disabled.uid, true);
    const before = smtp.received.length;
    for (const email of ['nobody-here@uhmi.example.org', 'link-disabled@uhmi.example.org']) {
      const answer = await rest('accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl: loginUrl });
      expect(answer).toEqual({
        status: 200,
        body: { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email },
      });
    }
    await settle();
    expect(smtp.received.length).toBe(before);
  });

  it('limits requests per email as password resets are, and checks continueUrl', async () => {
    const auth = await newAuthClient(origin);
    const email = 'link-limit@uhmi.example.org';
    for (let i = 0; i < 3; i += 1) await sendSignInLinkToEmail(auth, email, settings());
    expect(await errorCode(sendSignInLinkToEmail(auth, email, settings()))).toBe('auth/too-many-requests');
    expect(await errorCode(sendSignInLinkToEmail(auth, 'x@uhmi.example.org', settings('https://evil.example/')))).toBe(
      'auth/unauthorized-continue-uri',
    );
    const bad = await rest('accounts:sendOobCode', {
      requestType: 'EMAIL_SIGNIN',
      email: 'x@uhmi.example.org',
      continueUrl: 'javascript:alert(1)',
    });
    expect(bad.body.error?.message).toBe('INVALID_CONTINUE_URI');
  });

  it('answers a malformed request with Google codes, never a 500', async () => {
    expect((await rest('accounts:signInWithEmailLink', { oobCode: 'x' })).body.error?.message).toBe('MISSING_EMAIL');
    expect((await rest('accounts:signInWithEmailLink', { email: 'a@b.org' })).body.error?.message).toBe(
      'MISSING_OOB_CODE',
    );
    expect(
      (await rest('accounts:signInWithEmailLink', { email: 'a@b.org', oobCode: 'not-a-code' })).body.error?.message,
    ).toBe('INVALID_OOB_CODE');
    expect((await rest('accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN' })).body.error?.message).toBe(
      'MISSING_EMAIL',
    );
    expect((await rest('accounts:sendOobCode', { email: 'a@b.org' })).body.error?.message).toBe('MISSING_REQ_TYPE');
  });
});

describe('verified emails', () => {
  it('sendEmailVerification mails a link whose code verifies the address', async () => {
    const email = 'verify-self@uhmi.example.org';
    await editor(email);
    const auth = await newAuthClient(origin);
    const { user } = await signInWithEmailAndPassword(auth, email, PASSWORD);
    expect(user.emailVerified).toBe(false);
    await sendEmailVerification(user);
    const mail = await mailTo(email);
    expect(mail.parsed.subject).toBe('Підтвердження адреси — УкрГМІ');
    const code = new URL(linkIn(mail)).searchParams.get('oobCode')!;
    expect(new URL(linkIn(mail)).searchParams.get('mode')).toBe('verifyEmail');
    await expect(checkActionCode(auth, code)).resolves.toMatchObject({
      operation: 'VERIFY_EMAIL',
      data: { email },
    });
    await applyActionCode(auth, code);
    await user.reload();
    expect(user.emailVerified).toBe(true);
    expect(await errorCode(applyActionCode(auth, code))).toBe('auth/invalid-action-code');
  });

  it('verifyBeforeUpdateEmail changes the address once the new one is confirmed', async () => {
    const email = 'change-from@uhmi.example.org';
    const next = 'change-to@uhmi.example.org';
    const account = await editor(email);
    const auth = await newAuthClient(origin);
    const { user } = await signInWithEmailAndPassword(auth, email, PASSWORD);
    expect(await errorCode(verifyBeforeUpdateEmail(user, ADMIN.email))).toBe('auth/email-already-in-use');
    await verifyBeforeUpdateEmail(user, next);
    const mail = await mailTo(next);
    expect(mail.parsed.subject).toBe('Зміна адреси електронної пошти — УкрГМІ');
    // Nothing changes until the link is followed.
    await expect(server.identity.getAccount(account.uid)).resolves.toMatchObject({ email });
    const code = new URL(linkIn(mail)).searchParams.get('oobCode')!;
    await expect(checkActionCode(auth, code)).resolves.toMatchObject({
      operation: 'VERIFY_AND_CHANGE_EMAIL',
      data: { email: next, previousEmail: email },
    });
    await applyActionCode(auth, code);
    await expect(server.identity.getAccount(account.uid)).resolves.toMatchObject({ email: next, emailVerified: true });
    const again = await signInWithEmailAndPassword(await newAuthClient(origin), next, PASSWORD);
    expect(again.user.uid).toBe(account.uid);
    expect(again.user.emailVerified).toBe(true);
  });

  it('an administrator sends a verification mail from «Облікові записи»', async () => {
    const email = 'verify-by-admin@uhmi.example.org';
    const account = await editor(email);
    const cookie = await cookieOf(ADMIN.email, ADMIN.password);
    const answer = await trpc(server, 'mutation', 'authUsers.sendEmailVerification', { uid: account.uid }, cookie);
    expect(answer).toMatchObject({ status: 200, data: { mailed: true } });
    const code = new URL(linkIn(await mailTo(email))).searchParams.get('oobCode')!;
    await applyActionCode(await newAuthClient(origin), code);
    const listed = await trpc(server, 'query', 'authUsers.list', { search: email }, cookie);
    expect(listed.data).toMatchObject({ accounts: [{ email, emailVerified: true }] });
    // Editors may not.
    const editorCookie = await cookieOf(email, PASSWORD);
    expect(
      (await trpc(server, 'mutation', 'authUsers.sendEmailVerification', { uid: account.uid }, editorCookie)).status,
    ).toBe(403);
  });

  it('a completed password reset verifies the email', async () => {
    const email = 'reset-verifies@uhmi.example.org';
    const account = await editor(email);
    const auth = await newAuthClient(origin);
    await sendPasswordResetEmail(auth, email);
    const code = new URL(linkIn(await mailTo(email))).searchParams.get('oobCode')!;
    await confirmPasswordReset(auth, code, 'another-password-2');
    await expect(server.identity.getAccount(account.uid)).resolves.toMatchObject({ emailVerified: true });
  });
});

describe('the rest of the REST surface', () => {
  it('serves the password policy, so validatePassword knows 8–128 characters', async () => {
    const auth = await newAuthClient(origin);
    await expect(validatePassword(auth, 'short')).resolves.toMatchObject({
      isValid: false,
      meetsMinPasswordLength: false,
    });
    await expect(validatePassword(auth, 'x'.repeat(129))).resolves.toMatchObject({
      isValid: false,
      meetsMaxPasswordLength: false,
    });
    await expect(validatePassword(auth, 'long-enough')).resolves.toMatchObject({ isValid: true });
  });

  it('answers switched-off flows with Firebase codes', async () => {
    expect(await errorCode(signInAnonymously(await newAuthClient(origin)))).toBe('auth/admin-restricted-operation');
    const idp = await rest('accounts:signInWithIdp', {
      requestUri: origin,
      postBody: 'id_token=x&providerId=google.com',
    });
    expect(idp).toMatchObject({ status: 400, body: { error: { message: 'OPERATION_NOT_ALLOWED' } } });
    expect((await rest('accounts:noSuchMethod', {})).status).toBe(404);
  });

  it('answers OPERATION_NOT_ALLOWED for email links when AUTH_EMAIL_LINK is off', async () => {
    const off = await startTestServer({ SEED: 'false', SMTP_URL: smtp.url, AUTH_EMAIL_LINK: 'false' });
    try {
      const offOrigin = await off.listen();
      const auth = await newAuthClient(offOrigin);
      expect(await errorCode(sendSignInLinkToEmail(auth, ADMIN.email, settings(`${offOrigin}/edit/admin/Login`)))).toBe(
        'auth/operation-not-allowed',
      );
      const signIn = await off.app.inject({
        method: 'POST',
        url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=${off.config.firebase.apiKey}`,
        payload: { email: ADMIN.email, oobCode: 'whatever' },
      });
      expect(signIn.json()).toMatchObject({ error: { message: 'OPERATION_NOT_ALLOWED' } });
    } finally {
      await off.dispose();
    }
  });
});

async function cookieOf(email: string, password: string): Promise<string> {
  const signIn = await rest('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  const session = await server.app.inject({
    method: 'POST',
    url: '/api/__session',
    payload: { token: signIn.body.idToken },
  });
  return `__session=${/__session=([^;]+)/.exec(String(session.headers['set-cookie']))![1]}`;
}

describe('session sync', () => {
  it('an empty token with the current cookie ends that session on the server', async () => {
    const email = 'session-end@uhmi.example.org';
    await editor(email);
    const auth = await newAuthClient(origin);
    await signInWithEmailAndPassword(auth, email, PASSWORD);
    const cookie = await cookieOf(email, PASSWORD);
    const me = () => trpc(server, 'query', 'session.me', undefined, cookie);
    await expect(me()).resolves.toMatchObject({ data: { email } });

    const cleared = await server.app.inject({
      method: 'POST',
      url: '/api/__session',
      payload: { token: '' },
      headers: { cookie },
    });
    expect(cleared.statusCode).toBe(200);
    expect(String(cleared.headers['set-cookie'])).toMatch(/__session=;/);
    // A copy of the cookie no longer works, and the account's other sessions end at their next refresh.
    await expect(me()).resolves.toMatchObject({ data: null });
    expect(await errorCode(auth.currentUser!.getIdToken(true))).toBe('auth/user-token-expired');
  });
});
