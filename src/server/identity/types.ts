/**
 * What the rest of the server knows about identity: the verified user of a request and the account
 * management operations, implemented by the embedded provider and by firebase-admin alike.
 */

import type { StaffRole } from '../../shared/authUsers';

/** Staff roles, kept as the custom claim `role`. */
export type Role = StaffRole;
export const ROLES: readonly Role[] = ['admin', 'editor'];

/** The staff role a set of custom claims gives (its `role` claim), or null for none or an unknown one. */
export function roleOfClaims(claims: Record<string, unknown> | undefined): Role | null {
  const role = claims?.role;
  return role === 'admin' || role === 'editor' ? role : null;
}

/** A user whose ID token was verified (signature, expiry, revocation, not disabled). */
export interface AuthUser {
  uid: string;
  email: string | null;
  role: Role | null;
  /** Seconds since epoch when the user signed in. */
  authTime: number;
}

/** Who asked for an account operation (an administrator in the admin), for the audit log. */
export interface Actor {
  uid: string;
  email: string | null;
}

/** An account as the AuthUsers screens show it. */
export interface Account {
  uid: string;
  email: string | null;
  displayName: string | null;
  role: Role | null;
  disabled: boolean;
  emailVerified: boolean;
  /** ISO instants. */
  createdAt: string | null;
  lastSignInAt: string | null;
}

export interface AccountPage {
  accounts: Account[];
  nextPageToken: string | null;
}

/** InvalidTokenError's reason for a token whose account is disabled (both backends). */
export const DISABLED_REASON = 'user disabled';

/** Thrown by verification: the token is missing, malformed, forged, expired, revoked or its user unusable. */
export class InvalidTokenError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid ID token: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}

/** Thrown by account management for a user error (exists, not found, weak password...). */
export class AccountError extends Error {
  constructor(
    readonly code: 'email-exists' | 'user-not-found' | 'weak-password' | 'invalid-email' | 'last-admin',
    message: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

export interface IdentityBackend {
  /** Verifies an ID token; with checkRevoked also that the user exists, is enabled and the token postdates revocation. */
  verifyIdToken(token: string, checkRevoked?: boolean): Promise<AuthUser>;
  listAccounts(opts: { search?: string; pageToken?: string; limit?: number }): Promise<AccountPage>;
  getAccount(uid: string): Promise<Account | null>;
  createAccount(input: { email: string; password: string; displayName?: string; role: Role | null }): Promise<Account>;
  setRole(uid: string, role: Role | null): Promise<Account>;
  setDisabled(uid: string, disabled: boolean): Promise<Account>;
  setPassword(uid: string, password: string): Promise<void>;
  deleteAccount(uid: string): Promise<void>;
  /**
   * Sets the account's address directly, unconfirmed (the CLI's set-email: the way to change it
   * without mail). AccountError user-not-found, invalid-email, email-exists.
   */
  setEmail(uid: string, email: string): Promise<Account>;
  /**
   * A one-time password-reset link for the account with this email, for an administrator to pass on
   * (the CLI's reset-link); nothing is mailed. Embedded: `{PUBLIC_URL}/edit/admin/Login?mode=resetPassword&oobCode=…`,
   * valid one hour, replacing the account's earlier code. AccountError user-not-found for an unknown email.
   */
  passwordResetLink(email: string): Promise<string>;
  /**
   * Mails a password reset to the account (the admin's "send reset", `actor` the administrator):
   * `mailed` false when no mail can be sent (embedded mode without SMTP; nothing is issued then).
   * AccountError user-not-found; MailSendError when the SMTP server refused it (audited).
   */
  sendPasswordReset(email: string, actor?: Actor): Promise<{ mailed: boolean }>;
  /**
   * Mails the account a link that confirms its address (the admin's «надіслати лист підтвердження»):
   * `mailed` false when no mail can be sent (no SMTP; nothing is issued then). AccountError
   * user-not-found; MailSendError when the SMTP server refused it (audited).
   */
  sendEmailVerification(uid: string, actor?: Actor): Promise<{ mailed: boolean }>;
  /**
   * Signs the account out everywhere: its refresh tokens stop working and ID tokens issued up to now
   * (and `tokenIssuedAt`, seconds, the signing-out session's own token) fail the revocation check.
   */
  revokeSessions(uid: string, tokenIssuedAt?: number): Promise<void>;
  countAccounts(): Promise<number>;
}
