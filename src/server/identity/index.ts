/**
 * Builds the identity side of the server for the configured backend: in embedded mode the server's
 * own provider (accounts in SQLite, RS256 key in DATA_DIR, the compatible endpoints); in firebase
 * mode firebase-admin. Also creates the first administrator on first start.
 */
import type Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { PRIVATE_FILE_MODE } from '../dataDir';
import { AccountStore } from './accounts';
import { customTokenSignIn } from './customTokenSignIn';
import { CustomTokens, embeddedServiceAccount } from './customTokens';
import { EmbeddedFederatedAccounts } from './federation/embedded';
import type { FederatedAccounts } from './federation/types';
import { oidcRoutes } from './oidc/routes';
import { EmbeddedIdentity } from './embedded';
import { emailLinkRoute } from './emailLinkRoute';
import { loadOrCreateSigningKey } from './keys';
import { ResetRequestLimiter, SignInLimiter } from './limiter';
import type { MailOutbox } from '../mail/outbox';
import { firestoreRateLimiter } from '../rateLimit';
import { passwordResetMailer } from './mail';
import { identityRoutes } from './routes';
import { TokenSigner } from './tokens';
import { AccountError, type IdentityBackend } from './types';

export interface Identity {
  backend: IdentityBackend;
  /** Sign-in methods and single sign-on's account operations (federation/types.ts). */
  federation: FederatedAccounts;
  /** Registers the compatible endpoints (embedded mode) and the single sign-on routes (when configured). */
  register(app: FastifyInstance): Promise<void>;
}

/** Where password-reset and other email-action links lead: the login page, which completes them. */
export function resetUrlFor(config: Config): string {
  return `${config.publicUrl}/edit/admin/Login`;
}

/** How the login page asks for a sign-in link (PublicConfig.emailLink). */
export function emailLinkMode(config: Config): 'sdk' | 'server' | null {
  if (!config.auth.emailLinkSignIn) return null;
  if (config.backend === 'firebase') return config.smtpUrl ? 'server' : 'sdk';
  return config.smtpUrl ? 'sdk' : null;
}

/** Where the identity side reports operational events (never secrets such as reset links or passwords). */
export interface IdentityLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * The identity side for `config.backend`. `outbox` sends password-reset mail (recorded in the audit
 * log); without it, or without SMTP, no reset mail is sent (the CLI passes none: it only makes links).
 */
export async function createIdentity(
  config: Config,
  db: Database.Database,
  log: IdentityLog,
  outbox?: MailOutbox,
): Promise<Identity> {
  const mailer = passwordResetMailer(outbox);
  if (config.backend === 'firebase') {
    // Loaded only in firebase mode: firebase-admin costs the embedded server memory for nothing.
    const { FirebaseIdentity } = await import('./firebase');
    const { StaffAccessMirror } = await import('./staffAccess');
    const { firebaseAdminApp, firebaseFirestore } = await import('../firebase/adminApp');
    const { getAuth } = await import('firebase-admin/auth');
    const staffAccess = new StaffAccessMirror(firebaseFirestore(config.firebase.projectId));
    const backend = new FirebaseIdentity({
      staffAccess,
      projectId: config.firebase.projectId,
      apiKey: config.firebase.apiKey,
      resetUrl: resetUrlFor(config),
      // Without SMTP, Firebase mails its own password-reset message.
      mailer,
    });
    const { FirebaseFederatedAccounts } = await import('./federation/firebase');
    const federation = new FirebaseFederatedAccounts(config.firebase.projectId);
    return {
      backend,
      federation,
      register: async (app) => {
        // storage.rules read these documents: bring them in line with the accounts at start-up.
        const synced = await staffAccess.syncAll(getAuth(firebaseAdminApp(config.firebase.projectId)));
        log.info(`Wrote the storage access documents of ${synced} accounts.`);
        await registerSso(app, config, federation);
        // With SMTP, sign-in links are made by firebase-admin and mailed by us (emailLinkRoute.ts).
        if (!mailer || !config.auth.emailLinkSignIn) return;
        await app.register(emailLinkRoute, {
          identity: backend,
          mailer,
          // Counted in Firestore: every instance answers this route against one limit.
          limiter: new ResetRequestLimiter(
            { maxPerEmail: config.auth.resetMaxPerHour },
            firestoreRateLimiter(firebaseFirestore(config.firebase.projectId)),
          ),
          authorizedDomains: config.auth.authorizedDomains,
          log,
        });
      },
    };
  }
  const key = await loadOrCreateSigningKey(config.dataDir);
  const accounts = new AccountStore(db);
  accounts.purgeExpiredRefreshTokens();
  accounts.purgeExpiredOobCodes();
  const embedded = new EmbeddedIdentity({
    accounts,
    signer: new TokenSigner(key, config.firebase.projectId),
    limiter: new SignInLimiter({ maxFailures: config.auth.maxFailures, lockSeconds: config.auth.lockMinutes * 60 }),
    resetLimiter: new ResetRequestLimiter({ maxPerEmail: config.auth.resetMaxPerHour }),
    emailActionLimiter: new ResetRequestLimiter({ maxPerEmail: config.auth.resetMaxPerHour }),
    apiKey: config.firebase.apiKey,
    emailLinkSignIn: config.auth.emailLinkSignIn,
    mailer,
    authorizedDomains: config.auth.authorizedDomains,
    log,
    allowSignUp: config.auth.allowSignUp,
    emailEnumerationProtection: config.auth.emailEnumerationProtection,
    resetUrl: resetUrlFor(config),
  });
  const customTokens = new CustomTokens(key, embeddedServiceAccount(config.firebase.projectId));
  const federation = new EmbeddedFederatedAccounts(db, accounts, customTokens);
  return {
    backend: embedded,
    federation,
    register: async (app) => {
      await app.register(identityRoutes, {
        identity: embedded,
        apiKey: config.firebase.apiKey,
        authorizedDomains: config.auth.authorizedDomains,
        key,
        signInWithCustomToken: customTokenSignIn({ tokens: customTokens, accounts, identity: embedded }),
      });
      await registerSso(app, config, federation);
    },
  };
}

