import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
// The UI's Ukrainian zod locale is global once loaded; the operator's lines stay English regardless.
import '../../src/shared/zodLocale';

describe('configuration from the environment', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.backend).toBe('embedded');
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.seed).toBe(true);
  });

  it('stops with one line naming a bad PORT', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toMatch(/^Invalid configuration: PORT: /);
      expect(message).toContain('"abc"');
      expect(message.split('\n')).toHaveLength(1);
    }
  });

  it.each([
    ['abc', 'Invalid configuration: PORT: expected an integer from 1 to 65535, got "abc"'],
    ['99999', 'Invalid configuration: PORT: expected an integer from 1 to 65535, got "99999"'],
    ['80.5', 'Invalid configuration: PORT: expected an integer from 1 to 65535, got "80.5"'],
  ])('names a bad PORT=%s in English', (value, line) => {
    expect(() => loadConfig({ PORT: value })).toThrow(new ConfigError(line));
  });

  it('speaks English for zod checks without their own message, even with the Ukrainian locale loaded', () => {
    expect(() => loadConfig({ AUTH_MAX_FAILURES: '1000' })).toThrow(
      /^Invalid configuration: AUTH_MAX_FAILURES: Too big: expected number to be <=100, got "1000"$/,
    );
  });

  it.each([
    ['BACKEND', 'mongo'],
    ['PUBLIC_URL', 'not a url'],
    ['SUPPORT_EMAIL', 'nobody'],
    ['GA_MEASUREMENT_ID', 'UA-123'],
    ['ADMIN_PASSWORD', 'short'],
    ['FIREBASE_API_KEY', 'has:colon:inside'],
  ])('names %s when its value %j is invalid', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });

  it('validates the single sign-on settings together, and never echoes the client secret', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const sso = {
      OIDC_ISSUER: 'https://login.example.org/realms/uhmi',
      OIDC_CLIENT_ID: 'uhmi-site',
      OIDC_CLIENT_SECRET: 'client-secret-1',
    };
    expect(loadConfig({ ...sso, OIDC_ALLOWED_DOMAINS: 'uhmi.org.ua, Meteo.Gov.UA' }).oidc).toEqual({
      issuer: sso.OIDC_ISSUER,
      clientId: 'uhmi-site',
      clientSecret: 'client-secret-1',
      allowedDomains: ['uhmi.org.ua', 'meteo.gov.ua'],
      buttonLabel: 'Увійти через обліковий запис установи',
    });
    expect(() => loadConfig({ ...sso, OIDC_CLIENT_SECRET: '' })).toThrow(
      /^Invalid configuration: OIDC_CLIENT_SECRET: is required with the other OIDC_\* settings, got ""$/,
    );
    expect(() => loadConfig({ ...sso, OIDC_ISSUER: 'http://login.example.org' })).toThrow(/OIDC_ISSUER: must be https/);
    expect(loadConfig({ ...sso, OIDC_ISSUER: 'http://127.0.0.1:9000' }).oidc?.issuer).toBe('http://127.0.0.1:9000');
    expect(() => loadConfig({ ...sso, OIDC_ALLOWED_DOMAINS: 'not a domain' })).toThrow(/OIDC_ALLOWED_DOMAINS/);
    expect(() => loadConfig({ ...sso, OIDC_CLIENT_SECRET: 'short' })).toThrow(/OIDC_CLIENT_SECRET: .*got "…"$/);
  });

  it('requires the Firebase project settings in firebase mode', () => {
    expect(() => loadConfig({ BACKEND: 'firebase' })).toThrow(/FIREBASE_API_KEY: is required when BACKEND=firebase/);
  });

  it('refuses to start in production without PUBLIC_URL, and never takes the origin from a request', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /^Invalid configuration: PUBLIC_URL: is required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://uhmi.org.ua' }).publicUrl).toBe(
      'https://uhmi.org.ua',
    );
    expect(loadConfig({ PORT: '3456' }).publicUrl).toBe('http://localhost:3456');
  });

  it('takes the emulators for local work as origins, and refuses any of them in production', () => {
    const local = loadConfig({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_STORAGE_EMULATOR_HOST: 'localhost:9199',
    });
    expect(local.firebase.emulators).toEqual({ auth: 'http://127.0.0.1:9099', storage: 'http://localhost:9199' });
    expect(loadConfig({ STORAGE_EMULATOR_HOST: 'http://127.0.0.1:9199/' }).firebase.emulators.storage).toBe(
      'http://127.0.0.1:9199',
    );
    expect(loadConfig({}).firebase.emulators).toEqual({ auth: undefined, storage: undefined });
    expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: 'http://127.0.0.1:9099' })).toThrow(
      /^Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST: expected host:port, e\.g\. 127\.0\.0\.1:9099, got "http:/,
    );
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://uhmi.org.ua' };
    for (const key of ['FIREBASE_AUTH_EMULATOR_HOST', 'FIRESTORE_EMULATOR_HOST', 'FIREBASE_STORAGE_EMULATOR_HOST'])
      expect(() => loadConfig({ ...production, [key]: '127.0.0.1:9099' })).toThrow(
        `Invalid configuration: ${key}: must not be set when NODE_ENV=production, got "127.0.0.1:9099"`,
      );
    expect(() => loadConfig({ ...production, STORAGE_EMULATOR_HOST: 'http://127.0.0.1:9199' })).toThrow(
      /^Invalid configuration: STORAGE_EMULATOR_HOST: must not be set when NODE_ENV=production/,
    );
  });

  it('validates the mail settings and never echoes SMTP credentials', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example.org:465',
      SUPPORT_EMAIL: 'help@uhmi.org.ua',
    });
    expect(config.smtpUrl).toBe('smtps://mailer:secret@smtp.example.org:465');
    expect(config.mailFrom).toBe('УкрГМІ <no-reply@uhmi.org.ua>');
    expect(config.bookOrderNotifyEmails).toEqual(['help@uhmi.org.ua']);
    expect(loadConfig({ BOOK_ORDER_NOTIFY_EMAIL: 'a@uhmi.org.ua, b@uhmi.org.ua' }).bookOrderNotifyEmails).toEqual([
      'a@uhmi.org.ua',
      'b@uhmi.org.ua',
    ]);
    expect(loadConfig({ MAIL_FROM: 'sender@uhmi.org.ua' }).mailFrom).toBe('sender@uhmi.org.ua');
    expect(() => loadConfig({ SMTP_URL: 'http://mailer:secret@smtp.example.org' })).toThrow(
      /^Invalid configuration: SMTP_URL: .*got "http:\/\/…@smtp\.example\.org\/"$/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mailer:secret@smtp.example.org' })).not.toThrow(/secret/);
    expect(() => loadConfig({ MAIL_FROM: 'УкрГМІ <not an address>' })).toThrow(/^Invalid configuration: MAIL_FROM: /);
    expect(() => loadConfig({ BOOK_ORDER_NOTIFY_EMAIL: 'orders@uhmi.org.ua, nobody' })).toThrow(
      /^Invalid configuration: BOOK_ORDER_NOTIFY_EMAIL: /,
    );
  });

  it('never echoes a secret or URL credentials in a configuration error, even when they do not parse', () => {
    const message = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as Error).message;
      }
      throw new Error('expected a configuration error');
    };
    expect(message({ ADMIN_PASSWORD: 'short' })).toBe(
      'Invalid configuration: ADMIN_PASSWORD: must be at least 8 characters, got "…"',
    );
    // A "/" in the password: the authority ends there, so this is no URL; nothing of it is shown.
    const slash = message({ SMTP_URL: 'smtp://u:pa/ss@smtp.example.org' });
    expect(slash).toMatch(
      /^Invalid configuration: SMTP_URL: must be smtp:\/\/\[user:pass@\]host\[:port\] or smtps:\/\/…$/,
    );
    expect(message({ SMTP_URL: 'ftp://mailer:p@ss@smtp.example.org' })).toBe(
      'Invalid configuration: SMTP_URL: must be smtp://[user:pass@]host[:port] or smtps://…, got "ftp://…@smtp.example.org/"',
    );
    expect(message({ PUBLIC_URL: 'ftp://editor:secret-1@uhmi.org.ua' })).not.toMatch(/editor|secret/);
    expect(message({ PUBLIC_URL: 'uhmi.org.ua' })).toMatch(/got "uhmi\.org\.ua"$/);
  });

  it('treats empty optional variables as unset and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://uhmi.org.ua/', GA_MEASUREMENT_ID: '' });
    expect(config.publicUrl).toBe('https://uhmi.org.ua');
    expect(config.gaMeasurementId).toBeUndefined();
  });
});
