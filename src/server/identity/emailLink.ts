/**
 * The embedded provider's email actions besides the password reset, as Google's Identity Toolkit
 * answers the official SDK (shapes and codes read from @firebase/auth and firebase-tools' Auth
 * emulator, lib/emulator/auth/operations.js):
 * - accounts:sendOobCode with requestType EMAIL_SIGNIN (sendSignInLinkToEmail), VERIFY_EMAIL
 *   (sendEmailVerification, idToken) and VERIFY_AND_CHANGE_EMAIL (verifyBeforeUpdateEmail, idToken
 *   and newEmail): `{kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email}`; the last two
 *   answer MAIL_NOT_CONFIGURED (ours; SDK auth/mail-not-configured) when SMTP_URL is unset;
 * - accounts:signInWithEmailLink `{email, oobCode}`: tokens with `kind:
 *   'identitytoolkit#EmailLinkSigninResponse'`, `email`, `isNewUser: false`; it verifies the email;
 * - accounts:update `{oobCode}` (applyActionCode) for VERIFY_EMAIL and VERIFY_AND_CHANGE_EMAIL codes.
 * Codes are one-time, one hour, hashed at rest (AccountStore). Links lead to the login page on
 * PUBLIC_URL with the query the SDK parses (apiKey, mode, oobCode, continueUrl, lang). Only existing,
 * enabled accounts get a sign-in link; any other email gets the same answer, and no mail (without
 * enumeration protection an unknown email answers ADMIN_ONLY_OPERATION: sign-up is not by link).
 */
import { z } from 'zod';
import type { AccountRow, AccountStore } from './accounts';
import { IdentityError } from './errors';
import type { ResetRequestLimiter } from './limiter';
import type { Mailer } from './mail';
import type { Actor } from './types';
import type { EmailAction } from '../mail/emailActionMail';

/** A one-time email-action code is valid for one hour (as a password-reset code). */
export const EMAIL_ACTION_TTL_MS = 60 * 60 * 1000;

const emailSchema = z.email();

/** The error's text after the code (the SDK's error message). */
const MAIL_NOT_CONFIGURED_DETAIL = 'SMTP_URL is not set on the server: no mail can be sent.';

/** The SDK's `mode` query value of each request type (ActionCodeURL's parseMode). */
const MODE: Record<string, EmailAction> = {
  EMAIL_SIGNIN: 'signIn',
  VERIFY_EMAIL: 'verifyEmail',
  VERIFY_AND_CHANGE_EMAIL: 'verifyAndChangeEmail',
};

/** The request types handled here (PASSWORD_RESET stays in EmbeddedIdentity). */
export const EMAIL_ACTION_TYPES = Object.keys(MODE);

/**
 * A continueUrl sent by a client: an absolute http(s) URL on an authorized domain
 * (INVALID_CONTINUE_URI, UNAUTHORIZED_DOMAIN otherwise: no open redirect). Returns it normalised.
 */
export function checkContinueUrl(value: unknown, authorizedDomains: string[]): string {
  if (typeof value !== 'string' || !value) throw new IdentityError('INVALID_CONTINUE_URI');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new IdentityError('INVALID_CONTINUE_URI');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new IdentityError('INVALID_CONTINUE_URI');
  if (!authorizedDomains.includes(url.hostname)) throw new IdentityError('UNAUTHORIZED_DOMAIN');
  return url.toString();
}

/**
 * The link a mail carries: the login page (`loginUrl`, on PUBLIC_URL) with the query the SDK's
 * ActionCodeURL reads. Used by both backends (firebase mode passes the code firebase-admin made).
 */
export function emailActionLink(
  loginUrl: string,
  p: { apiKey: string; mode: EmailAction | 'resetPassword'; oobCode: string; continueUrl?: string },
): string {
  const url = new URL(loginUrl);
  url.searchParams.set('apiKey', p.apiKey);
  url.searchParams.set('mode', p.mode);
  url.searchParams.set('oobCode', p.oobCode);
  if (p.continueUrl) url.searchParams.set('continueUrl', p.continueUrl);
  url.searchParams.set('lang', 'uk');
  return url.toString();
}

