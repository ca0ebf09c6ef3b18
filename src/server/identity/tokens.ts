/**
 * ID tokens of the embedded identity provider: RS256 JWTs with Firebase's claim set
 * (iss https://securetoken.google.com/{project}, aud {project}, sub/user_id, auth_time, iat, exp one
 * hour later, email, email_verified, firebase.identities and sign_in_provider, custom claims).
 * Source: "Verify ID tokens using a third-party JWT library" in the Firebase Admin documentation.
 */
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { SigningKey } from './keys';
import { InvalidTokenError } from './types';

export const ID_TOKEN_TTL_SECONDS = 3600;

/** Claims set by Firebase that custom claims may not override. */
const RESERVED = new Set([
  'acr',
  'amr',
  'at_hash',
  'aud',
  'auth_time',
  'azp',
  'cnf',
  'c_hash',
  'exp',
  'firebase',
  'iat',
  'iss',
  'jti',
  'nbf',
  'nonce',
  'sub',
  'user_id',
  'email',
  'email_verified',
]);

export interface IdTokenInput {
  uid: string;
  email: string;
  emailVerified: boolean;
  authTime: number;
  customClaims: Record<string, unknown>;
  /** `firebase.sign_in_provider`: 'password' (default) or 'custom' (a custom-token sign-in). */
  signInProvider?: string;
}

export interface VerifiedClaims {
  uid: string;
  email: string | null;
  authTime: number;
  iat: number;
  claims: Record<string, unknown>;
}

export class TokenSigner {
  constructor(
    private readonly key: SigningKey,
    readonly projectId: string,
  ) {}

  get issuer(): string {
    return `https://securetoken.google.com/${this.projectId}`;
  }

  async sign(input: IdTokenInput, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
    const custom = Object.fromEntries(Object.entries(input.customClaims).filter(([k]) => !RESERVED.has(k)));
    return new SignJWT({
      ...custom,
      user_id: input.uid,
      auth_time: input.authTime,
      email: input.email,
      email_verified: input.emailVerified,
      firebase: { identities: { email: [input.email] }, sign_in_provider: input.signInProvider ?? 'password' },
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.key.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(this.projectId)
      .setSubject(input.uid)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ID_TOKEN_TTL_SECONDS)
      .sign(this.key.privateKey);
  }

  /** Verifies signature, algorithm, issuer, audience, expiry and subject; throws InvalidTokenError. */
  async verify(token: string): Promise<VerifiedClaims> {
    if (!token || token.length > 8192) throw new InvalidTokenError('missing or oversized');
    try {
      const { payload } = await jwtVerify(token, this.key.publicKey, {
        algorithms: ['RS256'],
        issuer: this.issuer,
        audience: this.projectId,
      });
      if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.iat !== 'number')
        throw new InvalidTokenError('no subject');
      return {
        uid: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : null,
        authTime: typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat,
        iat: payload.iat,
        claims: payload,
      };
    } catch (err) {
      if (err instanceof InvalidTokenError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new InvalidTokenError('expired');
      throw new InvalidTokenError(err instanceof Error ? err.message : 'unverifiable');
    }
  }
}