/** The single sign-on routes, when OIDC_* is configured (oidc/routes.ts). */
async function registerSso(app: FastifyInstance, config: Config, federation: FederatedAccounts): Promise<void> {
  if (!config.oidc) return;
  await app.register(oidcRoutes, {
    config: config.oidc,
    publicUrl: config.publicUrl,
    accounts: federation,
    secure: config.publicUrl.startsWith('https:'),
  });
}

export const DEFAULT_ADMIN_EMAIL = 'admin@uhmi.org.ua';

/** Where a generated first-administrator password is written (mode 0600), inside DATA_DIR. */
export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

/** The warning of a start with ADMIN_EMAIL/ADMIN_PASSWORD set when accounts already exist. */
const UNUSED_ADMIN_VARIABLES =
  'ADMIN_EMAIL/ADMIN_PASSWORD were not used: accounts already exist, and they only create the first administrator. ' +
  'To add or reset an account use "npm run user -- create|reset-password <email>" (the build: "npm run user:built -- …").';

/**
 * First start with no accounts: creates an administrator from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password written to `DATA_DIR/first-admin-password.txt` (mode 0600; only its path and the
 * email are printed, never the password). Returns the email created, or null when accounts exist
 * (then, if ADMIN_EMAIL or ADMIN_PASSWORD is set, warns in one line that they were not used).
 */
export async function ensureFirstAdmin(
  backend: IdentityBackend,
  config: Config,
  log: { info(message: string): void; warn(message: string): void },
): Promise<string | null> {
  if ((await backend.countAccounts()) > 0) {
    if (config.adminEmail || config.adminPassword) log.warn(UNUSED_ADMIN_VARIABLES);
    return null;
  }
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generated = !config.adminPassword;
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  let file = '';
  if (generated) {
    // Written before the account exists: a failure here leaves no account whose password nobody knows.
    file = path.join(config.dataDir, FIRST_ADMIN_PASSWORD_FILE);
    // A stale file is replaced, not rewritten in place (it could have a wider mode).
    rmSync(file, { force: true });
    writeFileSync(file, `${password}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  }
  try {
    await backend.createAccount({ email, password, displayName: 'Адміністратор', role: 'admin' });
  } catch (err) {
    // Firebase mode: another instance starting at the same time created it first.
    if (!(err instanceof AccountError && err.code === 'email-exists')) throw err;
    if (generated) rmSync(file, { force: true });
    log.info(`The first administrator ${email} was created by another instance.`);
    return null;
  }
  if (generated) {
    // On the console, outside the structured log; the password itself is only in the file.
    console.log(
      `\nCreated the first administrator ${email}; its generated password is in ${file} (readable by this user only).\nSign in at /edit/admin/Login, change the password, then delete that file.\n`,
    );
  } else {
    log.info(`Created the first administrator ${email} (password from ADMIN_PASSWORD).`);
  }
  return email;
}
