/**
 * The relying party's side of OpenID Connect with `openid-client` (panva, v6): discovery of the
 * issuer (kept once it succeeds, tried again on the next sign-in after a failure), the authorization
 * URL with PKCE (S256), state and nonce, and the code exchange with every check the library makes
 * (state, issuer, audience, signature, nonce, PKCE). Source: openid-client's README and its typings.
 */
import * as oidc from 'openid-client';
import type { OidcConfig } from '../../config';
import type { PendingLogin } from './pendingLogin';

/** Why a sign-on failed, as the login page explains it (identity/oidc/messages on the client). */
export type SsoErrorCode =
  'cancelled' | 'expired' | 'unavailable' | 'unverified' | 'domain' | 'unknown' | 'disabled' | 'linked-other';

/** A failure to answer with a redirect to the login page (`code`) or, for `status` 400, a page. */
export class SsoError extends Error {
  constructor(
    readonly code: SsoErrorCode | 'bad-callback',
    message: string,
  ) {
    super(message);
    this.name = 'SsoError';
  }
}

/** The claims single sign-on uses from the provider. */
export interface SsoIdentity {
  /** `{issuer} {subject}`: stable per person at the provider. */
  federatedId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

const SCOPE = 'openid email profile';
/** Each call to the provider may take this long, in seconds. */
const TIMEOUT_SECONDS = 10;

export class OidcClient {
  private configuration: Promise<oidc.Configuration> | undefined;

  constructor(
    private readonly config: OidcConfig,
    /** `{PUBLIC_URL}/api/auth/oidc/callback`. */
    readonly redirectUri: string,
  ) {}

  /** The provider's configuration (discovered once); SsoError unavailable when it cannot be read. */
  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(new URL(this.config.issuer), this.config.clientId, this.config.clientSecret, undefined, {
        timeout: TIMEOUT_SECONDS,
        // http is accepted only for a loopback issuer (checked by the configuration).
        execute: this.config.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        this.configuration = undefined;
        throw new SsoError('unavailable', `OIDC discovery failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    return this.configuration;
  }

  /** A new pending login (random state, nonce and PKCE verifier) and the provider's URL to send the browser to. */
  async start(returnUrl: string): Promise<{ login: PendingLogin; url: string }> {
    const configuration = await this.discover();
    const login: PendingLogin = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
      returnUrl,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(login.verifier),
      code_challenge_method: 'S256',
      state: login.state,
      nonce: login.nonce,
    });
    return { login, url: url.href };
  }

  /**
   * Exchanges the callback's code (the callback's query string, `search`) for the verified identity.
   * SsoError: `cancelled` when the user or provider refused (access_denied and the like),
   * `bad-callback` for a callback the provider's answers do not bear out (reused or forged code,
   * wrong state or nonce, bad ID token), `unavailable` when the provider cannot be reached.
   */
  async finish(search: string, login: PendingLogin): Promise<SsoIdentity> {
    const configuration = await this.discover();
    const current = new URL(`${this.redirectUri}${search}`);
    let tokens;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: login.verifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      if (err instanceof oidc.AuthorizationResponseError) throw new SsoError('cancelled', err.error);
      if (err instanceof oidc.ResponseBodyError || err instanceof oidc.ClientError)
        throw new SsoError('bad-callback', err.message);
      throw new SsoError('unavailable', err instanceof Error ? err.message : String(err));
    }
    const claims = tokens.claims()!;
    let { email, email_verified: verified, name } = claims as Record<string, unknown>;
    if (typeof email !== 'string') {
      // Some providers put the email only in the UserInfo answer.
      const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch((err: unknown) => {
        throw new SsoError('unavailable', err instanceof Error ? err.message : String(err));
      });
      ({ email, email_verified: verified, name } = info as Record<string, unknown>);
    }
    return {
      federatedId: `${claims.iss} ${claims.sub}`,
      email: typeof email === 'string' ? email.trim().toLowerCase() : null,
      emailVerified: verified === true,
      name: typeof name === 'string' ? name : null,
    };
  }
}
