/**
 * Firebase mode: identity is Firebase Authentication; the server verifies ID tokens (with the
 * revocation check) and manages accounts through firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST
 * set, firebase-admin talks to firebase-tools' Auth emulator instead (tests, local development).
 *
 * Credentials: outside the emulator firebase-admin uses Application Default Credentials
 * (GOOGLE_APPLICATION_CREDENTIALS pointing at a service-account key file, or the runtime's service
 * account on Google Cloud).
 */
import { getAuth, type Auth, type DecodedIdToken, type UserRecord } from 'firebase-admin/auth';
import { firebaseAdminApp } from '../firebase/adminApp';
import { WEAK_PASSWORD_MESSAGE } from '../../shared/passwordRules';
import { emailActionLink } from './emailLink';
import { userPages } from './firebaseUsers';
import type { Mailer } from './mail';
import { checkAccountPassword } from './passwords';
import type { StaffAccessMirror } from './staffAccess';
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

function toAccount(user: UserRecord): Account {
  return {
    uid: user.uid,
    email: user.email ?? null,
    displayName: user.displayName ?? null,
    role: roleOfClaims(user.customClaims),
    disabled: user.disabled,
    emailVerified: user.emailVerified,
    createdAt: user.metadata.creationTime ? new Date(user.metadata.creationTime).toISOString() : null,
    lastSignInAt: user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).toISOString() : null,
  };
}

const codeOf = (err: unknown): string => (err as { code?: string } | null)?.code ?? '';

function mapError(err: unknown): never {
  const code = codeOf(err);
  if (code === 'auth/email-already-exists')
    throw new AccountError('email-exists', 'Обліковий запис із такою адресою вже існує');
  if (code === 'auth/user-not-found') throw new AccountError('user-not-found', 'Обліковий запис не знайдено');
  if (code === 'auth/invalid-password') throw new AccountError('weak-password', WEAK_PASSWORD_MESSAGE);
  if (code === 'auth/invalid-email') throw new AccountError('invalid-email', 'Невірна адреса електронної пошти');
  throw err;
}

export interface FirebaseIdentityOptions {
  projectId: string;
  /** The web API key; Firebase's own password-reset mail is requested with it when no SMTP is configured. */
  apiKey: string;
  /** Where password-reset links continue to (the login page); email-action links lead there too. */
  resetUrl: string;
  /** Mail through SMTP (as in embedded mode); when absent, Firebase sends its own password-reset email. */
  mailer?: Mailer;
  /** The `_staffAccess` documents storage.rules read (staffAccess.ts); absent: none written. */
  staffAccess?: StaffAccessMirror;
}

export class FirebaseIdentity implements IdentityBackend {
  private readonly auth: Auth;

  constructor(private readonly opts: FirebaseIdentityOptions) {
    // The app the Firestore store of this project uses too (firebase/adminApp.ts).
    this.auth = getAuth(firebaseAdminApp(opts.projectId));
  }

