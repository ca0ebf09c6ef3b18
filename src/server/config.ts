/**
 * Configuration from environment variables, validated with zod at start-up.
 *
 * `loadConfig(env)` returns a frozen Config or throws ConfigError whose message is one line naming
 * the variable, e.g. `PORT: expected an integer from 1 to 65535, got "abc"`. Nothing is created
 * (no DATA_DIR, no database) before the configuration is valid.
 */
import path from 'node:path';
import { z } from 'zod';
import en from 'zod/v4/locales/en.js';
import { MIN_PASSWORD_LENGTH } from '../shared/passwordRules';
import {
  authEmulatorOrigin,
  EMULATOR_HOST_VARIABLES,
  HOST_PORT,
  storageEmulatorOrigin,
} from './firebase/emulatorHosts';

/** zod's English messages for this parse: the UI's Ukrainian locale (shared/zodLocale.ts) is global. */
const englishMessages = en().localeError;
const PORT_RANGE = 'expected an integer from 1 to 65535';
const portSchema = z.coerce
  .number({ error: PORT_RANGE })
  .int({ error: PORT_RANGE })
  .min(1, { error: PORT_RANGE })
  .max(65535, { error: PORT_RANGE });
const optional = (schema: z.ZodType<string>) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
const bool = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(['true', 'false', '1', '0', 'yes', 'no']),
  )
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** smtp:// or smtps:// with a host (credentials and port optional). */
function isSmtpUrl(value: string): boolean {
  if (!/^smtps?:\/\//i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** An OIDC issuer: https, or http on a loopback host (a provider run by the tests or on this machine). */
function isOidcIssuer(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** `address` or `Display Name <address>`. */
function isMailbox(value: string): boolean {
  const match = /^(?:[^<>]*<([^<>]+)>|([^<>\s]+))$/.exec(value);
  const address = match?.[1] ?? match?.[2];
  return !!address && z.email().safeParse(address.trim()).success;
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: portSchema.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
    SUPPORT_EMAIL: z.email().default('support@uhmi.org.ua'),
    BACKEND: z.enum(['embedded', 'firebase']).default('embedded'),
    ADMIN_EMAIL: optional(z.email()),
    ADMIN_PASSWORD: optional(z.string().min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)),
    GA_MEASUREMENT_ID: optional(z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'must look like G-XXXXXXXXXX')),
    /** Base URL of the external folder that serves dataset archives (`{name}.zip` redirects). */
    ARCHIVE_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
    FIREBASE_API_KEY: optional(
      z
        .string()
        .min(10)
        .regex(/^[^:]+$/, 'must not contain a colon'),
    ),
    FIREBASE_PROJECT_ID: optional(z.string().regex(/^[a-z0-9-]{4,40}$/, 'must be a Firebase project id')),
    FIREBASE_AUTH_DOMAIN: optional(z.string().min(3)),
    FIREBASE_STORAGE_BUCKET: optional(z.string().min(3)),
    FIREBASE_APP_ID: optional(z.string().min(3)),
    FIREBASE_MESSAGING_SENDER_ID: optional(z.string().min(1)),
    /** Firebase mode: reCAPTCHA Enterprise site key for App Check in the admin (its hosts enter the CSP). */
    APP_CHECK_SITE_KEY: optional(
      z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be a reCAPTCHA Enterprise site key'),
    ),
    /** Local emulators (emulatorHosts.ts): firebase-admin reads them; the page's config hands Auth's and Storage's to the browser. */
    FIREBASE_AUTH_EMULATOR_HOST: optional(z.string().regex(HOST_PORT, 'expected host:port, e.g. 127.0.0.1:9099')),
    FIRESTORE_EMULATOR_HOST: optional(z.string().regex(HOST_PORT, 'expected host:port, e.g. 127.0.0.1:8080')),
    STORAGE_EMULATOR_HOST: optional(
      z
        .string()
        .regex(/^(?:https?:\/\/)?[^/\s]+:\d{1,5}\/?$/i, 'expected http://host:port, e.g. http://127.0.0.1:9199'),
    ),
    FIREBASE_STORAGE_EMULATOR_HOST: optional(z.string().regex(HOST_PORT, 'expected host:port, e.g. 127.0.0.1:9199')),
    /** Firebase mode: reCAPTCHA enforcement is on for Authentication in the console (its hosts enter the CSP). */
    AUTH_RECAPTCHA_ENFORCED: bool.default(false),
    /**
     * Trust X-Forwarded-* headers (set it only behind a reverse proxy that overwrites them): client
     * addresses for sign-in locks and rate limits, and https detection, come from them.
     */
    TRUST_PROXY: bool.default(false),
    /** Let visitors create accounts through accounts:signUp (off: only administrators create accounts). */
    AUTH_ALLOW_SIGNUP: bool.default(false),
    /** Answer a wrong password and an unknown email alike, as Firebase does by default today. */
    AUTH_EMAIL_ENUMERATION_PROTECTION: bool.default(true),
    /** Failed sign-ins per account before it is locked (per client address: four times as many). */
    AUTH_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
    AUTH_LOCK_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /** Password-reset requests (accounts:sendOobCode) per email address per hour (per client address: ten times as many). */
    AUTH_RESET_MAX_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(3),
    /** Sign-in by a link mailed to an existing account (needs SMTP_URL to reach anyone); off: OPERATION_NOT_ALLOWED. */
    AUTH_EMAIL_LINK: bool.default(true),
    /** Extra domains allowed for popup/redirect sign-in, comma-separated (localhost and PUBLIC_URL's host are always in). */
    AUTHORIZED_DOMAINS: z.string().default(''),
    /** OAuth providers shown as buttons in firebase mode, comma-separated: google, facebook, github, twitter. */
    AUTH_PROVIDERS: z
      .string()
      .default('')
      .refine(
        (v) => v.split(',').every((p) => !p.trim() || ['google', 'facebook', 'github', 'twitter'].includes(p.trim())),
        'must list google, facebook, github or twitter',
      ),
    /** Single sign-on through OpenID Connect (all three set together): the provider's issuer URL (https; http only on loopback). */
    OIDC_ISSUER: optional(
      z.url({ protocol: /^https?$/ }).refine(isOidcIssuer, 'must be https (http only for localhost)'),
    ),
    OIDC_CLIENT_ID: optional(z.string().min(1)),
    OIDC_CLIENT_SECRET: optional(z.string().min(8)),
    /** Email domains whose verified staff may sign in with SSO without an account (one is created, with no role). */
    OIDC_ALLOWED_DOMAINS: z
      .string()
      .default('')
      .refine(
        (v) => v.split(',').every((d) => !d.trim() || /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(d.trim())),
        'must be domain names separated by commas',
      ),
    /** The login page's SSO button. */
    OIDC_BUTTON_LABEL: z.string().trim().min(1).max(80).default('Увійти через обліковий запис установи'),
    /**
     * SMTP connection URL for the server's mail (password resets, book-order notifications):
     * smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465; unset: no mail
     * (the CLI's reset-link makes links).
     */
    SMTP_URL: optional(z.string().refine(isSmtpUrl, 'must be smtp://[user:pass@]host[:port] or smtps://…')),
    /** Sender of the server's mail: an address, or `Name <address>`. */
    MAIL_FROM: z
      .string()
      .trim()
      .refine(isMailbox, 'must be an email address or Name <address>')
      .default('УкрГМІ <no-reply@uhmi.org.ua>'),
    /** Where book-order notifications go, comma-separated addresses; default SUPPORT_EMAIL. */
    BOOK_ORDER_NOTIFY_EMAIL: optional(
      z
        .string()
        .refine(
          (v) => v.split(',').every((a) => z.email().safeParse(a.trim()).success),
          'must be email addresses separated by commas',
        ),
    ),
    /** Byte quota of the storage bucket; 0 means none (uploads beyond it get 402). */
    STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).default(0),
    /** Largest object accepted, in bytes (default 5 GiB). */
    STORAGE_MAX_OBJECT_BYTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(5 * 1024 ** 3),
    /** Resumable upload sessions idle for longer than this are removed. */
    UPLOAD_SESSION_TTL_HOURS: z.coerce
      .number()
      .min(0.01)
      .max(24 * 30)
      .default(24),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Seed the store with the institute's content on first start (empty store). */
    SEED: bool.default(true),
    /** Serve the built client from this folder (set by tests; defaults to dist/client beside the server). */
    CLIENT_DIST_DIR: optional(z.string().min(1)),
  })
  .superRefine((env, ctx) => {
    // Links in mail, canonical URLs and redirects are built from PUBLIC_URL, never from a request's Host.
    if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required when NODE_ENV=production (the public origin, e.g. https://uhmi.org.ua)',
      });
    }
    // firebase-admin trusts the Auth emulator's unsigned tokens: no emulator in production.
    for (const key of EMULATOR_HOST_VARIABLES)
      if (env.NODE_ENV === 'production' && env[key])
        ctx.addIssue({ code: 'custom', path: [key], message: 'must not be set when NODE_ENV=production' });
    const oidc = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
    if (oidc.some((k) => env[k]))
      for (const key of oidc)
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required with the other OIDC_* settings' });
    if (env.BACKEND === 'firebase') {
      for (const key of ['FIREBASE_API_KEY', 'FIREBASE_PROJECT_ID', 'FIREBASE_APP_ID'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when BACKEND=firebase' });
      }
    }
  });

