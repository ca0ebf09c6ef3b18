/**
 * Accounts as single sign-on sees them, in both backends: found by a linked provider identity or by
 * email, created without a role, linked, signed in through a custom token; and each account's
 * sign-in methods, which an administrator may unlink.
 */

/** The provider id of identities from the institute's OpenID Connect provider (OIDC_ISSUER). */
export const OIDC_PROVIDER_ID = 'oidc';

/**
 * A sign-in method of an account: 'password', 'oidc' (the institute's single sign-on, with the
 * identity's email) or one of Firebase's own providers ('google.com', 'github.com', …; firebase mode).
 */
export interface SignInMethod {
  providerId: string;
  /** The provider's email (or name) of the linked identity, when it has one. */
  email: string | null;
}

/** An account as single sign-on needs it. */
export interface SsoAccount {
  uid: string;
  email: string;
  disabled: boolean;
  /** The subject of the OIDC identity linked to it (`issuer subject`), if any. */
  linkedOidc: string | null;
}

/** Thrown when a method cannot be unlinked (the account's last one, or not linked). */
export class UnlinkError extends Error {
  constructor(
    readonly code: 'last-method' | 'not-linked' | 'user-not-found',
    message: string,
  ) {
    super(message);
    this.name = 'UnlinkError';
  }
}

/** Refuses to unlink a method the account does not have, or its last one (UnlinkError). */
export function checkUnlinkable(methods: SignInMethod[], providerId: string): void {
  if (!methods.some((m) => m.providerId === providerId))
    throw new UnlinkError('not-linked', 'Цей спосіб входу не прив’язано до облікового запису');
  if (methods.length <= 1)
    throw new UnlinkError('last-method', 'Не можна від’єднати єдиний спосіб входу облікового запису');
}

export interface FederatedAccounts {
  /** The account an OIDC identity (`issuer subject`) is linked to. */
  findByOidc(federatedId: string): Promise<SsoAccount | null>;
  /** The account with this email (case-insensitive). */
  findByEmail(email: string): Promise<SsoAccount | null>;
  /** A new account with a verified email, no password and no role (an administrator gives one). */
  createForSso(email: string, displayName: string | null): Promise<SsoAccount>;
  /** Links an OIDC identity to the account. */
  linkOidc(uid: string, federatedId: string, email: string): Promise<void>;
  /** A custom token for the account (embedded: ours; firebase: firebase-admin's createCustomToken). */
  customToken(uid: string): Promise<string>;
  /** The account's sign-in methods (UnlinkError user-not-found for an unknown uid). */
  signInMethods(uid: string): Promise<SignInMethod[]>;
  /** Removes one sign-in method; refuses the account's last one (UnlinkError). */
  unlink(uid: string, providerId: string): Promise<SignInMethod[]>;
}
