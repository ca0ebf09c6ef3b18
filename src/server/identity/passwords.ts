/**
 * Password hashing with scrypt (Node's built-in implementation): N=2^15, r=8, p=1, 32-byte key,
 * 16-byte random salt, stored as `scrypt$N$r$p$salt$hash` (base64). Verification is constant-time,
 * and costs the same whether or not there is a stored hash (no account-enumeration by timing).
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import {
  LONG_PASSWORD_DETAIL,
  LONG_PASSWORD_MESSAGE,
  passwordProblem,
  WEAK_PASSWORD_DETAIL,
  WEAK_PASSWORD_MESSAGE,
} from '../../shared/passwordRules';
import { IdentityError } from './errors';
import { AccountError } from './types';

/**
 * The site's password rule (shared/passwordRules.ts) for account management (IdentityBackend's
 * createAccount / setPassword, both backends): AccountError weak-password with the admin's message.
 * Firebase itself accepts 6 characters and more; the site's rule is stricter and checked first.
 */
export function checkAccountPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem)
    throw new AccountError('weak-password', problem === 'short' ? WEAK_PASSWORD_MESSAGE : LONG_PASSWORD_MESSAGE);
}

/** The same rule for the SDK-facing endpoints: `WEAK_PASSWORD : …` (the SDK: auth/weak-password). */
export function checkRestPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem)
    throw new IdentityError('WEAK_PASSWORD', problem === 'short' ? WEAK_PASSWORD_DETAIL : LONG_PASSWORD_DETAIL);
}

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * A hash of a random, forgotten password with the same parameters as real ones: an unknown email (or
 * an account without a password) is verified against it, so that answer takes as long as a wrong
 * password and is always false.
 */
const DUMMY_HASH = 'scrypt$32768$8$1$Ko++OBuTRk0544PVqK8aIA==$OTN3ia+HNSdGieINAeTNhEpmEG9MzQXY6nlax317a5c=';

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hashes a password for storage (about 100 ms of CPU); returns the `scrypt$…` string. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: 128 * N * R * 2 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Whether `password` matches the stored hash. With no (or an unreadable) stored hash it still runs
 * scrypt once, against a dummy hash, and answers false: the cost does not reveal whether an account exists.
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const usable = !!stored && /^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/.test(stored);
  const [, n, r, p, saltB64, keyB64] = (usable ? stored : DUMMY_HASH).split('$') as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(keyB64, 'base64');
  const N_ = Number(n);
  const R_ = Number(r);
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: N_,
    r: R_,
    p: Number(p),
    maxmem: 128 * N_ * R_ * 2,
  });
  return usable && key.length === expected.length && timingSafeEqual(key, expected);
}