export type Env = z.output<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /**
   * Public origin for canonical links, mail links and redirects, e.g. https://uhmi.org.ua (no trailing
   * slash). PUBLIC_URL; required in production, `http://localhost:{PORT}` otherwise. Never the request's Host.
   */
  publicUrl: string;
  supportEmail: string;
  backend: Env['BACKEND'];
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  gaMeasurementId: string | undefined;
  archiveBaseUrl: string | undefined;
  firebase: {
    apiKey: string;
    projectId: string;
    authDomain: string;
    storageBucket: string;
    appId: string;
    messagingSenderId: string;
    /** APP_CHECK_SITE_KEY (firebase mode). */
    appCheckSiteKey: string | undefined;
    /** AUTH_RECAPTCHA_ENFORCED: the pages must be able to load reCAPTCHA Enterprise. */
    recaptchaEnforced: boolean;
    /** `http://host:port` of the Auth and Storage emulators (*_EMULATOR_HOST; never in production), for the browser and the CSP. */
    emulators: { auth: string | undefined; storage: string | undefined };
  };
  logLevel: Env['LOG_LEVEL'];
  seed: boolean;
  trustProxy: boolean;
  auth: {
    allowSignUp: boolean;
    emailEnumerationProtection: boolean;
    maxFailures: number;
    lockMinutes: number;
    resetMaxPerHour: number;
    emailLinkSignIn: boolean;
    authorizedDomains: string[];
    providers: Array<'google' | 'facebook' | 'github' | 'twitter'>;
  };
  /** Single sign-on through OpenID Connect (OIDC_*); undefined when not configured. */
  oidc: OidcConfig | undefined;
  /** SMTP_URL: the server's mail (password resets, book-order notifications); undefined: no mail. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Staff addresses notified of each book order (BOOK_ORDER_NOTIFY_EMAIL, default SUPPORT_EMAIL). */
  bookOrderNotifyEmails: string[];
  storage: {
    quotaBytes: number;
    maxObjectBytes: number;
    uploadSessionTtlMs: number;
  };
  clientDistDir: string | undefined;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case domains; a verified email there may sign in without an account (created with no role). */
  allowedDomains: string[];
  buttonLabel: string;
}

