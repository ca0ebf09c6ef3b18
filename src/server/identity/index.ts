/**
 * Builds the identity side of the server for the configured backend: in embedded mode the server's
 * own provider (accounts in SQLite, RS256 key in DATA_DIR, the compatible endpoints); in firebase
 * mode firebase-admin. Also creates the first administrator on first start.
 */
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { AccountStore } from './accounts';
import { EmbeddedIdentity } from './embedded';
import { FirebaseIdentity } from './firebase';
import { loadOrCreateSigningKey } from './keys';
import { SignInLimiter } from './limiter';
import { createMailer } from './mail';
import { identityRoutes } from './routes';
import { TokenSigner } from './tokens';
import type { IdentityBackend } from './types';

export interface Identity {
  backend: IdentityBackend;
  /** Registers the compatible endpoints (embedded mode only). */
  register(app: FastifyInstance): Promise<void>;
}

/** Where password-reset links lead: the login page, which completes the reset. */
export function resetUrlFor(config: Config): string {
  return `${config.publicUrl}/edit/admin/Login`;
}

export async function createIdentity(config: Config, db: Database.Database, log: { info(message: string): void }): Promise<Identity> {
  if (config.backend === 'firebase') {
    const backend = new FirebaseIdentity({
      projectId: config.firebase.projectId,
      apiKey: config.firebase.apiKey,
      resetUrl: resetUrlFor(config),
      // Without SMTP, Firebase mails its own password-reset message.
      mailer: config.smtpUrl ? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }) : undefined,
    });
    return { backend, register: async () => {} };
  }
  const key = await loadOrCreateSigningKey(config.dataDir);
  const accounts = new AccountStore(db);
  accounts.purgeExpiredRefreshTokens();
  const embedded = new EmbeddedIdentity({
    accounts,
    signer: new TokenSigner(key, config.firebase.projectId),
    limiter: new SignInLimiter({ maxFailures: config.auth.maxFailures, lockSeconds: config.auth.lockMinutes * 60 }),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    allowSignUp: config.auth.allowSignUp,
    emailEnumerationProtection: config.auth.emailEnumerationProtection,
    resetUrl: resetUrlFor(config),
  });
  return {
    backend: embedded,
    register: async (app) => {
      await app.register(identityRoutes, { identity: embedded, apiKey: config.firebase.apiKey, authorizedDomains: config.auth.authorizedDomains, key });
    },
  };
}

export const DEFAULT_ADMIN_EMAIL = 'admin@uhmi.org.ua';

/**
 * First start with no accounts: creates an administrator from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password printed once. Returns the email created, or null when accounts exist.
 */
export async function ensureFirstAdmin(backend: IdentityBackend, config: Config, log: { info(message: string): void }): Promise<string | null> {
  if ((await backend.countAccounts()) > 0) return null;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await backend.createAccount({ email, password, displayName: 'Адміністратор', role: 'admin' });
  if (generated) {
    // Printed once, on purpose outside the structured log, so it is visible on the console.
    console.log(`\nCreated the first administrator ${email} with the password: ${password}\nSign in at /edit/admin/Login and change it; it is not shown again.\n`);
  } else {
    log.info(`Created the first administrator ${email} (password from ADMIN_PASSWORD).`);
  }
  return email;
}
