/**
 * A single sign-on in progress, kept in the browser between `/api/auth/oidc/start` and the callback:
 * the state, nonce and PKCE verifier, and where to return, sealed (JWE, dir + A256GCM) with a key
 * derived from OIDC_CLIENT_SECRET (so every server instance opens what another sealed) and valid ten
 * minutes. It travels in the `__session` cookie, prefixed `oidc.`, because that is the one cookie
 * Firebase Hosting forwards; it is no ID token, so the session code treats it as no session, and the
 * callback clears it whatever the outcome.
 */
import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, errors as joseErrors } from 'jose';

/** Prefix of a pending login in the session cookie. */
export const PENDING_PREFIX = 'oidc.';
/** How long a started sign-on may take at the provider, in seconds. */
export const PENDING_TTL_SECONDS = 600;

export interface PendingLogin {
  state: string;
  nonce: string;
  verifier: string;
  /** An address inside /edit/admin to open after sign-in. */
  returnUrl: string;
}

/** Why a pending login could not be opened: none or tampered (`invalid`), or older than ten minutes (`expired`). */
export type PendingProblem = 'invalid' | 'expired';

export class PendingLogins {
  private readonly key: Uint8Array;

  constructor(clientSecret: string) {
    this.key = new Uint8Array(hkdfSync('sha256', clientSecret, 'uhmi-site', 'oidc pending login', 32));
  }

  /** The cookie value for a pending login. */
  async seal(login: PendingLogin): Promise<string> {
    const jwe = await new EncryptJWT({ ...login })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt()
      .setExpirationTime(`${PENDING_TTL_SECONDS}s`)
      .encrypt(this.key);
    return PENDING_PREFIX + jwe;
  }

  /** The pending login of a cookie value, or why there is none. */
  async open(value: string | undefined): Promise<PendingLogin | PendingProblem> {
    if (!value?.startsWith(PENDING_PREFIX) || value.length > 4096) return 'invalid';
    try {
      const { payload } = await jwtDecrypt(value.slice(PENDING_PREFIX.length), this.key);
      const { state, nonce, verifier, returnUrl } = payload;
      if ([state, nonce, verifier, returnUrl].some((v) => typeof v !== 'string')) return 'invalid';
      return { state, nonce, verifier, returnUrl } as PendingLogin;
    } catch (err) {
      return err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
