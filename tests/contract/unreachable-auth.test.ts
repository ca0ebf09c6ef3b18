/**
 * Firebase mode with an Auth emulator that cannot be reached (FIREBASE_AUTH_EMULATOR_HOST on a loopback
 * port nothing listens on), against the Firestore emulator (globalSetup): the first start, which creates
 * the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD, stops with one line naming the endpoint,
 * the reason and the remedy, exit status 1 and no stack trace.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { firebaseModeEnv } from '../integration/authEmulator';
import { freePort } from '../support/freePort';
import { newDataDir, removeDataDirs, runToExit } from '../support/serverProcess';

const PROJECT = 'demo-unreachable-auth';
const REMEDY =
  "set FIREBASE_AUTH_EMULATOR_HOST to a running Auth emulator (npm run emulators), or unset it to use the project's Firebase Authentication with credentials (GOOGLE_APPLICATION_CREDENTIALS)";

const tempDir = () => newDataDir('uhmi-unreachable-auth-');
afterAll(removeDataDirs);

describe('an Auth emulator that cannot be reached', () => {
  it('stops the first start (creating the first administrator) with one line, exit 1', async () => {
    const authHost = `127.0.0.1:${await freePort()}`; // nothing listens there
    const { code, stderr } = await runToExit('src/server/main.ts', tempDir() /* no .env */, {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...firebaseModeEnv(PROJECT),
      FIRESTORE_EMULATOR_HOST: inject('firestoreEmulatorHost'),
      FIREBASE_AUTH_EMULATOR_HOST: authHost,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
      SEED: 'false',
      ADMIN_EMAIL: 'first-admin@uhmi.example.org',
      ADMIN_PASSWORD: 'first-admin-password-1',
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot check for or create the first administrator: Firebase Authentication at http://${authHost} cannot be reached: connect ECONNREFUSED ${authHost}; ${REMEDY}`,
    ]);
  }, 60_000);
});
