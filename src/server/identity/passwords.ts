/**
 * Password hashing with scrypt (Node's built-in implementation): N=2^15, r=8, p=1, 32-byte key,
 * 16-byte random salt, stored as `scrypt$N$r$p$salt$hash` (base64). Verification is constant-time.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 2 ** 15;
const R = 8;
const P = 1;
const KEYLEN = 32;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, { N, r: R, p: P, maxmem: 128 * N * R * 2 });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const N_ = Number(n);
  const R_ = Number(r);
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, { N: N_, r: R_, p: Number(p), maxmem: 128 * N_ * R_ * 2 });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Firebase's minimum password length. */
export const MIN_PASSWORD_LENGTH = 6;