  /**
   * Verifies the signature, audience, issuer and expiry with firebase-admin; with checkRevoked also
   * that the user exists, is enabled and signed in after the last revocation (firebase-admin's own
   * revocation rule: auth_time against tokensValidAfterTime), reading the user record once. The role
   * in force is then the stored custom claim, so a demotion takes effect at once, as in embedded mode.
   */
  async verifyIdToken(token: string, checkRevoked = true): Promise<AuthUser> {
    let decoded: DecodedIdToken;
    try {
      decoded = await this.auth.verifyIdToken(token, false);
    } catch (err) {
      throw new InvalidTokenError(codeOf(err) || 'unverifiable');
    }
    if (!checkRevoked) {
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        role: roleOfClaims(decoded),
        authTime: decoded.auth_time,
      };
    }
    let user: UserRecord;
    try {
      user = await this.auth.getUser(decoded.uid);
    } catch (err) {
      throw new InvalidTokenError(
        codeOf(err) === 'auth/user-not-found' ? 'user not found' : codeOf(err) || 'user unreadable',
      );
    }
    if (user.disabled) throw new InvalidTokenError(DISABLED_REASON);
    if (user.tokensValidAfterTime && decoded.auth_time * 1000 < new Date(user.tokensValidAfterTime).getTime())
      throw new InvalidTokenError('revoked');
    return {
      uid: user.uid,
      email: user.email ?? null,
      role: roleOfClaims(user.customClaims),
      authTime: decoded.auth_time,
    };
  }

  async listAccounts(opts: { search?: string; pageToken?: string; limit?: number }): Promise<AccountPage> {
    const limit = Math.min(Math.max(opts.limit ?? 50, 1), 500);
    const search = opts.search?.trim().toLowerCase();
    if (!search) {
      const page = await this.auth.listUsers(limit, opts.pageToken || undefined);
      return { accounts: page.users.map(toAccount), nextPageToken: page.pageToken ?? null };
    }
    // firebase-admin has no search: scan the (small) staff list.
    const found: Account[] = [];
    for await (const users of userPages(this.auth)) {
      for (const u of users) {
        if ([u.email, u.displayName, u.uid].some((v) => v?.toLowerCase().includes(search))) found.push(toAccount(u));
      }
      if (found.length >= limit) break;
    }
    return { accounts: found.slice(0, limit), nextPageToken: null };
  }

  async getAccount(uid: string): Promise<Account | null> {
    try {
      return toAccount(await this.auth.getUser(uid));
    } catch (err) {
      // Only "no such user" is an answer; an outage or a credential problem must not look like one.
      if (codeOf(err) === 'auth/user-not-found' || codeOf(err) === 'auth/invalid-uid') return null;
      throw err;
    }
  }

  async createAccount(input: {
    email: string;
    password: string;
    displayName?: string;
    role: Role | null;
  }): Promise<Account> {
    checkAccountPassword(input.password);
    const user = await this.auth
      .createUser({ email: input.email, password: input.password, displayName: input.displayName || undefined })
      .catch(mapError);
    if (input.role) {
      try {
        await this.opts.staffAccess?.write(user.uid, input.role, false);
        await this.auth.setCustomUserClaims(user.uid, { role: input.role });
      } catch (err) {
        // Do not leave an account without the role it was created for.
        await this.auth.deleteUser(user.uid).catch(() => {});
        throw err;
      }
    }
    return toAccount(await this.auth.getUser(user.uid));
  }

  private async guardLastAdmin(uid: string): Promise<void> {
    const user = await this.auth.getUser(uid).catch(mapError);
    if (roleOfClaims(user.customClaims) !== 'admin' || user.disabled) return;
    let admins = 0;
    for await (const users of userPages(this.auth))
      admins += users.filter((u) => roleOfClaims(u.customClaims) === 'admin' && !u.disabled).length;
    if (admins <= 1) throw new AccountError('last-admin', 'Не можна позбавити доступу останнього адміністратора');
  }

  async setRole(uid: string, role: Role | null): Promise<Account> {
    if (role !== 'admin') await this.guardLastAdmin(uid);
    const user = await this.auth.getUser(uid).catch(mapError);
    const claims = { ...(user.customClaims ?? {}) };
    if (role) claims.role = role;
    else delete claims.role;
    await this.opts.staffAccess?.write(uid, role, user.disabled);
    await this.auth.setCustomUserClaims(uid, claims);
    return toAccount(await this.auth.getUser(uid));
  }

  async setDisabled(uid: string, disabled: boolean): Promise<Account> {
    if (disabled) await this.guardLastAdmin(uid);
    const user = await this.auth.updateUser(uid, { disabled }).catch(mapError);
    await this.opts.staffAccess?.write(uid, roleOfClaims(user.customClaims), disabled);
    if (disabled) await this.auth.revokeRefreshTokens(uid);
    return toAccount(user);
  }

  async setEmail(uid: string, email: string): Promise<Account> {
    const current = await this.auth.getUser(uid).catch(mapError);
    if (current.email?.toLowerCase() === email.trim().toLowerCase()) return toAccount(current);
    return toAccount(await this.auth.updateUser(uid, { email: email.trim(), emailVerified: false }).catch(mapError));
  }

  async setPassword(uid: string, password: string): Promise<void> {
    checkAccountPassword(password);
    await this.auth.updateUser(uid, { password }).catch(mapError);
    await this.auth.revokeRefreshTokens(uid);
  }

  async deleteAccount(uid: string): Promise<void> {
    await this.guardLastAdmin(uid);
    await this.auth.deleteUser(uid).catch(mapError);
    await this.opts.staffAccess?.remove(uid);
  }

  /** The account's stored email (AccountError user-not-found if none) and, made on demand, its reset link. */
  private async resetLinkFor(email: string): Promise<{ uid: string; email: string; link: () => Promise<string> }> {
    const user = await this.auth.getUserByEmail(email).catch(mapError);
    const stored = user.email ?? email;
    return {
      uid: user.uid,
      email: stored,
      link: () => this.auth.generatePasswordResetLink(stored, { url: this.opts.resetUrl }).catch(mapError),
    };
  }

  /** A reset link made by firebase-admin (Firebase's action handler, continuing to the login page); nothing is mailed. */
  async passwordResetLink(email: string): Promise<string> {
    return (await this.resetLinkFor(email)).link();
  }

  /**
   * Sends a password reset to the account's email. With SMTP configured the link is generated with
   * firebase-admin and mailed as in embedded mode; otherwise Firebase Authentication mails its own
   * templated message (as for the login page's "forgot password"). Either way a mail goes out.
   */
  async sendPasswordReset(email: string, actor?: Actor): Promise<{ mailed: boolean }> {
    const account = await this.resetLinkFor(email);
    if (this.opts.mailer) {
      await this.opts.mailer.sendPasswordReset(account.email, await account.link(), { uid: account.uid, actor });
    } else {
      await this.requestFirebaseResetEmail(account.email);
    }
    return { mailed: true };
  }

  /**
   * The oobCode of a link firebase-admin made (Firebase's action handler URL), carried instead by a
   * link to our login page on PUBLIC_URL (emailLink.ts), which completes the action with the SDK.
   */
  private ownLink(firebaseLink: string, mode: 'signIn' | 'verifyEmail', continueUrl?: string): string {
    const oobCode = new URL(firebaseLink).searchParams.get('oobCode') ?? '';
    return emailActionLink(this.opts.resetUrl, { apiKey: this.opts.apiKey, mode, oobCode, continueUrl });
  }

  /**
   * A sign-in link (firebase-admin's generateSignInWithEmailLink) for an existing, enabled account,
   * or null for any other email (nothing is made then: only staff sign in by link).
   */
  async signInLink(email: string, continueUrl: string): Promise<{ uid: string; email: string; link: string } | null> {
    let user: UserRecord;
    try {
      user = await this.auth.getUserByEmail(email);
    } catch (err) {
      if (codeOf(err) === 'auth/user-not-found') return null;
      throw err;
    }
    if (user.disabled || !user.email) return null;
    const made = await this.auth.generateSignInWithEmailLink(user.email, { url: continueUrl, handleCodeInApp: true });
    return { uid: user.uid, email: user.email, link: this.ownLink(made, 'signIn', continueUrl) };
  }

  /** Mails a verification link made by firebase-admin through SMTP; `mailed` false without SMTP. */
  async sendEmailVerification(uid: string, actor?: Actor): Promise<{ mailed: boolean }> {
    const user = await this.auth.getUser(uid).catch(mapError);
    if (!this.opts.mailer || !user.email) return { mailed: false };
    const made = await this.auth.generateEmailVerificationLink(user.email, { url: this.opts.resetUrl });
    await this.opts.mailer.sendEmailAction('verifyEmail', user.email, this.ownLink(made, 'verifyEmail'), {
      uid,
      actor,
    });
    return { mailed: true };
  }

  /** firebase-admin's revokeRefreshTokens: refresh tokens stop working, earlier sign-ins fail the revocation check (one-second resolution). */
  async revokeSessions(uid: string): Promise<void> {
    await this.auth.revokeRefreshTokens(uid).catch(mapError);
  }

  /** accounts:sendOobCode with the web API key: the REST call behind the SDK's sendPasswordResetEmail. */
  private async requestFirebaseResetEmail(email: string): Promise<void> {
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const base = emulator
      ? `http://${emulator}/identitytoolkit.googleapis.com`
      : 'https://identitytoolkit.googleapis.com';
    const res = await fetch(`${base}/v1/accounts:sendOobCode?key=${encodeURIComponent(this.opts.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'PASSWORD_RESET', email, continueUrl: this.opts.resetUrl }),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new Error(
        `Firebase Authentication refused to send the password-reset email (${res.status}): ${body?.error?.message ?? 'no details'}`,
      );
    }
  }

  /** 0 or 1: only whether any account exists is asked (first start), and one page of one user answers it. */
  async countAccounts(): Promise<number> {
    const page = await this.auth.listUsers(1);
    return page.users.length;
  }
}