export interface EmailActionsOptions {
  accounts: AccountStore;
  mailer?: Mailer;
  /** Limits sends per email and per client address, as password resets are (its own budget). */
  limiter: ResetRequestLimiter;
  log: { warn(message: string): void };
  emailEnumerationProtection: boolean;
  /** Whether sign-in by email link is on (off: OPERATION_NOT_ALLOWED, as a disabled provider). */
  emailLinkSignIn: boolean;
  authorizedDomains: string[];
  apiKey: string;
  /** The login page on PUBLIC_URL, where every link leads. */
  loginUrl: string;
  /** The account of a verified, current ID token (INVALID_ID_TOKEN, TOKEN_EXPIRED, USER_DISABLED...). */
  accountOf(idToken: unknown): Promise<{ row: AccountRow; authTime: number }>;
  requireRecentLogin(authTime: number): void;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export class EmailActions {
  constructor(private readonly opts: EmailActionsOptions) {}

  /** accounts:sendOobCode for EMAIL_SIGNIN, VERIFY_EMAIL and VERIFY_AND_CHANGE_EMAIL. */
  async send(body: Record<string, unknown>, address: string): Promise<Record<string, unknown>> {
    const continueUrl =
      body.continueUrl !== undefined ? checkContinueUrl(body.continueUrl, this.opts.authorizedDomains) : undefined;
    const target = await this.target(body);
    // A signed-in user asking to confirm or change their address is told that no mail can go out
    // (a sign-in link keeps its uniform answer: it must not tell addresses apart).
    if (target.action !== 'signIn' && !this.opts.mailer) {
      this.opts.log.warn(`An email link (${target.action}) was requested, but SMTP_URL is not set: no mail was sent.`);
      throw new IdentityError('MAIL_NOT_CONFIGURED', MAIL_NOT_CONFIGURED_DETAIL);
    }
    if (!(await this.opts.limiter.allow(target.limitKey, address)))
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER');
    if (target.row && !target.row.disabled) {
      this.mail(target.action, target.row, target.to, continueUrl).catch(() => {});
    }
    return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: target.reported };
  }

  /** Whom a send concerns: the account (if any), the address mailed, the email answered. */
  private async target(body: Record<string, unknown>): Promise<{
    action: EmailAction;
    row: AccountRow | undefined;
    to: string;
    reported: string;
    limitKey: string;
  }> {
    const action = MODE[str(body.requestType)]!;
    if (action === 'signIn') {
      if (!this.opts.emailLinkSignIn) throw new IdentityError('OPERATION_NOT_ALLOWED');
      const email = str(body.email);
      if (!email) throw new IdentityError('MISSING_EMAIL');
      if (!emailSchema.safeParse(email).success) throw new IdentityError('INVALID_EMAIL');
      const row = this.opts.accounts.byEmail(email);
      if (!row && !this.opts.emailEnumerationProtection) throw new IdentityError('ADMIN_ONLY_OPERATION');
      return { action, row, to: row?.email ?? email, reported: email.toLowerCase(), limitKey: email };
    }
    const { row, authTime } = await this.opts.accountOf(body.idToken);
    if (action === 'verifyEmail') return { action, row, to: row.email, reported: row.email, limitKey: row.email };
    const newEmail = str(body.newEmail);
    if (!newEmail) throw new IdentityError('MISSING_NEW_EMAIL');
    if (!emailSchema.safeParse(newEmail).success) throw new IdentityError('INVALID_NEW_EMAIL');
    this.opts.requireRecentLogin(authTime);
    if (this.opts.accounts.byEmail(newEmail)) throw new IdentityError('EMAIL_EXISTS');
    return { action, row, to: newEmail.toLowerCase(), reported: row.email, limitKey: row.email };
  }

