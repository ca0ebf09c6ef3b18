/**
 * Firebase mode's email links with SMTP configured, against firebase-tools' Auth emulator and a real
 * SMTP server in the test process: POST /api/__emailLink (emailLinkRoute.ts on a Fastify app) makes
 * the link with firebase-admin's generateSignInWithEmailLink and mails it through our outbox in
 * Ukrainian, as a link to the login page on PUBLIC_URL; the official SDK signs in with it against the
 * emulator (once). Unknown emails get the same answer and no mail; continueUrl is checked; requests
 * are limited. The administrator's verification mail (generateEmailVerificationLink) verifies the
 * address with applyActionCode.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { applyActionCode, isSignInWithEmailLink, signInWithEmailLink } from 'firebase/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { emailLinkRoute } from '../../src/server/identity/emailLinkRoute';
import { FirebaseIdentity } from '../../src/server/identity/firebase';
import { ResetRequestLimiter } from '../../src/server/identity/limiter';
import { passwordResetMailer } from '../../src/server/identity/mail';
import { API_KEY, PROJECT } from './authEmulator';
import { useFirebaseMail } from './firebaseEmulators';
import { errorCode, newAuthClient } from './firebaseClient';

const LOGIN_URL = 'https://uhmi.example.org/edit/admin/Login';
const mailing = useFirebaseMail('link-firebase');
let identity: FirebaseIdentity;
let app: FastifyInstance;

beforeAll(async () => {
  const mailer = passwordResetMailer(mailing.outbox)!;
  identity = new FirebaseIdentity({ projectId: PROJECT, apiKey: API_KEY, resetUrl: LOGIN_URL, mailer });
  app = Fastify();
  await app.register(emailLinkRoute, {
    identity,
    mailer,
    limiter: new ResetRequestLimiter({ maxPerEmail: 3 }),
    authorizedDomains: ['uhmi.example.org', 'localhost'],
    log: { warn: () => {} },
  });
});

afterAll(async () => {
  await app?.close();
});

const ask = (email: string, continueUrl = `${LOGIN_URL}?returnUrl=%2Fedit%2Fadmin`) =>
  app.inject({ method: 'POST', url: '/api/__emailLink', payload: { email, continueUrl } });
const client = () => newAuthClient(mailing.auth.origin, { apiKey: API_KEY, projectId: PROJECT });
const linkIn = (text: string) => /(https?:\/\/\S+oobCode=[^\s"<]+)/.exec(text)![1]!;

it('mails a firebase-admin sign-in link on PUBLIC_URL that the SDK signs in with once', async () => {
  const email = 'firebase-link@uhmi.example.org';
  const account = await identity.createAccount({ email, password: 'editor-password-1', role: 'editor' });
  const res = await ask(email);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ email });

  const mail = await mailing.smtp.waitFor((m) => m.to.includes(email));
  expect(mail.parsed.subject).toBe('Вхід на сайт — УкрГМІ');
  const link = linkIn(mail.parsed.text!);
  expect(link.startsWith(`${LOGIN_URL}?apiKey=`)).toBe(true);
  expect(new URL(link).searchParams.get('continueUrl')).toBe(`${LOGIN_URL}?returnUrl=%2Fedit%2Fadmin`);
  const auth = await client();
  expect(isSignInWithEmailLink(auth, link)).toBe(true);
  const credential = await signInWithEmailLink(auth, email, link);
  expect(credential.user.uid).toBe(account.uid);
  expect(credential.user.emailVerified).toBe(true);
  expect(await errorCode(signInWithEmailLink(await client(), email, link))).toBe('auth/invalid-action-code');
});

it('answers an unknown email alike without mail, checks continueUrl and limits requests', async () => {
  const before = mailing.smtp.received.length;
  const unknown = await ask('nobody-firebase@uhmi.example.org');
  expect(unknown.statusCode).toBe(200);
  expect(unknown.json()).toEqual({ email: 'nobody-firebase@uhmi.example.org' });
  await new Promise((r) => setTimeout(r, 500));
  expect(mailing.smtp.received.length).toBe(before);

  expect((await ask('x@uhmi.example.org', 'https://evil.example/')).json()).toEqual({
    code: 'auth/unauthorized-continue-uri',
  });
  expect((await ask('not an email')).json()).toEqual({ code: 'auth/invalid-email' });
  for (let i = 0; i < 3; i += 1) expect((await ask('limited@uhmi.example.org')).statusCode).toBe(200);
  const limited = await ask('limited@uhmi.example.org');
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({ code: 'auth/too-many-requests' });
});

it('the administrator’s verification mail verifies the address', async () => {
  const email = 'firebase-verify@uhmi.example.org';
  const account = await identity.createAccount({ email, password: 'editor-password-1', role: 'editor' });
  expect(account.emailVerified).toBe(false);
  await expect(identity.sendEmailVerification(account.uid, { uid: 'admin', email: null })).resolves.toEqual({
    mailed: true,
  });
  const mail = await mailing.smtp.waitFor((m) => m.to.includes(email));
  expect(mail.parsed.subject).toBe('Підтвердження адреси — УкрГМІ');
  const url = new URL(linkIn(mail.parsed.text!));
  expect(url.searchParams.get('mode')).toBe('verifyEmail');
  await applyActionCode(await client(), url.searchParams.get('oobCode')!);
  await expect(identity.getAccount(account.uid)).resolves.toMatchObject({ emailVerified: true });
});
