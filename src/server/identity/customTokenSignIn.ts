/**
 * POST accounts:signInWithCustomToken of the embedded backend, as Google's service answers the
 * SDK's `signInWithCustomToken` (request `{token, returnSecureToken}`; response
 * `identitytoolkit#VerifyCustomTokenResponse` with idToken, refreshToken, expiresIn, isNewUser).
 * Errors: MISSING_CUSTOM_TOKEN, INVALID_CUSTOM_TOKEN (malformed, expired, bad signature, no uid),
 * CREDENTIAL_MISMATCH (another audience or signer), USER_DISABLED. Unlike Google, a uid without an
 * account is refused (USER_NOT_FOUND) rather than created: this server mints tokens only for accounts.
 */
import type { AccountStore } from './accounts';
import { CustomTokenError, type CustomTokens } from './customTokens';
import type { EmbeddedIdentity } from './embedded';
import { IdentityError } from './errors';

export interface CustomTokenSignInDeps {
  tokens: CustomTokens;
  accounts: AccountStore;
  identity: Pick<EmbeddedIdentity, 'issueTokens'>;
}

/** The handler behind `accounts:signInWithCustomToken` (body: the JSON request). */
export function customTokenSignIn(deps: CustomTokenSignInDeps) {
  return async (body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    if (typeof body.token !== 'string' || !body.token) throw new IdentityError('MISSING_CUSTOM_TOKEN');
    let uid: string;
    try {
      uid = await deps.tokens.verify(body.token);
    } catch (err) {
      if (!(err instanceof CustomTokenError)) throw err;
      throw new IdentityError(err.reason === 'mismatch' ? 'CREDENTIAL_MISMATCH' : 'INVALID_CUSTOM_TOKEN');
    }
    const row = deps.accounts.byUid(uid);
    if (!row) throw new IdentityError('USER_NOT_FOUND');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    const tokens = await deps.identity.issueTokens(row, undefined, 'custom');
    deps.accounts.patch(row.uid, { last_login_at: Date.now() });
    return { kind: 'identitytoolkit#VerifyCustomTokenResponse', ...tokens, isNewUser: false };
  };
}
