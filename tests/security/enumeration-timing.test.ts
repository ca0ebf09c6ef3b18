/**
 * Issue 11, item 2: no account enumeration by timing or by answer. An unknown email costs a sign-in
 * as much as a wrong password for a known one (it is checked against a dummy scrypt hash) and gets the
 * same code; accounts:sendOobCode answers alike and as fast for known and unknown emails (the reset
 * mail goes out in the background, here through a slow fake SMTP transport); accounts:createAuthUri
 * (fetchSignInMethodsForEmail) tells nothing; sign-in link requests (EMAIL_SIGNIN, issue 27) answer
 * alike and as fast too. The lock of item 1 is raised for this file (AUTH_MAX_FAILURES=100,
 * AUTH_RESET_MAX_PER_HOUR=1000) so that it never answers instead.
 */
import { fetchSignInMethodsForEmail } from 'firebase/auth';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { disposeAuthClients, newAuthClient } from '../integration/firebaseClient';
import { FIRST_ADMIN_ENV, listeningServer, type TestServer } from '../integration/helpers';
import { rest, type RestAnswer } from './helpers';

const SMTP_DELAY_MS = 300;
const mail = vi.hoisted(() => ({ sent: [] as Array<{ to: string; text: string }> }));
vi.mock('nodemailer', () => ({
  default: {
    createTransport: () => ({
      sendMail: async (message: { to: string; text: string }) => {
        await new Promise((r) => setTimeout(r, 300)); // SMTP_DELAY_MS (hoisted: no outer variables)
        mail.sent.push(message);
      },
    }),
  },
}));

const KNOWN = 'known@uhmi.example.org';
const PASSWORD = 'editor-password-1';
let server: TestServer;
let origin: string;

beforeAll(async () => {
  ({ server, origin } = await listeningServer({
    ...FIRST_ADMIN_ENV,
    AUTH_MAX_FAILURES: '100',
    AUTH_RESET_MAX_PER_HOUR: '1000',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  }));
  await server.identity.createAccount({ email: KNOWN, password: PASSWORD, role: 'editor' });
});
afterAll(async () => {
  await disposeAuthClients();
  await server.dispose();
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function timed(run: () => Promise<RestAnswer>): Promise<{ ms: number; answer: RestAnswer }> {
  const start = performance.now();
  const answer = await run();
  return { ms: performance.now() - start, answer };
}

/** Runs `known` and `unknown` alternately `rounds` times (after a warm-up), returning their times and answers. */
async function compare(
  rounds: number,
  known: (i: number) => Promise<RestAnswer>,
  unknown: (i: number) => Promise<RestAnswer>,
) {
  await known(-1);
  await unknown(-1);
  const k: Array<{ ms: number; answer: RestAnswer }> = [];
  const u: Array<{ ms: number; answer: RestAnswer }> = [];
  for (let i = 0; i < rounds; i += 1) {
    k.push(await timed(() => known(i)));
    u.push(await timed(() => unknown(i)));
  }
  return { known: k, unknown: u, knownMedian: median(k.map((r) => r.ms)), unknownMedian: median(u.map((r) => r.ms)) };
}

describe('sign-in: unknown email vs wrong password', () => {
  it('answers 20 unknown emails and 20 wrong passwords with the same code, in median times within 25%', async () => {
    const signIn = (email: string, password: string) =>
      rest(origin, 'accounts:signInWithPassword', { email, password, returnSecureToken: true });
    const result = await compare(
      20,
      (i) => signIn(KNOWN, `wrong-password-${i}`),
      (i) => signIn(`nobody-${i}@uhmi.example.org`, `wrong-password-${i}`),
    );
    const codes = new Set([...result.known, ...result.unknown].map((r) => `${r.answer.status} ${r.answer.error}`));
    expect(codes).toEqual(new Set(['400 INVALID_LOGIN_CREDENTIALS']));
    const { knownMedian, unknownMedian } = result;
    expect(
      Math.abs(knownMedian - unknownMedian) / Math.max(knownMedian, unknownMedian),
      `known ${knownMedian} ms, unknown ${unknownMedian} ms`,
    ).toBeLessThanOrEqual(0.25);
  });
});

describe('password-reset request: known vs unknown email', () => {
  it('answers alike and as fast (the mail is sent in the background), though the mail takes 300 ms', async () => {
    const request = (email: string) => rest(origin, 'accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });
    const result = await compare(
      20,
      () => request(KNOWN),
      (i) => request(`nobody-reset-${i}@uhmi.example.org`),
    );
    for (const r of [...result.known, ...result.unknown]) {
      expect(r.answer.status).toBe(200);
      expect(Object.keys(r.answer.body).sort()).toEqual(['email', 'kind']);
      expect(r.answer.body.kind).toBe('identitytoolkit#GetOobConfirmationCodeResponse');
    }
    const { knownMedian, unknownMedian } = result;
    // Each of these takes a few milliseconds; an awaited SMTP round trip would add SMTP_DELAY_MS.
    expect(Math.abs(knownMedian - unknownMedian), `known ${knownMedian} ms, unknown ${unknownMedian} ms`).toBeLessThan(
      Math.max(0.25 * Math.max(knownMedian, unknownMedian), SMTP_DELAY_MS / 6),
    );
    // The mails did go out, to the known address only.
    await vi.waitFor(() => expect(mail.sent.length).toBe(21), { timeout: 10_000 });
    expect(new Set(mail.sent.map((m) => m.to))).toEqual(new Set([KNOWN]));
  });
});

describe('sign-in link request: known vs unknown email', () => {
  it('answers alike and as fast (the link is mailed in the background), though the mail takes 300 ms', async () => {
    const sentBefore = mail.sent.length;
    const request = (email: string) =>
      rest(origin, 'accounts:sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl: 'http://localhost/' });
    const result = await compare(
      20,
      () => request(KNOWN),
      (i) => request(`nobody-link-${i}@uhmi.example.org`),
    );
    for (const r of [...result.known, ...result.unknown]) {
      expect(r.answer.status).toBe(200);
      expect(Object.keys(r.answer.body).sort()).toEqual(['email', 'kind']);
    }
    const { knownMedian, unknownMedian } = result;
    expect(Math.abs(knownMedian - unknownMedian), `known ${knownMedian} ms, unknown ${unknownMedian} ms`).toBeLessThan(
      Math.max(0.25 * Math.max(knownMedian, unknownMedian), SMTP_DELAY_MS / 6),
    );
    await vi.waitFor(() => expect(mail.sent.length - sentBefore).toBe(21), { timeout: 10_000 });
    expect(new Set(mail.sent.slice(sentBefore).map((m) => m.to))).toEqual(new Set([KNOWN]));
  });
});

describe('createAuthUri (fetchSignInMethodsForEmail)', () => {
  it('answers a known and an unknown email alike', async () => {
    const auth = await newAuthClient(origin);
    expect(await fetchSignInMethodsForEmail(auth, KNOWN)).toEqual([]);
    expect(await fetchSignInMethodsForEmail(auth, 'nobody-auth-uri@uhmi.example.org')).toEqual([]);
    const known = await rest(origin, 'accounts:createAuthUri', { identifier: KNOWN, continueUri: 'http://localhost/' });
    const unknown = await rest(origin, 'accounts:createAuthUri', {
      identifier: 'nobody-auth-uri@uhmi.example.org',
      continueUri: 'http://localhost/',
    });
    expect(known.status).toBe(200);
    expect(Object.keys(known.body).sort()).toEqual(Object.keys(unknown.body).sort());
    expect(known.body).not.toHaveProperty('registered');
    expect(known.body.kind).toBe(unknown.body.kind);
  });
});
