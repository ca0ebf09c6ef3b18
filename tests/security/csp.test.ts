/**
 * Issue 11, item 12b: the CSP allowed googletagmanager (and other Google hosts) although nothing
 * loads from them unless analytics is configured. Without GA_MEASUREMENT_ID (and with the embedded
 * backend) the policy names no Google host; with it, exactly the analytics hosts are added.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cspSources } from '../../src/server/http/csp';
import { loadConfig } from '../../src/server/config';
import { startTestServer, type TestServer } from '../integration/helpers';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.dispose();
});

async function cspOf(env: Record<string, string>): Promise<string> {
  const server = await startTestServer({ SEED: 'false', ...env });
  servers.push(server);
  const res = await server.app.inject({ method: 'GET', url: '/' });
  return String(res.headers['content-security-policy']);
}

describe('Content-Security-Policy', () => {
  it('names no Google host without GA_MEASUREMENT_ID (embedded backend)', async () => {
    const csp = await cspOf({});
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toMatch(/google|gstatic|firebaseapp/i);
  });

  it('allows the analytics hosts only when GA_MEASUREMENT_ID is set', async () => {
    const csp = await cspOf({ GA_MEASUREMENT_ID: 'G-TEST1234' });
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).not.toMatch(/apis\.google\.com|googleapis\.com/);
  });

  it('allows Google identity and storage only in firebase mode', () => {
    const firebase = loadConfig({
      NODE_ENV: 'test',
      BACKEND: 'firebase',
      FIREBASE_API_KEY: 'AIzaTestKey123',
      FIREBASE_PROJECT_ID: 'uhmi-test',
      FIREBASE_APP_ID: '1:1:web:1',
    });
    const sources = cspSources(firebase);
    expect(sources.connect).toContain('https://*.googleapis.com');
    expect(sources.frame).toEqual(['https://uhmi-test.firebaseapp.com']);
    expect(sources.script.join(' ')).not.toMatch(/googletagmanager/);
    expect(sources.script.join(' ')).not.toMatch(/recaptcha/);
  });

  it("admits exactly the Auth and Storage emulators' origins in firebase mode when they are set", () => {
    const firebase = {
      NODE_ENV: 'test',
      BACKEND: 'firebase',
      FIREBASE_API_KEY: 'AIzaTestKey123',
      FIREBASE_PROJECT_ID: 'uhmi-test',
      FIREBASE_APP_ID: '1:1:web:1',
    };
    const emulators = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', STORAGE_EMULATOR_HOST: 'http://127.0.0.1:9199' };
    const sources = cspSources(loadConfig({ ...firebase, ...emulators }));
    expect(sources.connect).toEqual(['https://*.googleapis.com', 'http://127.0.0.1:9099', 'http://127.0.0.1:9199']);
    expect(sources.frame).toEqual(['https://uhmi-test.firebaseapp.com', 'http://127.0.0.1:9099']);
    expect(sources.img).toEqual(['http://127.0.0.1:9199']);
    expect(cspSources(loadConfig(firebase)).connect).toEqual(['https://*.googleapis.com']);
    // The embedded backend serves Auth and Storage itself: no emulator enters its policy.
    expect(cspSources(loadConfig({ NODE_ENV: 'test', ...emulators }))).toEqual({
      script: [],
      connect: [],
      frame: [],
      img: [],
    });
  });

  it("admits reCAPTCHA Enterprise's script and frame hosts when enforcement or App Check is configured", () => {
    const base = {
      NODE_ENV: 'test',
      BACKEND: 'firebase',
      FIREBASE_API_KEY: 'AIzaTestKey123',
      FIREBASE_PROJECT_ID: 'uhmi-test',
      FIREBASE_APP_ID: '1:1:web:1',
    };
    for (const extra of [{ AUTH_RECAPTCHA_ENFORCED: 'true' }, { APP_CHECK_SITE_KEY: '6LeTestSiteKey_0123456789' }]) {
      const sources = cspSources(loadConfig({ ...base, ...extra }));
      expect(sources.script).toEqual(
        expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']),
      );
      expect(sources.frame).toEqual(
        expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']),
      );
    }
    // Not in the embedded backend, which has no reCAPTCHA.
    expect(cspSources(loadConfig({ NODE_ENV: 'test', AUTH_RECAPTCHA_ENFORCED: 'true' })).script).toEqual([]);
  });
});
