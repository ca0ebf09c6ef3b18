/**
 * FederatedAccounts of the embedded backend: accounts in `auth_users`, linked OIDC identities in
 * `auth_provider_links` (migration 0008), custom tokens signed with the identity key.
 */
import type Database from 'better-sqlite3';
import { newAccountRow, type AccountRow, type AccountStore } from '../accounts';
import type { CustomTokens } from '../customTokens';
import {
  checkUnlinkable,
  OIDC_PROVIDER_ID,
  UnlinkError,
  type FederatedAccounts,
  type SignInMethod,
  type SsoAccount,
} from './types';

interface LinkRow {
  provider_id: string;
  federated_id: string;
  uid: string;
  email: string | null;
}

export class EmbeddedFederatedAccounts implements FederatedAccounts {
  constructor(
    private readonly db: Database.Database,
    private readonly accounts: AccountStore,
    private readonly tokens: CustomTokens,
  ) {}

  private links(uid: string): LinkRow[] {
    return this.db
      .prepare('SELECT * FROM auth_provider_links WHERE uid = ? ORDER BY provider_id')
      .all(uid) as LinkRow[];
  }

  private toSso(row: AccountRow): SsoAccount {
    const link = this.links(row.uid).find((l) => l.provider_id === OIDC_PROVIDER_ID);
    return { uid: row.uid, email: row.email, disabled: !!row.disabled, linkedOidc: link?.federated_id ?? null };
  }

  findByOidc(federatedId: string): Promise<SsoAccount | null> {
    const link = this.db
      .prepare('SELECT uid FROM auth_provider_links WHERE provider_id = ? AND federated_id = ?')
      .get(OIDC_PROVIDER_ID, federatedId) as { uid: string } | undefined;
    const row = link && this.accounts.byUid(link.uid);
    return Promise.resolve(row ? this.toSso(row) : null);
  }

  findByEmail(email: string): Promise<SsoAccount | null> {
    const row = this.accounts.byEmail(email);
    return Promise.resolve(row ? this.toSso(row) : null);
  }

  createForSso(email: string, displayName: string | null): Promise<SsoAccount> {
    const row = newAccountRow({
      email: email.toLowerCase(),
      display_name: displayName?.trim().slice(0, 256) || null,
      email_verified: 1,
      password_hash: null,
      custom_claims: '{}',
    });
    this.accounts.insert(row);
    return Promise.resolve(this.toSso(row));
  }

  linkOidc(uid: string, federatedId: string, email: string): Promise<void> {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO auth_provider_links (provider_id, federated_id, uid, email, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(OIDC_PROVIDER_ID, federatedId, uid, email, Date.now());
    return Promise.resolve();
  }

  customToken(uid: string): Promise<string> {
    return this.tokens.mint(uid);
  }

  signInMethods(uid: string): Promise<SignInMethod[]> {
    const row = this.accounts.byUid(uid);
    if (!row) return Promise.reject(new UnlinkError('user-not-found', 'Обліковий запис не знайдено'));
    return Promise.resolve([
      ...(row.password_hash ? [{ providerId: 'password', email: row.email }] : []),
      ...this.links(uid).map((l) => ({ providerId: l.provider_id, email: l.email })),
    ]);
  }

  async unlink(uid: string, providerId: string): Promise<SignInMethod[]> {
    checkUnlinkable(await this.signInMethods(uid), providerId);
    if (providerId === 'password') {
      this.accounts.patch(uid, { password_hash: null, password_updated_at: Date.now() });
    } else {
      this.db.prepare('DELETE FROM auth_provider_links WHERE uid = ? AND provider_id = ?').run(uid, providerId);
    }
    return this.signInMethods(uid);
  }
}
