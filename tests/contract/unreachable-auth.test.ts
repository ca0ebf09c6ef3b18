/**
 * Firebase mode with an Auth emulator that cannot be reached (FIREBASE_AUTH_EMULATOR_HOST on a loopback
 * port nothing listens on), against the Firestore emulator (globalSetup): the first start, which creates
 * the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD, stops with one line naming the endpoint,
 * the reason and the remedy, exit status 1 and no stack trace.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/freePort';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const PROJECT = 'demo-unreachable-auth';
const REMEDY =
  "set FIREBASE_AUTH_EMULATOR_HOST to a running Auth emulator (npm run emulators), or unset it to use the project's Firebase Authentication with credentials (GOOGLE_APPLICATION_CREDENTIALS)";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-unreachable-auth-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('an Auth emulator that cannot be reached', () => {
  it('stops the first start (creating the first administrator) with one line, exit 1', async () => {
    const authHost = `127.0.0.1:${await freePort()}`; // nothing listens there
    const child = spawn(process.execPath, ['--import', TSX, path.join(ROOT, 'src/server/main.ts')], {
      cwd: tempDir(), // no .env
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        BACKEND: 'firebase',
        FIREBASE_API_KEY: `${PROJECT}-web-api-key`,
        FIREBASE_PROJECT_ID: PROJECT,
        FIREBASE_APP_ID: `1:000000000000:web:${PROJECT}`,
        FIRESTORE_EMULATOR_HOST: inject('firestoreEmulatorHost'),
        FIREBASE_AUTH_EMULATOR_HOST: authHost,
        HOST: '127.0.0.1',
        PORT: String(await freePort()),
        DATA_DIR: tempDir(),
        SEED: 'false',
        ADMIN_EMAIL: 'first-admin@uhmi.example.org',
        ADMIN_PASSWORD: 'first-admin-password-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot check for or create the first administrator: Firebase Authentication at http://${authHost} cannot be reached: connect ECONNREFUSED ${authHost}; ${REMEDY}`,
    ]);
  }, 60_000);
});
