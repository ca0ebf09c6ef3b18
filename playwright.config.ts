/**
 * End-to-end tests in Debian's Chromium (Playwright cannot download browsers here) against the built
 * server on a loopback port with a fresh DATA_DIR. Run `npm run build` first (`npm test` does).
 */
import { defineConfig } from '@playwright/test';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from './scripts/server-node-flags';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = path.join(os.tmpdir(), `uhmi-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'uk-UA',
    timezoneId: 'Europe/Kyiv',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // As production starts it (package.json's `start`: the same node flags).
    command: `rm -rf ${dataDir} && node ${serverNodeFlags(readFileSync('package.json', 'utf8')).join(' ')} dist/server/main.js`,
    url: `http://127.0.0.1:${port}/builds/latest.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL: 'support@uhmi.org.ua',
      ADMIN_EMAIL: 'admin@uhmi.org.ua',
      ADMIN_PASSWORD: 'e2e-admin-password',
    },
  },
});