  /**
   * Issues the code and mails its link (not awaited by the REST call: an SMTP round trip for known
   * addresses only would tell them apart by time; the outbox logs and audits a failure).
   */
  private async mail(action: EmailAction, row: AccountRow, to: string, continueUrl?: string, actor?: Actor) {
    const mailer = this.opts.mailer;
    if (!mailer) {
      this.opts.log.warn(`An email link (${action}) was requested, but SMTP_URL is not set: no mail was sent.`);
      return false;
    }
    const requestType = Object.keys(MODE).find((k) => MODE[k] === action)!;
    const oobCode = this.opts.accounts.issueOobCode(row.uid, to, requestType, EMAIL_ACTION_TTL_MS);
    const link = emailActionLink(this.opts.loginUrl, { apiKey: this.opts.apiKey, mode: action, oobCode, continueUrl });
    await mailer.sendEmailAction(action, to, link, { uid: row.uid, actor });
    return true;
  }

  /** The administrator's «send a verification mail»: false without SMTP; rejects when the SMTP server refuses. */
  async sendVerification(row: AccountRow, actor?: Actor): Promise<boolean> {
    return this.mail('verifyEmail', row, row.email, undefined, actor);
  }

  /**
   * accounts:signInWithEmailLink: the code must be a live EMAIL_SIGNIN code for this very email
   * (INVALID_OOB_CODE, EXPIRED_OOB_CODE, INVALID_EMAIL); it is used up, the email marked verified.
   */
  signIn(body: Record<string, unknown>): AccountRow {
    if (!this.opts.emailLinkSignIn) throw new IdentityError('OPERATION_NOT_ALLOWED');
    const email = str(body.email);
    if (!email) throw new IdentityError('MISSING_EMAIL');
    const code = str(body.oobCode);
    if (!code) throw new IdentityError('MISSING_OOB_CODE');
    const peek = this.opts.accounts.oobCode(code, false);
    if (!peek || peek.requestType !== 'EMAIL_SIGNIN') throw new IdentityError('INVALID_OOB_CODE');
    if (peek.expired) throw new IdentityError('EXPIRED_OOB_CODE');
    if (peek.email.toLowerCase() !== email.toLowerCase())
      throw new IdentityError('INVALID_EMAIL', 'The email provided does not match the sign-in email address.');
    // Used up now: a second request with the same code (even a concurrent one) finds nothing.
    if (!this.opts.accounts.oobCode(code, true)) throw new IdentityError('INVALID_OOB_CODE');
    const row = this.opts.accounts.byUid(peek.uid);
    if (!row) throw new IdentityError('INVALID_OOB_CODE');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    this.opts.accounts.patch(row.uid, { email_verified: 1, last_login_at: Date.now() });
    return this.opts.accounts.byUid(row.uid)!;
  }

  /**
   * accounts:update with an oobCode (applyActionCode): VERIFY_EMAIL marks the address verified;
   * VERIFY_AND_CHANGE_EMAIL sets the new, verified address (EMAIL_EXISTS if taken since). Returns
   * the account after the change.
   */
  applyCode(code: string): AccountRow {
    const oob = this.opts.accounts.oobCode(code, true);
    if (!oob || (oob.requestType !== 'VERIFY_EMAIL' && oob.requestType !== 'VERIFY_AND_CHANGE_EMAIL'))
      throw new IdentityError('INVALID_OOB_CODE');
    if (oob.expired) throw new IdentityError('EXPIRED_OOB_CODE');
    const row = this.opts.accounts.byUid(oob.uid);
    if (!row) throw new IdentityError('INVALID_OOB_CODE');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    if (oob.requestType === 'VERIFY_EMAIL') {
      // A code for an address the account no longer has verifies nothing.
      if (oob.email.toLowerCase() !== row.email.toLowerCase()) throw new IdentityError('INVALID_OOB_CODE');
      this.opts.accounts.patch(row.uid, { email_verified: 1 });
    } else {
      const other = this.opts.accounts.byEmail(oob.email);
      if (other && other.uid !== row.uid) throw new IdentityError('EMAIL_EXISTS');
      this.opts.accounts.patch(row.uid, { email: oob.email.toLowerCase(), email_verified: 1 });
    }
    return this.opts.accounts.byUid(row.uid)!;
  }
}
