/**
 * Custom tokens in Firebase's format (identity/customTokens.ts): what the server mints is what
 * Firebase's documentation describes, and verification refuses an expired token, another audience,
 * another signer, a token living over an hour and a missing uid.
 */
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOM_TOKEN_AUDIENCE,
  CustomTokenError,
  CustomTokens,
  embeddedServiceAccount,
} from '../../src/server/identity/customTokens';

const SA = embeddedServiceAccount('uhmi-test');
let tokens: CustomTokens;
let other: CustomTokens;
let privateKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  tokens = new CustomTokens({ kid: 'k1', ...pair }, SA);
  other = new CustomTokens({ kid: 'k2', ...(await generateKeyPair('RS256')) }, SA);
});

const now = () => Math.floor(Date.now() / 1000);

/** A token signed with the real key but with the given claims (to test each check alone). */
function forged(claims: Record<string, unknown>, iat = now(), exp = iat + 300) {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).setIssuedAt(iat);
  if (!('noExp' in claims)) jwt.setExpirationTime(exp);
  return jwt.sign(privateKey);
}

async function reasonOf(token: unknown, at?: number): Promise<string> {
  try {
    await tokens.verify(token, at);
    return 'accepted';
  } catch (err) {
    expect(err).toBeInstanceOf(CustomTokenError);
    return (err as CustomTokenError).reason;
  }
}

describe('custom tokens', () => {
  it("have Firebase's header and claims", async () => {
    const token = await tokens.mint('uid-1');
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ iss: SA, sub: SA, aud: CUSTOM_TOKEN_AUDIENCE, uid: 'uid-1' });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    expect(await tokens.verify(token)).toBe('uid-1');
  });

  it('refuses an expired token and accepts it just before', async () => {
    const token = await tokens.mint('uid-1', 60, now() - 100);
    expect(await reasonOf(token)).toBe('expired');
    expect(await reasonOf(token, now() - 50)).toBe('accepted');
  });

  it('refuses a token for another audience or from another service account', async () => {
    const base = { iss: SA, sub: SA, uid: 'u' };
    expect(await reasonOf(await forged({ ...base, aud: 'uhmi-test' }))).toBe('mismatch');
    expect(await reasonOf(await forged({ ...base, iss: 'x@y.iam', aud: CUSTOM_TOKEN_AUDIENCE }))).toBe('mismatch');
    expect(await reasonOf(await forged({ ...base, sub: 'x@y.iam', aud: CUSTOM_TOKEN_AUDIENCE }))).toBe('mismatch');
  });

  it('refuses a token signed by another key, or altered', async () => {
    expect(await reasonOf(await other.mint('uid-1'))).toBe('signature');
    const [h, , s] = (await tokens.mint('uid-1')).split('.');
    const payload = Buffer.from(
      JSON.stringify({ iss: SA, sub: SA, aud: CUSTOM_TOKEN_AUDIENCE, uid: 'admin' }),
    ).toString('base64url');
    expect(await reasonOf(`${h}.${payload}.${s}`)).toBe('signature');
  });

  it('refuses a token living longer than an hour, or without exp', async () => {
    const base = { iss: SA, sub: SA, aud: CUSTOM_TOKEN_AUDIENCE, uid: 'u' };
    expect(await reasonOf(await forged(base, now(), now() + 3601))).toBe('malformed');
    expect(await reasonOf(await forged({ ...base, noExp: true }))).toBe('malformed');
    await expect(tokens.mint('u', 3601)).rejects.toThrow();
  });

  it('refuses a missing, empty or overlong uid claim', async () => {
    const base = { iss: SA, sub: SA, aud: CUSTOM_TOKEN_AUDIENCE };
    expect(await reasonOf(await forged(base))).toBe('uid');
    expect(await reasonOf(await forged({ ...base, uid: '' }))).toBe('uid');
    expect(await reasonOf(await forged({ ...base, uid: 'x'.repeat(129) }))).toBe('uid');
    expect(await reasonOf(await forged({ ...base, uid: 42 }))).toBe('uid');
  });

  it('refuses what is not a token', async () => {
    expect(await reasonOf(undefined)).toBe('missing');
    expect(await reasonOf('')).toBe('missing');
    expect(await reasonOf('not.a.jwt')).toBe('malformed');
  });
});
