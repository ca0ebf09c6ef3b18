/**
 * `npm run emulators` prints a line that starts the site against the emulators (scripts/emulatorsMessage.ts).
 * Without a Storage emulator, that line, as printed (only the emulators' hosts are the test's own,
 * with PORT, DATA_DIR and the first administrator added as the message says), starts a server that
 * answers and creates the administrator in the Auth emulator; with STORAGE_EMULATOR_HOST set the line
 * hands it on instead of SEED=false.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEnvironment, startMessage } from '../../scripts/emulatorsMessage';
import { startEmulatorWithRetry, STARTUP_TIMEOUT_MS, type Emulator } from '../integration/authEmulator';
import { freePort } from '../support/freePort';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const ADMIN = { email: 'start-line@uhmi.example.org', password: 'start-line-pass-1' };

let auth: Emulator;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-start-line-'));
beforeAll(async () => {
  auth = await startEmulatorWithRetry();
}, STARTUP_TIMEOUT_MS + 15_000);
afterAll(async () => {
  await auth?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `KEY=value` words of the printed line as an environment. */
function parse(words: string[][]): Record<string, string> {
  return Object.fromEntries(words.flat().map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
}

describe('the start line of npm run emulators', () => {
  it('starts the site without a Storage emulator as printed', async () => {
    const authPort = Number(auth.host.split(':')[1]);
    const printed = parse(startEnvironment({}, inject('firestoreEmulatorHost'), authPort));
    expect(printed.SEED).toBe('false');
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', TSX, path.join(ROOT, 'src/server/main.ts')], {
      cwd: dataDir, // no .env
      env: {
        PATH: process.env.PATH,
        ...printed,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let exited = false;
    child.on('exit', () => (exited = true));
    try {
      const deadline = Date.now() + STARTUP_TIMEOUT_MS * 2;
      let ready = false;
      while (!ready && !exited && Date.now() < deadline) {
        ready = await fetch(`http://127.0.0.1:${port}/__/firebase/init.json`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((r) => setTimeout(r, 250));
      }
      expect(ready, output).toBe(true);
      // The administrator the server created signs in with the Auth emulator (its REST sign-in, as the page's SDK does).
      const signIn = await fetch(
        `${auth.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${printed.FIREBASE_API_KEY}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...ADMIN, returnSecureToken: true }),
        },
      );
      expect(signIn.status, output).toBe(200);
      expect(output).not.toMatch(/^\s+at /m);
    } finally {
      child.kill('SIGTERM');
      if (!exited) await new Promise((r) => child.once('exit', r));
    }
  });

  it('hands a Storage emulator on in place of SEED=false, and says what needs one otherwise', () => {
    const withStorage = startMessage({ STORAGE_EMULATOR_HOST: '127.0.0.1:9199' }, '127.0.0.1:8080', 9099);
    expect(withStorage).toContain('STORAGE_EMULATOR_HOST=http://127.0.0.1:9199');
    expect(withStorage).not.toContain('SEED=false');
    expect(startMessage({}, '127.0.0.1:8080', 9099)).toMatch(
      /Uploads, the seed's files, export and import need a Storage emulator/,
    );
  });
});
