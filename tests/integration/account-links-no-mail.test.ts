/**
 * QA pass 2, R1 and M1, at the embedded identity endpoints (no SMTP_URL):
 * - accounts:resetPassword with only an oobCode (the SDK's verifyPasswordResetCode / checkActionCode,
 *   which the reset page calls as it opens) answers as Firebase does: the account's email and
 *   requestType for a live code, INVALID_OOB_CODE for a made-up or used one, EXPIRED_OOB_CODE after
 *   an hour, in Google's error shape;
 * - asking to change or confirm one's own address answers MAIL_NOT_CONFIGURED (the SDK's
 *   auth/mail-not-configured), issuing no code and changing nothing, instead of a success.
 */
import {
  confirmPasswordReset,
  sendEmailVerification,
  signInWithEmailAndPassword,
  verifyBeforeUpdateEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { disposeAuthClients, errorCode, newAuthClient } from './firebaseClient';
import { startTestServer, type TestServer } from './helpers';

const API_KEY = 'embedded-uhmi-web-api-key';
const PASSWORD = 'links-password-1';

let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false' });
  origin = await server.listen();
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  await disposeAuthClients();
  await server.dispose();
});

const codeOf = (link: string) => new URL(link).searchParams.get('oobCode')!;
const codes = () => (server.db.prepare('SELECT count(*) AS n FROM auth_oob_codes').get() as { n: number }).n;

/** POST accounts:resetPassword as the SDK sends it; status and JSON body. */
async function resetPassword(body: Record<string, unknown>) {
  const res = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const googleError = (message: string) => ({
  status: 400,
  body: { error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] } },
});

describe('checking a password-reset code (verifyPasswordResetCode)', () => {
  it('answers a live code with the email, a made-up or used one with INVALID_OOB_CODE', async () => {
    await server.identity.createAccount({ email: 'check@uhmi.example.org', password: PASSWORD, role: 'editor' });
    const code = codeOf(await server.identity.passwordResetLink('check@uhmi.example.org'));

    expect(await resetPassword({ oobCode: code })).toEqual({
      status: 200,
      body: {
        kind: 'identitytoolkit#ResetPasswordResponse',
        email: 'check@uhmi.example.org',
        requestType: 'PASSWORD_RESET',
      },
    });
    // Checking does not use the code up.
    const auth = await newAuthClient(origin);
    expect(await verifyPasswordResetCode(auth, code)).toBe('check@uhmi.example.org');

    expect(await resetPassword({ oobCode: 'garbage' })).toEqual(googleError('INVALID_OOB_CODE'));
    expect(await errorCode(verifyPasswordResetCode(auth, 'garbage'))).toBe('auth/invalid-action-code');

    await confirmPasswordReset(auth, code, 'links-password-2');
    expect(await resetPassword({ oobCode: code })).toEqual(googleError('INVALID_OOB_CODE'));
    expect(await errorCode(verifyPasswordResetCode(auth, code))).toBe('auth/invalid-action-code');
    expect(await resetPassword({})).toEqual(googleError('MISSING_OOB_CODE'));
  });

  it('answers a code older than one hour with EXPIRED_OOB_CODE', async () => {
    await server.identity.createAccount({ email: 'old@uhmi.example.org', password: PASSWORD, role: 'editor' });
    const code = codeOf(await server.identity.passwordResetLink('old@uhmi.example.org'));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    expect(await resetPassword({ oobCode: code })).toEqual(googleError('EXPIRED_OOB_CODE'));
  });
});

describe('own address links without SMTP', () => {
  it('verifyBeforeUpdateEmail and sendEmailVerification fail with auth/mail-not-configured, changing nothing', async () => {
    await server.identity.createAccount({ email: 'mine@uhmi.example.org', password: PASSWORD, role: 'editor' });
    const auth = await newAuthClient(origin);
    const { user } = await signInWithEmailAndPassword(auth, 'mine@uhmi.example.org', PASSWORD);
    const before = codes();

    expect(await errorCode(verifyBeforeUpdateEmail(user, 'mine.new@uhmi.example.org'))).toBe(
      'auth/mail-not-configured',
    );
    expect(await errorCode(sendEmailVerification(user))).toBe('auth/mail-not-configured');
    expect(codes()).toBe(before);
    const { accounts } = await server.identity.listAccounts({ search: 'mine' });
    expect(accounts.map((a) => a.email)).toEqual(['mine@uhmi.example.org']);
    // Bad input is still refused first, with its own code.
    expect(await errorCode(verifyBeforeUpdateEmail(user, 'check@uhmi.example.org'))).toBe('auth/email-already-in-use');
  });
});
