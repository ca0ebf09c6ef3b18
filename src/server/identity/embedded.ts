/**
 * The embedded identity provider: the operations behind the Firebase-Auth-compatible endpoints
 * (sign-in, lookup, update, delete, sign-up, password reset, token refresh) and the account
 * management of IdentityBackend. Behaviour follows the Firebase Auth REST API
 * (identitytoolkit.googleapis.com v1, securetoken.googleapis.com v1), including email-enumeration
 * protection (a wrong password and an unknown email both answer INVALID_LOGIN_CREDENTIALS).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AccountStore, claimsOf, newAccountRow, roleOf, type AccountRow } from './accounts';
import { checkContinueUrl, EMAIL_ACTION_TYPES, EmailActions } from './emailLink';
import { IdentityError } from './errors';
import type { ResetRequestLimiter, SignInLimiter } from './limiter';
import type { Mailer } from './mail';
import { checkAccountPassword, checkRestPassword, hashPassword, verifyPassword } from './passwords';
import { ID_TOKEN_TTL_SECONDS, type TokenSigner } from './tokens';
import {
  AccountError,
  DISABLED_REASON,
  InvalidTokenError,
  type Account,
  type Actor,
  type AccountPage,
  type AuthUser,
  type IdentityBackend,
  type Role,
  roleOfClaims,
} from './types';

/** Sensitive changes (email, password, deletion) need a sign-in within this many seconds. */
export const RECENT_LOGIN_SECONDS = 5 * 60;
/** A password-reset code is valid for one hour (and only the latest one of an account). */
export const OOB_CODE_TTL_MS = 60 * 60 * 1000;

const emailSchema = z.email();

export interface EmbeddedIdentityOptions {
  accounts: AccountStore;
  signer: TokenSigner;
  limiter: SignInLimiter;
  /** Limits accounts:sendOobCode per email and per client address. */
  resetLimiter: ResetRequestLimiter;
  /** Reset mail through the outbox; absent when SMTP_URL is unset (then no reset mail is sent and no code is issued for it). */
  mailer?: Mailer;
  /** Host names a client-sent continueUrl may point to (UNAUTHORIZED_DOMAIN otherwise). */
  authorizedDomains: string[];
  /** Operational messages; never given a reset link or code. */
  log: { info(message: string): void; warn(message: string): void };
  /** Whether visitors may create accounts with accounts:signUp (off: ADMIN_ONLY_OPERATION). */
  allowSignUp: boolean;
  /** Answer unknown email / wrong password alike (INVALID_LOGIN_CREDENTIALS). */
  emailEnumerationProtection: boolean;
  /** Where password-reset links point, e.g. https://site/edit/admin/Login (the code is appended). */
  resetUrl: string;
  /** The web API key, carried by email-action links (the SDK's ActionCodeURL needs it). */
  apiKey: string;
  /** Whether sign-in by email link is on (off: OPERATION_NOT_ALLOWED). */
  emailLinkSignIn: boolean;
  /** Limits sign-in and verification links as resetLimiter limits resets (a budget of its own). */
  emailActionLimiter: ResetRequestLimiter;
}

export interface TokenResponse {
  idToken: string;
  refreshToken: string;
  expiresIn: string;
  localId: string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function toAccount(row: AccountRow): Account {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.display_name,
    role: roleOf(row),
    disabled: !!row.disabled,
    emailVerified: !!row.email_verified,
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: row.last_login_at ? new Date(row.last_login_at).toISOString() : null,
  };
}

/** The user record of accounts:lookup / accounts:update responses. */
export function userInfo(row: AccountRow) {
  const info: Record<string, unknown> = {
    localId: row.uid,
    email: row.email,
    emailVerified: !!row.email_verified,
    passwordHash: 'UkVEQUNURUQ=',
    passwordUpdatedAt: row.password_updated_at ?? undefined,
    providerUserInfo: [
      {
        providerId: 'password',
        federatedId: row.email,
        email: row.email,
        rawId: row.email,
        ...(row.display_name ? { displayName: row.display_name } : {}),
        ...(row.photo_url ? { photoUrl: row.photo_url } : {}),
      },
    ],
    validSince: String(row.valid_since),
    disabled: !!row.disabled,
    createdAt: String(row.created_at),
    lastLoginAt: row.last_login_at ? String(row.last_login_at) : undefined,
    lastRefreshAt: row.last_refresh_at ? new Date(row.last_refresh_at).toISOString() : undefined,
    customAttributes: row.custom_claims !== '{}' ? row.custom_claims : undefined,
  };
  if (row.display_name) info.displayName = row.display_name;
  if (row.photo_url) info.photoUrl = row.photo_url;
  return info;
}

