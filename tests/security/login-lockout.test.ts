/**
 * Issue 11, item 1: the sign-in lock cannot be outrun by parallel requests. Every attempt is counted
 * before its password is checked, so of 100 simultaneous wrong guesses at most AUTH_MAX_FAILURES (5)
 * per account, and 4x that per client address, ever reach the password check; afterwards even the
 * right password is refused with TOO_MANY_ATTEMPTS_TRY_LATER (auth/too-many-requests) until the lock
 * period (AUTH_LOCK_MINUTES, 15) has passed. Checks are counted by wrapping the password verifier.
 */
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { disposeAuthClients, errorCode, newAuthClient } from '../integration/firebaseClient';
import { FIRST_ADMIN_ENV, listeningServer, type TestServer } from '../integration/helpers';
import { rest } from './helpers';

const counter = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('../../src/server/identity/passwords', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/server/identity/passwords')>();
  return {
    ...actual,
    verifyPassword: (password: string, stored: string | null) => {
      counter.verifications += 1;
      return actual.verifyPassword(password, stored);
    },
  };
});

const PASSWORD = 'editor-password-1';
let server: TestServer;
let origin: string;

beforeAll(async () => {
  ({ server, origin } = await listeningServer(FIRST_ADMIN_ENV));
});
afterEach(() => vi.useRealTimers());
afterAll(async () => {
  await disposeAuthClients();
  await server.dispose();
});

const guess = (email: string, password: string) =>
  rest(origin, 'accounts:signInWithPassword', { email, password, returnSecureToken: true });

describe('sign-in lock under parallel guesses', () => {
  it('checks at most 5 of 100 simultaneous wrong passwords for one account, then refuses the right one until the lock ends', async () => {
    await server.identity.createAccount({ email: 'target@uhmi.example.org', password: PASSWORD, role: 'editor' });
    counter.verifications = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => guess('target@uhmi.example.org', `wrong-guess-${i}`)),
    );

    expect(counter.verifications).toBeLessThanOrEqual(5);
    expect(counter.verifications).toBeGreaterThan(0);
    const messages = answers.map((a) => a.error?.split(' : ')[0]);
    expect(new Set(messages)).toEqual(new Set(['INVALID_LOGIN_CREDENTIALS', 'TOO_MANY_ATTEMPTS_TRY_LATER']));
    expect(messages.filter((m) => m === 'INVALID_LOGIN_CREDENTIALS').length).toBe(counter.verifications);
    expect(answers.every((a) => a.status === 400)).toBe(true);

    // The right password, through the official SDK: refused, and not even checked.
    const before = counter.verifications;
    const auth = await newAuthClient(origin);
    expect(await errorCode(signInWithEmailAndPassword(auth, 'target@uhmi.example.org', PASSWORD))).toBe(
      'auth/too-many-requests',
    );
    expect((await guess('target@uhmi.example.org', PASSWORD)).error).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER/);
    expect(counter.verifications).toBe(before);

    // Still locked a minute before the 15 minutes are over, open after them.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 14 * 60_000 });
    expect(await errorCode(signInWithEmailAndPassword(auth, 'target@uhmi.example.org', PASSWORD))).toBe(
      'auth/too-many-requests',
    );
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await signInWithEmailAndPassword(auth, 'target@uhmi.example.org', PASSWORD);
    expect(auth.currentUser?.email).toBe('target@uhmi.example.org');
  });

  it('checks at most 20 (4 x 5) of 100 simultaneous guesses from one address at different accounts', async () => {
    // A server of its own: a fresh address count.
    const { server: fresh, origin: freshOrigin } = await listeningServer(FIRST_ADMIN_ENV);
    try {
      await fresh.identity.createAccount({ email: 'other@uhmi.example.org', password: PASSWORD, role: 'editor' });
      // 25 real accounts (their checks take scrypt's time) guessed 4 times each, below the per-account limit.
      await Promise.all(
        Array.from({ length: 25 }, (_, i) =>
          fresh.identity.createAccount({ email: `staff-${i}@uhmi.example.org`, password: PASSWORD, role: 'editor' }),
        ),
      );
      counter.verifications = 0;
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          rest(freshOrigin, 'accounts:signInWithPassword', {
            email: `staff-${i % 25}@uhmi.example.org`,
            password: `wrong-guess-${i}`,
          }),
        ),
      );
      expect(counter.verifications).toBeLessThanOrEqual(20);
      expect(counter.verifications).toBeGreaterThan(0);
      expect(answers.filter((a) => a.error === 'INVALID_LOGIN_CREDENTIALS').length).toBe(counter.verifications);
      expect(answers.filter((a) => a.error?.startsWith('TOO_MANY_ATTEMPTS_TRY_LATER')).length).toBe(
        100 - counter.verifications,
      );
      // The address is locked: an account it never tried is refused too.
      expect(
        await errorCode(
          signInWithEmailAndPassword(await newAuthClient(freshOrigin), 'other@uhmi.example.org', PASSWORD),
        ),
      ).toBe('auth/too-many-requests');
    } finally {
      await fresh.dispose();
    }
  });
});
