/**
 * Firebase mode: identity is Firebase Authentication; the server verifies ID tokens (with the
 * revocation check) and manages accounts through firebase-admin. With FIREBASE_AUTH_EMULATOR_HOST
 * set, firebase-admin talks to firebase-tools' Auth emulator instead (tests).
 */
import { getApps, initializeApp, applicationDefault, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';
import { AccountError, InvalidTokenError, type Account, type AccountPage, type AuthUser, type IdentityBackend, type Role } from './types';

function roleOf(claims: Record<string, unknown> | undefined): Role | null {
  const role = claims?.role;
  return role === 'admin' || role === 'editor' ? role : null;
}

function toAccount(user: UserRecord): Account {
  return {
    uid: user.uid,
    email: user.email ?? null,
    displayName: user.displayName ?? null,
    role: roleOf(user.customClaims),
    disabled: user.disabled,
    emailVerified: user.emailVerified,
    createdAt: user.metadata.creationTime ? new Date(user.metadata.creationTime).toISOString() : null,
    lastSignInAt: user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).toISOString() : null,
  };
}

function mapError(err: unknown): never {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'auth/email-already-exists') throw new AccountError('email-exists', 'Обліковий запис із такою адресою вже існує');
  if (code === 'auth/user-not-found') throw new AccountError('user-not-found', 'Обліковий запис не знайдено');
  if (code === 'auth/invalid-password') throw new AccountError('weak-password', 'Пароль має містити щонайменше 6 символів');
  if (code === 'auth/invalid-email') throw new AccountError('invalid-email', 'Невірна адреса електронної пошти');
  throw err;
}

export class FirebaseIdentity implements IdentityBackend {
  private readonly auth: Auth;

  constructor(opts: { projectId: string; resetUrl: string }) {
    const name = `uhmi-${opts.projectId}`;
    const existing = getApps().find((a) => a.name === name);
    const app: App =
      existing ??
      initializeApp(
        process.env.FIREBASE_AUTH_EMULATOR_HOST ? { projectId: opts.projectId } : { projectId: opts.projectId, credential: applicationDefault() },
        name,
      );
    this.auth = getAuth(app);
    this.resetUrl = opts.resetUrl;
  }

  private readonly resetUrl: string;

  async verifyIdToken(token: string, checkRevoked = true): Promise<AuthUser> {
    try {
      const decoded = await this.auth.verifyIdToken(token, checkRevoked);
      let role = roleOf(decoded as unknown as Record<string, unknown>);
      if (checkRevoked) role = roleOf((await this.auth.getUser(decoded.uid)).customClaims);
      return { uid: decoded.uid, email: decoded.email ?? null, role, authTime: decoded.auth_time };
    } catch (err) {
      throw new InvalidTokenError((err as { code?: string }).code ?? 'unverifiable');
    }
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
    let token: string | undefined;
    do {
      const page = await this.auth.listUsers(1000, token);
      for (const u of page.users) {
        if ([u.email, u.displayName, u.uid].some((v) => v?.toLowerCase().includes(search))) found.push(toAccount(u));
      }
      token = page.pageToken;
    } while (token && found.length < limit);
    return { accounts: found.slice(0, limit), nextPageToken: null };
  }

  async getAccount(uid: string): Promise<Account | null> {
    try {
      return toAccount(await this.auth.getUser(uid));
    } catch {
      return null;
    }
  }

  async createAccount(input: { email: string; password: string; displayName?: string; role: Role | null }): Promise<Account> {
    try {
      const user = await this.auth.createUser({ email: input.email, password: input.password, displayName: input.displayName || undefined });
      if (input.role) await this.auth.setCustomUserClaims(user.uid, { role: input.role });
      return toAccount(await this.auth.getUser(user.uid));
    } catch (err) {
      return mapError(err);
    }
  }

  private async guardLastAdmin(uid: string): Promise<void> {
    const user = await this.auth.getUser(uid).catch(mapError);
    if (roleOf(user.customClaims) !== 'admin' || user.disabled) return;
    let admins = 0;
    let token: string | undefined;
    do {
      const page = await this.auth.listUsers(1000, token);
      admins += page.users.filter((u) => roleOf(u.customClaims) === 'admin' && !u.disabled).length;
      token = page.pageToken;
    } while (token);
    if (admins <= 1) throw new AccountError('last-admin', 'Не можна позбавити доступу останнього адміністратора');
  }

  async setRole(uid: string, role: Role | null): Promise<Account> {
    if (role !== 'admin') await this.guardLastAdmin(uid);
    const user = await this.auth.getUser(uid).catch(mapError);
    const claims = { ...(user.customClaims ?? {}) };
    if (role) claims.role = role;
    else delete claims.role;
    await this.auth.setCustomUserClaims(uid, claims);
    return toAccount(await this.auth.getUser(uid));
  }

  async setDisabled(uid: string, disabled: boolean): Promise<Account> {
    if (disabled) await this.guardLastAdmin(uid);
    const user = await this.auth.updateUser(uid, { disabled }).catch(mapError);
    if (disabled) await this.auth.revokeRefreshTokens(uid);
    return toAccount(user);
  }

  async setPassword(uid: string, password: string): Promise<void> {
    await this.auth.updateUser(uid, { password }).catch(mapError);
    await this.auth.revokeRefreshTokens(uid);
  }

  async deleteAccount(uid: string): Promise<void> {
    await this.guardLastAdmin(uid);
    await this.auth.deleteUser(uid).catch(mapError);
  }

  async passwordResetLink(email: string): Promise<string> {
    return this.auth.generatePasswordResetLink(email, { url: this.resetUrl }).catch(mapError);
  }

  async countAccounts(): Promise<number> {
    const page = await this.auth.listUsers(1);
    return page.users.length;
  }
}
