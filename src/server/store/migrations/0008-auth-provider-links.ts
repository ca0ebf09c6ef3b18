import type { SqliteMigration } from './index';

/**
 * Identities of other providers linked to embedded accounts (single sign-on through OpenID Connect):
 * one row per provider identity (`provider_id` 'oidc', `federated_id` = issuer + subject), so an
 * account is found by its provider identity and an administrator can unlink it.
 */
export const m0008AuthProviderLinks: SqliteMigration = {
  name: '0008-auth-provider-links',
  up: (db) => {
    db.exec(`
      CREATE TABLE auth_provider_links (
        provider_id TEXT NOT NULL,
        federated_id TEXT NOT NULL,
        uid TEXT NOT NULL REFERENCES auth_users (uid) ON DELETE CASCADE,
        email TEXT,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (provider_id, federated_id)
      );
      CREATE INDEX auth_provider_links_uid ON auth_provider_links (uid);
    `);
  },
  down: (db) => {
    db.exec('DROP TABLE auth_provider_links;');
  },
};