export class EmbeddedIdentity implements IdentityBackend {
  private readonly actions: EmailActions;

  constructor(private readonly opts: EmbeddedIdentityOptions) {
    this.actions = new EmailActions({
      accounts: opts.accounts,
      mailer: opts.mailer,
      limiter: opts.emailActionLimiter,
      log: opts.log,
      emailEnumerationProtection: opts.emailEnumerationProtection,
      emailLinkSignIn: opts.emailLinkSignIn,
      authorizedDomains: opts.authorizedDomains,
      apiKey: opts.apiKey,
      loginUrl: opts.resetUrl,
      accountOf: (idToken) => this.accountOf(idToken),
      requireRecentLogin: (authTime) => this.requireRecentLogin(authTime),
    });
  }

  private get accounts(): AccountStore {
    return this.opts.accounts;
  }

  /**
   * A sign-out may date the account's revocation up to a second ahead (tokens have one-second
   * resolution); new tokens wait for it, so they postdate it and pass the revocation check.
   */
  private async afterRevocation(uid: string): Promise<void> {
    const row = this.accounts.byUid(uid);
    if (!row) return;
    // Timers may fire a millisecond early against the wall clock, so wait until Date.now() has passed
    // the revocation (a token dated the second before it would be refused at once); at most 2 s.
    const until = row.valid_since * 1000;
    const deadline = Date.now() + 2000;
    for (let wait = until - Date.now(); wait > 0 && Date.now() < deadline; wait = until - Date.now())
      await new Promise((resolve) => setTimeout(resolve, wait + 1));
  }

  /** Tokens for the account; `authTime` defaults to now, taken after any wait for a revocation. */
  async issueTokens(row: AccountRow, authTime?: number, signInProvider?: string): Promise<TokenResponse> {
    await this.afterRevocation(row.uid);
    authTime ??= nowSeconds();
    const idToken = await this.opts.signer.sign({
      uid: row.uid,
      email: row.email,
      emailVerified: !!row.email_verified,
      authTime,
      customClaims: claimsOf(row),
      signInProvider,
    });
    return {
      idToken,
      refreshToken: this.accounts.issueRefreshToken(row.uid, authTime),
      expiresIn: String(ID_TOKEN_TTL_SECONDS),
      localId: row.uid,
    };
  }

  /** Verifies an ID token sent to an endpoint and returns its (existing, enabled) account. */
  private async accountOf(idToken: unknown): Promise<{ row: AccountRow; authTime: number }> {
    if (typeof idToken !== 'string' || !idToken) throw new IdentityError('INVALID_ID_TOKEN');
    let claims;
    try {
      claims = await this.opts.signer.verify(idToken);
    } catch (err) {
      throw new IdentityError(
        err instanceof InvalidTokenError && err.reason === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_ID_TOKEN',
      );
    }
    const row = this.accounts.byUid(claims.uid);
    if (!row) throw new IdentityError('USER_NOT_FOUND');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    if (claims.iat < row.valid_since) throw new IdentityError('TOKEN_EXPIRED');
    return { row, authTime: claims.authTime };
  }

  private requireRecentLogin(authTime: number): void {
    if (nowSeconds() - authTime > RECENT_LOGIN_SECONDS) throw new IdentityError('CREDENTIAL_TOO_OLD_LOGIN_AGAIN');
  }

  // ---- REST operations -------------------------------------------------------------------