/** Thrown for an invalid environment; the message is one line naming the variable. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Variables whose values are secrets: a config error never echoes them (only whether they are empty). */
const SECRET_VARIABLES: ReadonlySet<string> = new Set(['ADMIN_PASSWORD', 'OIDC_CLIENT_SECRET'] satisfies Array<
  keyof Env
>);
/** URL variables that may carry `user:password@`: echoed with the credentials replaced by `…`. */
const URL_VARIABLES: ReadonlySet<string> = new Set([
  'SMTP_URL',
  'PUBLIC_URL',
  'ARCHIVE_BASE_URL',
  'OIDC_ISSUER',
] satisfies Array<keyof Env>);

/**
 * `value` with a URL's credentials replaced by `…` (`smtp://…@host:587/`); unchanged when it holds
 * no `@` (it cannot carry credentials) or none are found; undefined when it holds an `@` but does not
 * parse as a URL (WHATWG), since then nothing of it can be shown safely.
 */
export function redactUrlCredentials(value: string): string | undefined {
  if (!value.includes('@')) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!url.username && !url.password) return value;
  url.username = '';
  url.password = '';
  return url.href.replace(/^([^:]+:\/\/)/, '$1…@');
}

/** What a config error may echo of `name`'s value: a secret never (`…`), a URL without credentials. */
function echoedValue(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return value;
  if (SECRET_VARIABLES.has(name)) return '…';
  if (URL_VARIABLES.has(name)) return redactUrlCredentials(value);
  return value;
}

