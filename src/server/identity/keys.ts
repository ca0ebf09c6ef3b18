/**
 * The RS256 signing key of the embedded identity provider: generated into DATA_DIR/keys on first
 * start (file mode 0600), reused afterwards; its public half is published as a JWKS.
 */
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'identity-signing-key.json');
  let privateJwk: JWK;
  if (existsSync(file)) {
    privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
  } else {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
    privateJwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(privateJwk), { mode: 0o600 });
    renameSync(tmp, file);
  }
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
  return {
    kid: privateJwk.kid!,
    privateKey: (await importJWK(privateJwk, 'RS256')) as CryptoKey,
    publicKey: (await importJWK(publicJwk, 'RS256')) as CryptoKey,
    publicJwk,
  };
}