  /**
   * POST accounts:signInWithPassword. The attempt is counted (reserved) before the password is
   * checked and given back on success, so parallel guesses cannot outrun the lock; an unknown email
   * costs one scrypt run like a wrong password and, with enumeration protection, answers alike.
   */
  async signInWithPassword(body: Record<string, unknown>, address: string): Promise<Record<string, unknown>> {
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email) throw new IdentityError('INVALID_EMAIL');
    if (!emailSchema.safeParse(email).success) throw new IdentityError('INVALID_EMAIL');
    if (!password) throw new IdentityError('MISSING_PASSWORD');
    if (!(await this.opts.limiter.reserve(email, address))) {
      throw new IdentityError(
        'TOO_MANY_ATTEMPTS_TRY_LATER',
        'Access to this account has been temporarily disabled due to many failed login attempts.',
      );
    }
    const row = this.accounts.byEmail(email);
    const ok = await verifyPassword(password, row?.password_hash ?? null);
    if (!row || !ok) {
      if (this.opts.emailEnumerationProtection) throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
      throw new IdentityError(row ? 'INVALID_PASSWORD' : 'EMAIL_NOT_FOUND');
    }
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    await this.opts.limiter.succeed(email, address);
    // issueTokens waits out a revocation dated ahead (sign-out) before taking the sign-in time.
    const tokens = await this.issueTokens(row);
    this.accounts.patch(row.uid, { last_login_at: Date.now() });
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      ...tokens,
      email: row.email,
      displayName: row.display_name ?? '',
      registered: true,
    };
  }

  /** POST accounts:signUp (only when self-registration is on; anonymous accounts never: ADMIN_ONLY_OPERATION). */
  async signUp(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!this.opts.allowSignUp || (!body.email && !body.password && !body.idToken))
      throw new IdentityError('ADMIN_ONLY_OPERATION');
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email) throw new IdentityError('MISSING_EMAIL');
    if (!emailSchema.safeParse(email).success) throw new IdentityError('INVALID_EMAIL');
    if (!password) throw new IdentityError('MISSING_PASSWORD');
    checkRestPassword(password);
    if (this.accounts.byEmail(email)) throw new IdentityError('EMAIL_EXISTS');
    const row = await this.insertAccount({
      email,
      password,
      displayName: typeof body.displayName === 'string' ? body.displayName : undefined,
      role: null,
    });
    const tokens = await this.issueTokens(row, nowSeconds());
    return { kind: 'identitytoolkit#SignupNewUserResponse', ...tokens, email: row.email };
  }

  /** POST accounts:lookup */
  async lookup(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { row } = await this.accountOf(body.idToken);
    return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [userInfo(row)] };
  }

  /** POST accounts:update (email, password, display name, photo URL; deleteAttribute; or an oobCode to apply). */
  async update(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (typeof body.oobCode === 'string' && body.oobCode) {
      const applied = this.actions.applyCode(body.oobCode);
      return { kind: 'identitytoolkit#SetAccountInfoResponse', ...userInfo(applied) };
    }
    const { row, authTime } = await this.accountOf(body.idToken);
    const changes: Partial<AccountRow> = {};
    let rotate = false;
    if (typeof body.email === 'string') {
      const email = body.email.trim();
      if (!emailSchema.safeParse(email).success) throw new IdentityError('INVALID_EMAIL');
      this.requireRecentLogin(authTime);
      const other = this.accounts.byEmail(email);
      if (other && other.uid !== row.uid) throw new IdentityError('EMAIL_EXISTS');
      changes.email = email.toLowerCase(); // canonical, as Firebase stores and reports addresses
      changes.email_verified = 0;
    }
    if (typeof body.password === 'string') {
      checkRestPassword(body.password);
      this.requireRecentLogin(authTime);
      changes.password_hash = await hashPassword(body.password);
      changes.password_updated_at = Date.now();
      rotate = true;
    }
    if (typeof body.displayName === 'string') changes.display_name = body.displayName.slice(0, 256) || null;
    if (typeof body.photoUrl === 'string') changes.photo_url = body.photoUrl.slice(0, 2048) || null;
    const deleted = Array.isArray(body.deleteAttribute) ? body.deleteAttribute : [];
    if (deleted.includes('DISPLAY_NAME')) changes.display_name = null;
    if (deleted.includes('PHOTO_URL')) changes.photo_url = null;
    this.accounts.patch(row.uid, changes);
    // A new password ends every other session, tokens of this very second included: the revocation is
    // dated a second ahead (as a sign-out's), so the fresh tokens below postdate it. They then always
    // differ from the token of the re-authentication just before (same iat would give the same bytes,
    // and the SDK would keep its revoked refresh token).
    if (rotate) this.accounts.revokeTokens(row.uid, nowSeconds() + 1);
    const updated = this.accounts.byUid(row.uid)!;
    const response: Record<string, unknown> = { kind: 'identitytoolkit#SetAccountInfoResponse', ...userInfo(updated) };
    // This session gets fresh tokens (issueTokens waits out the revocation).
    if (rotate || body.returnSecureToken)
      Object.assign(response, await this.issueTokens(updated, rotate ? undefined : authTime));
    return response;
  }

  /** POST accounts:delete */
  async deleteSelf(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { row, authTime } = await this.accountOf(body.idToken);
    this.requireRecentLogin(authTime);
    if (roleOf(row) === 'admin' && this.accounts.countAdmins() <= 1)
      throw new IdentityError('OPERATION_NOT_ALLOWED', 'The last administrator cannot be deleted');
    this.accounts.delete(row.uid);
    return { kind: 'identitytoolkit#DeleteAccountResponse' };
  }

  /**
   * POST accounts:sendOobCode (PASSWORD_RESET). Answers alike, and as fast, whether or not the email
   * exists (the mail goes out in the background); limited per email and per client address
   * (RESET_PASSWORD_EXCEED_LIMIT, for unknown emails too). A continueUrl must point to an authorized
   * domain (UNAUTHORIZED_DOMAIN); it is not used, links always lead to the login page. Without SMTP no
   * code is issued (nobody could receive it).
   */
  async sendOobCode(body: Record<string, unknown>, address: string): Promise<Record<string, unknown>> {
    if (!body.requestType) throw new IdentityError('MISSING_REQ_TYPE');
    if (typeof body.requestType === 'string' && EMAIL_ACTION_TYPES.includes(body.requestType))
      return this.actions.send(body, address);
    if (body.requestType !== 'PASSWORD_RESET') throw new IdentityError('INVALID_REQ_TYPE');
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!email) throw new IdentityError('MISSING_EMAIL');
    if (!emailSchema.safeParse(email).success) throw new IdentityError('INVALID_EMAIL');
    if (body.continueUrl !== undefined) this.checkContinueUrl(body.continueUrl);
    if (!(await this.opts.resetLimiter.allow(email, address))) throw new IdentityError('RESET_PASSWORD_EXCEED_LIMIT');
    const row = this.accounts.byEmail(email);
    if (!row && !this.opts.emailEnumerationProtection) throw new IdentityError('EMAIL_NOT_FOUND');
    if (row && !row.disabled) {
      const mailer = this.opts.mailer;
      if (mailer) {
        const link = this.resetLink(row);
        // Not awaited: an SMTP round trip for known addresses only would tell them apart by time.
        // A failure is already logged and audited by the outbox.
        mailer.sendPasswordReset(row.email, link, { uid: row.uid }).catch(() => {});
      } else {
        this.opts.log.warn(
          'A password reset was requested, but SMTP_URL is not set: no mail was sent (an administrator can run `npm run user -- reset-link <email>`).',
        );
      }
    }
    return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
  }

  /** A continueUrl sent by a client: http(s) on an authorized domain, else an error (no open redirect). */
  private checkContinueUrl(value: unknown): void {
    checkContinueUrl(value, this.opts.authorizedDomains);
  }

  /** POST accounts:signInWithEmailLink (emailLink.ts checks and uses up the code, verifying the email). */
  async signInWithEmailLink(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const row = this.actions.signIn(body);
    const tokens = await this.issueTokens(row);
    return { kind: 'identitytoolkit#EmailLinkSigninResponse', ...tokens, email: row.email, isNewUser: false };
  }

  /**
   * POST accounts:createAuthUri (fetchSignInMethodsForEmail). With enumeration protection it answers
   * every email alike, without `registered` or sign-in methods (as Google does); without protection
   * it says whether the email is registered.
   */
  async createAuthUri(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const identifier = typeof body.identifier === 'string' ? body.identifier.trim() : '';
    if (!identifier) throw new IdentityError('MISSING_IDENTIFIER');
    if (!emailSchema.safeParse(identifier).success) throw new IdentityError('INVALID_IDENTIFIER');
    if (body.continueUri !== undefined && typeof body.continueUri !== 'string')
      throw new IdentityError('INVALID_CONTINUE_URI');
    const response: Record<string, unknown> = {
      kind: 'identitytoolkit#CreateAuthUriResponse',
      sessionId: randomUUID(),
    };
    if (this.opts.emailEnumerationProtection) return response;
    const registered = !!this.accounts.byEmail(identifier);
    return {
      ...response,
      registered,
      ...(registered ? { allProviders: ['password'], signinMethods: ['password'] } : {}),
    };
  }

  private resetLink(row: AccountRow): string {
    const code = this.accounts.issueOobCode(row.uid, row.email, 'PASSWORD_RESET', OOB_CODE_TTL_MS);
    const url = new URL(this.opts.resetUrl);
    url.searchParams.set('mode', 'resetPassword');
    url.searchParams.set('oobCode', code);
    return url.toString();
  }

  /** POST accounts:resetPassword: with newPassword it sets the password; without, it checks the code. */
  async resetPassword(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const code = typeof body.oobCode === 'string' ? body.oobCode : '';
    if (!code) throw new IdentityError('MISSING_OOB_CODE');
    const newPassword = typeof body.newPassword === 'string' ? body.newPassword : undefined;
    if (newPassword !== undefined) checkRestPassword(newPassword);
    const oob = this.accounts.oobCode(code, false);
    // Without a new password any live code can be checked (checkActionCode); only a reset code sets one.
    const checkable = newPassword === undefined && oob?.requestType !== 'EMAIL_SIGNIN';
    if (!oob || (oob.requestType !== 'PASSWORD_RESET' && !checkable)) throw new IdentityError('INVALID_OOB_CODE');
    if (oob.expired) throw new IdentityError('EXPIRED_OOB_CODE');
    // Used up by a reset (synchronously after the check: nothing can use it in between).
    if (newPassword !== undefined) this.accounts.oobCode(code, true);
    const row = this.accounts.byUid(oob.uid);
    if (!row) throw new IdentityError('USER_NOT_FOUND');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    if (newPassword !== undefined) {
      // The reset link reached the mailbox, so the address is verified (as Firebase marks it).
      this.accounts.patch(row.uid, {
        password_hash: await hashPassword(newPassword),
        password_updated_at: Date.now(),
        email_verified: 1,
      });
      this.accounts.revokeTokens(row.uid, nowSeconds());
    }
    const response = { kind: 'identitytoolkit#ResetPasswordResponse', email: row.email, requestType: oob.requestType };
    return oob.requestType === 'VERIFY_AND_CHANGE_EMAIL' ? { ...response, newEmail: oob.email } : response;
  }

  /** POST securetoken v1/token (grant_type=refresh_token), rotating the refresh token. */
  async refresh(form: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (form.grant_type !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
    const token = typeof form.refresh_token === 'string' ? form.refresh_token : '';
    if (!token) throw new IdentityError('MISSING_REFRESH_TOKEN');
    const used = this.accounts.consumeRefreshToken(token);
    if (!used) throw new IdentityError('INVALID_REFRESH_TOKEN');
    const row = this.accounts.byUid(used.uid);
    if (!row) throw new IdentityError('USER_NOT_FOUND');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    if (!used.usable) throw new IdentityError('TOKEN_EXPIRED');
    this.accounts.patch(row.uid, { last_refresh_at: Date.now() });
    const tokens = await this.issueTokens(row, used.authTime);
    return {
      access_token: tokens.idToken,
      expires_in: tokens.expiresIn,
      token_type: 'Bearer',
      refresh_token: tokens.refreshToken,
      id_token: tokens.idToken,
      user_id: row.uid,
      project_id: this.opts.signer.projectId,
    };
  }

  // ---- IdentityBackend --------------------------------------------------------------------

  async verifyIdToken(token: string, checkRevoked = true): Promise<AuthUser> {
    const claims = await this.opts.signer.verify(token);
    if (checkRevoked) {
      const row = this.accounts.byUid(claims.uid);
      if (!row) throw new InvalidTokenError('user not found');
      if (row.disabled) throw new InvalidTokenError(DISABLED_REASON);
      if (claims.iat < row.valid_since) throw new InvalidTokenError('revoked');
      // The role in force is the stored one (a demotion takes effect at once, not at the next refresh).
      return { uid: row.uid, email: row.email, role: roleOf(row), authTime: claims.authTime };
    }
    return { uid: claims.uid, email: claims.email, role: roleOfClaims(claims.claims), authTime: claims.authTime };
  }

  private async insertAccount(input: {
    email: string;
    password: string;
    displayName?: string;
    role: Role | null;
  }): Promise<AccountRow> {
    const row = newAccountRow({
      // Canonical lower case, as Firebase stores and reports addresses (lookups are case-insensitive anyway).
      email: input.email.trim().toLowerCase(),
      display_name: input.displayName?.trim() || null,
      email_verified: 0,
      password_hash: await hashPassword(input.password),
      custom_claims: JSON.stringify(input.role ? { role: input.role } : {}),
    });
    this.accounts.insert(row);
    return row;
  }

  private mustExist(uid: string): AccountRow {
    const row = this.accounts.byUid(uid);
    if (!row) throw new AccountError('user-not-found', 'Обліковий запис не знайдено');
    return row;
  }

  private guardLastAdmin(row: AccountRow, losingAdmin: boolean): void {
    if (losingAdmin && roleOf(row) === 'admin' && !row.disabled && this.accounts.countAdmins() <= 1) {
      throw new AccountError('last-admin', 'Не можна позбавити доступу останнього адміністратора');
    }
  }

  async listAccounts(opts: { search?: string; pageToken?: string; limit?: number }): Promise<AccountPage> {
    const limit = Math.min(Math.max(opts.limit ?? 50, 1), 500);
    const rows = this.accounts.list({
      search: opts.search?.trim() || undefined,
      afterEmail: opts.pageToken,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    return { accounts: page.map(toAccount), nextPageToken: rows.length > limit ? page[page.length - 1]!.email : null };
  }

  async getAccount(uid: string): Promise<Account | null> {
    const row = this.accounts.byUid(uid);
    return row ? toAccount(row) : null;
  }

  async createAccount(input: {
    email: string;
    password: string;
    displayName?: string;
    role: Role | null;
  }): Promise<Account> {
    if (!emailSchema.safeParse(input.email).success)
      throw new AccountError('invalid-email', 'Невірна адреса електронної пошти');
    checkAccountPassword(input.password);
    if (this.accounts.byEmail(input.email))
      throw new AccountError('email-exists', 'Обліковий запис із такою адресою вже існує');
    return toAccount(await this.insertAccount(input));
  }

  async setRole(uid: string, role: Role | null): Promise<Account> {
    const row = this.mustExist(uid);
    this.guardLastAdmin(row, role !== 'admin');
    const claims = { ...claimsOf(row) };
    if (role) claims.role = role;
    else delete claims.role;
    this.accounts.patch(uid, { custom_claims: JSON.stringify(claims) });
    return toAccount(this.accounts.byUid(uid)!);
  }

  async setDisabled(uid: string, disabled: boolean): Promise<Account> {
    const row = this.mustExist(uid);
    if (disabled) this.guardLastAdmin(row, true);
    this.accounts.patch(uid, { disabled: disabled ? 1 : 0 });
    if (disabled) this.accounts.revokeTokens(uid, nowSeconds());
    return toAccount(this.accounts.byUid(uid)!);
  }

  async setPassword(uid: string, password: string): Promise<void> {
    this.mustExist(uid);
    checkAccountPassword(password);
    this.accounts.patch(uid, { password_hash: await hashPassword(password), password_updated_at: Date.now() });
    this.accounts.revokeTokens(uid, nowSeconds());
  }

  async setEmail(uid: string, email: string): Promise<Account> {
    const row = this.mustExist(uid);
    const wanted = email.trim().toLowerCase();
    if (!emailSchema.safeParse(wanted).success)
      throw new AccountError('invalid-email', 'Невірна адреса електронної пошти');
    if (wanted === row.email.toLowerCase()) return toAccount(row);
    if (this.accounts.byEmail(wanted))
      throw new AccountError('email-exists', 'Обліковий запис із такою адресою вже існує');
    this.accounts.patch(uid, { email: wanted, email_verified: 0 });
    return toAccount(this.accounts.byUid(uid)!);
  }

  async deleteAccount(uid: string): Promise<void> {
    const row = this.mustExist(uid);
    this.guardLastAdmin(row, true);
    this.accounts.delete(uid);
  }

  /** The account of an email given to account management (AccountError user-not-found if none). */
  private mustExistByEmail(email: string): AccountRow {
    const row = this.accounts.byEmail(email.trim());
    if (!row) throw new AccountError('user-not-found', 'Обліковий запис не знайдено');
    return row;
  }

  async passwordResetLink(email: string): Promise<string> {
    return this.resetLink(this.mustExistByEmail(email));
  }

  async sendPasswordReset(email: string, actor?: Actor): Promise<{ mailed: boolean }> {
    const row = this.mustExistByEmail(email);
    if (!this.opts.mailer) return { mailed: false };
    await this.opts.mailer.sendPasswordReset(row.email, this.resetLink(row), { uid: row.uid, actor });
    return { mailed: true };
  }

  async sendEmailVerification(uid: string, actor?: Actor): Promise<{ mailed: boolean }> {
    return { mailed: await this.actions.sendVerification(this.mustExist(uid), actor) };
  }

  async revokeSessions(uid: string, tokenIssuedAt?: number): Promise<void> {
    this.mustExist(uid);
    // valid_since has one-second resolution: a token issued in this very second must be refused too.
    this.accounts.revokeTokens(uid, Math.max(nowSeconds(), (tokenIssuedAt ?? 0) + 1));
  }

  async countAccounts(): Promise<number> {
    return this.accounts.count();
  }
}
