/**
 * Custom tokens in Firebase's format, minted by the server after a single sign-on and exchanged by the
 * browser with `signInWithCustomToken` (embedded: `accounts:signInWithCustomToken` verifies them here).
 *
 * Format (Firebase docs, "Create custom tokens using a third-party JWT library"): an RS256 JWT with
 *   iss, sub  the service account's email
 *   aud       https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit
 *   iat, exp  seconds; exp at most one hour after iat
 *   uid       the account's uid (1–128 characters)
 *   claims    optional extra claims (not used here)
 * The embedded backend signs with its own identity key (DATA_DIR/keys) under a fixed service-account
 * name; nothing outside this server can mint one.
 */
import { jwtVerify, SignJWT, errors as joseErrors, type CryptoKey } from 'jose';

export const CUSTOM_TOKEN_AUDIENCE =
  'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit';
/** Longest life Firebase accepts for a custom token, in seconds. */
export const CUSTOM_TOKEN_MAX_TTL_SECONDS = 3600;
/** Our tokens live this long: only until the browser exchanges them, a moment after the callback. */
export const CUSTOM_TOKEN_TTL_SECONDS = 300;

/** The service-account name the embedded backend signs its custom tokens as. */
export function embeddedServiceAccount(projectId: string): string {
  return `identity@${projectId}.iam.gserviceaccount.com`;
}

/** Why a custom token was refused; `mismatch` is a token meant for another project or service (Firebase's CREDENTIAL_MISMATCH). */
export class CustomTokenError extends Error {
  constructor(
    readonly reason: 'missing' | 'malformed' | 'expired' | 'signature' | 'mismatch' | 'uid',
    message: string,
  ) {
    super(message);
    this.name = 'CustomTokenError';
  }
}

export interface CustomTokenKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** Mints and verifies the embedded backend's custom tokens with one RS256 key pair. */
export class CustomTokens {
  constructor(
    private readonly key: CustomTokenKey,
    readonly serviceAccount: string,
  ) {}

  /** A custom token for `uid` (1–128 characters), valid `ttlSeconds` (≤ 3600) from `nowSeconds`. */
  async mint(uid: string, ttlSeconds = CUSTOM_TOKEN_TTL_SECONDS, nowSeconds = Math.floor(Date.now() / 1000)) {
    if (!uid || uid.length > 128) throw new Error('A custom token needs a uid of 1 to 128 characters');
    if (ttlSeconds <= 0 || ttlSeconds > CUSTOM_TOKEN_MAX_TTL_SECONDS) throw new Error('A custom token lives up to 1 h');
    return new SignJWT({ uid })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: this.key.kid })
      .setIssuer(this.serviceAccount)
      .setSubject(this.serviceAccount)
      .setAudience(CUSTOM_TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ttlSeconds)
      .sign(this.key.privateKey);
  }

  /**
   * The uid of a valid custom token: RS256 signed by this key, issued by this service account (iss and
   * sub), for the Identity Toolkit audience, not expired, living at most an hour, with a uid claim of
   * 1–128 characters. Throws CustomTokenError otherwise.
   */
  async verify(token: unknown, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
    if (typeof token !== 'string' || !token) throw new CustomTokenError('missing', 'No custom token');
    if (token.length > 8192) throw new CustomTokenError('malformed', 'The custom token is too long');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key.publicKey, {
        algorithms: ['RS256'],
        currentDate: new Date(nowSeconds * 1000),
        requiredClaims: ['iat', 'exp', 'iss', 'sub', 'aud'],
      }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new CustomTokenError('expired', 'The custom token has expired');
      if (err instanceof joseErrors.JWSSignatureVerificationFailed)
        throw new CustomTokenError('signature', 'The custom token has an invalid signature');
      if (err instanceof joseErrors.JWTClaimValidationFailed) throw new CustomTokenError('malformed', err.message);
      throw new CustomTokenError('malformed', 'The custom token format is incorrect');
    }
    if (payload.aud !== CUSTOM_TOKEN_AUDIENCE)
      throw new CustomTokenError('mismatch', 'The custom token corresponds to a different audience');
    if (payload.iss !== this.serviceAccount || payload.sub !== this.serviceAccount)
      throw new CustomTokenError('mismatch', 'The custom token was issued by another service account');
    if (payload.exp! - payload.iat! > CUSTOM_TOKEN_MAX_TTL_SECONDS)
      throw new CustomTokenError('malformed', 'The custom token lives longer than one hour');
    const uid = payload.uid;
    if (typeof uid !== 'string' || !uid || uid.length > 128)
      throw new CustomTokenError('uid', 'The custom token has no valid uid claim');
    return uid;
  }
}