/** Project id and key used by the embedded backend, where no Firebase project exists. */
export const EMBEDDED_PROJECT_ID = 'uhmi-embedded';
export const EMBEDDED_API_KEY = 'embedded-uhmi-web-api-key';

/** Validates the environment (process.env by default) and returns the configuration. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env, { error: englishMessages });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const raw = echoedValue(name, env[name]);
    const got = raw === undefined ? '' : `, got ${JSON.stringify(raw.length > 60 ? `${raw.slice(0, 60)}…` : raw)}`;
    throw new ConfigError(`Invalid configuration: ${name}: ${issue.message}${got}`);
  }
  const e = parsed.data;
  const projectId = e.FIREBASE_PROJECT_ID ?? EMBEDDED_PROJECT_ID;
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${e.PORT}`,
    supportEmail: e.SUPPORT_EMAIL,
    backend: e.BACKEND,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    gaMeasurementId: e.GA_MEASUREMENT_ID,
    archiveBaseUrl: e.ARCHIVE_BASE_URL?.replace(/\/+$/, ''),
    firebase: {
      apiKey: e.FIREBASE_API_KEY ?? EMBEDDED_API_KEY,
      projectId,
      authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      storageBucket: e.FIREBASE_STORAGE_BUCKET ?? `${projectId}.appspot.com`,
      appId: e.FIREBASE_APP_ID ?? `1:000000000000:web:${projectId}`,
      messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID ?? '000000000000',
      appCheckSiteKey: e.APP_CHECK_SITE_KEY,
      recaptchaEnforced: e.AUTH_RECAPTCHA_ENFORCED,
      emulators: { auth: authEmulatorOrigin(e), storage: storageEmulatorOrigin(e) },
    },
    logLevel: e.LOG_LEVEL,
    seed: e.SEED,
    trustProxy: e.TRUST_PROXY,
    auth: {
      allowSignUp: e.AUTH_ALLOW_SIGNUP,
      emailEnumerationProtection: e.AUTH_EMAIL_ENUMERATION_PROTECTION,
      maxFailures: e.AUTH_MAX_FAILURES,
      lockMinutes: e.AUTH_LOCK_MINUTES,
      resetMaxPerHour: e.AUTH_RESET_MAX_PER_HOUR,
      emailLinkSignIn: e.AUTH_EMAIL_LINK,
      authorizedDomains: [
        ...new Set(
          [
            'localhost',
            '127.0.0.1',
            e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : '',
            ...e.AUTHORIZED_DOMAINS.split(','),
          ]
            .map((d) => d.trim().toLowerCase())
            .filter(Boolean),
        ),
      ],
      providers: e.AUTH_PROVIDERS.split(',')
        .map((p) => p.trim())
        .filter(Boolean) as Config['auth']['providers'],
    },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            allowedDomains: e.OIDC_ALLOWED_DOMAINS.split(',')
              .map((d) => d.trim().toLowerCase())
              .filter(Boolean),
            buttonLabel: e.OIDC_BUTTON_LABEL,
          }
        : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    bookOrderNotifyEmails: (e.BOOK_ORDER_NOTIFY_EMAIL ?? e.SUPPORT_EMAIL)
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    storage: {
      quotaBytes: e.STORAGE_QUOTA_BYTES,
      maxObjectBytes: e.STORAGE_MAX_OBJECT_BYTES,
      uploadSessionTtlMs: e.UPLOAD_SESSION_TTL_HOURS * 3600 * 1000,
    },
    clientDistDir: e.CLIENT_DIST_DIR,
  });
}
