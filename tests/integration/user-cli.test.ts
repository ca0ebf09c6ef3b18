/**
 * The account CLI (`npm run user -- <command>`, src/server/cli/user.ts) run as a child process on a
 * temporary DATA_DIR — given through a `.env` file in the CLI's working directory, as on a server —
 * while our server runs on the same DATA_DIR (embedded mode). Effects are checked by signing in
 * with the official firebase/auth SDK against that server and by reading the accounts through its
 * IdentityBackend. (Firebase mode is exercised against the Auth emulator in identity-emulator.test.ts.)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ServerHandle } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Account } from '../../src/server/identity/types';
import { disposeAuthClients, errorCode, newAuthClient } from './firebaseClient';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const CLI = path.join(ROOT, 'src/server/cli/user.ts');
const FIRST_ADMIN = { email: 'first-admin@uhmi.example.org', password: 'first-admin-pass-1' };

let work: string;
let dataDir: string;
let server: ServerHandle;
let origin: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx src/server/cli/user.ts ...args` in the working directory holding the `.env`. */
function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', TSX, CLI, ...args],
      // A minimal environment: the configuration comes from the .env file in `work`.
      {
        cwd: work,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? work, ...env },
        timeout: 30_000,
        encoding: 'utf8',
      },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

async function account(email: string): Promise<Account | undefined> {
  const { accounts } = await server.identity.listAccounts({ search: email });
  return accounts.find((a) => a.email === email.toLowerCase());
}

async function signIn(email: string, password: string): Promise<Auth> {
  const auth = await newAuthClient(origin);
  await signInWithEmailAndPassword(auth, email, password);
  return auth;
}

const generatedPassword = (stdout: string) => /^Password: (\S+)$/m.exec(stdout)?.[1];

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'uhmi-cli-'));
  dataDir = path.join(work, 'data');
  writeFileSync(path.join(work, '.env'), `DATA_DIR=${dataDir}\nLOG_LEVEL=silent\nSEED=false\n`);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    SEED: 'false',
    ADMIN_EMAIL: FIRST_ADMIN.email,
    ADMIN_PASSWORD: FIRST_ADMIN.password,
  });
  server = await createServer(config, { logger: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  await disposeAuthClients();
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run user -- <command>', () => {
  it('lists the accounts as a table (reading DATA_DIR from .env)', async () => {
    const run = await cli(['list']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const [header, rule, ...rows] = run.stdout.trim().split('\n');
    expect(header!.split(/\s{2,}/)).toEqual([
      'uid',
      'email',
      'name',
      'role',
      'disabled',
      'created (UTC)',
      'last sign-in (UTC)',
    ]);
    expect(rule).toMatch(/^-+(\s+-+){6}$/);
    expect(rows).toHaveLength(1);
    const uid = (await account(FIRST_ADMIN.email))!.uid;
    expect(rows[0]!.split(/\s{2,}/)).toEqual([
      uid,
      FIRST_ADMIN.email,
      'Адміністратор',
      'admin',
      'no',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/),
      '-',
    ]);
  });

  it('creates an editor with a generated password, printed once', async () => {
    const run = await cli(['create', 'Olena@UHMI.example.org']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Created olena@uhmi\.example\.org \(uid \w+, role editor\)\.$/m);
    const password = generatedPassword(run.stdout);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    const auth = await signIn('olena@uhmi.example.org', password!);
    expect((await auth.currentUser!.getIdTokenResult()).claims.role).toBe('editor');
  });

  it('creates an administrator with the given password and name', async () => {
    const run = await cli([
      'create',
      'boss@uhmi.example.org',
      '--role',
      'admin',
      '--password',
      'boss-password-1',
      '--name',
      'Петро Іваненко',
    ]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(generatedPassword(run.stdout)).toBeUndefined();
    expect(run.stdout).not.toContain('boss-password-1');
    expect(await account('boss@uhmi.example.org')).toMatchObject({
      role: 'admin',
      displayName: 'Петро Іваненко',
      disabled: false,
    });
    await expect(signIn('boss@uhmi.example.org', 'boss-password-1')).resolves.toBeTruthy();
  });

  it('refuses a taken email, a weak password, a bad role and a bad email with one-line errors', async () => {
    const [taken, weak, role, email, missing] = await Promise.all([
      cli(['create', 'OLENA@uhmi.example.org']),
      cli(['create', 'weak@uhmi.example.org', '--password', 'short']),
      cli(['create', 'owner@uhmi.example.org', '--role', 'owner']),
      cli(['create', 'not-an-email']),
      cli(['create']),
    ]);
    expect(taken).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'Error: an account with the email OLENA@uhmi.example.org already exists\n',
    });
    expect(weak).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'Error: the password is too weak: it needs at least 8 characters\n',
    });
    expect(role.code).toBe(2);
    expect(role.stderr).toMatch(/^Error: unknown role "owner" \(expected admin, editor or none\)\..*\n$/);
    expect(email.code).toBe(2);
    expect(email.stderr).toMatch(/^Error: not a valid email address: not-an-email\..*\n$/);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^Error: missing argument; expected: create <email>/);
    expect(await account('weak@uhmi.example.org')).toBeUndefined();
    expect(await account('owner@uhmi.example.org')).toBeUndefined();
  });

  it('sets the role (admin, editor, none), refusing an unknown email and a bad role', async () => {
    expect(await cli(['set-role', 'olena@uhmi.example.org', 'admin'])).toMatchObject({
      code: 0,
      stdout: 'olena@uhmi.example.org: role admin.\n',
    });
    expect((await account('olena@uhmi.example.org'))?.role).toBe('admin');
    expect(await cli(['set-role', 'OLENA@uhmi.example.org', 'none'])).toMatchObject({
      code: 0,
      stdout: 'olena@uhmi.example.org: role none.\n',
    });
    expect((await account('olena@uhmi.example.org'))?.role).toBeNull();
    expect(await cli(['set-role', 'olena@uhmi.example.org', 'editor'])).toMatchObject({ code: 0 });
    expect((await account('olena@uhmi.example.org'))?.role).toBe('editor');
    const [unknown, bad] = await Promise.all([
      cli(['set-role', 'nobody@uhmi.example.org', 'editor']),
      cli(['set-role', 'olena@uhmi.example.org', 'root']),
    ]);
    expect(unknown).toMatchObject({ code: 1, stderr: 'Error: no account with the email nobody@uhmi.example.org\n' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^Error: unknown role "root"/);
  });

  it('disables an account (sign-in refused, the session ends) and enables it again', async () => {
    await cli(['reset-password', 'olena@uhmi.example.org', '--password', 'olena-password-1']);
    const session = await signIn('olena@uhmi.example.org', 'olena-password-1');
    const disabled = await cli(['disable', 'olena@uhmi.example.org']);
    expect(disabled).toMatchObject({ code: 0, stdout: 'Disabled olena@uhmi.example.org; its sessions are ended.\n' });
    expect((await account('olena@uhmi.example.org'))?.disabled).toBe(true);
    expect(
      await errorCode(
        signInWithEmailAndPassword(await newAuthClient(origin), 'olena@uhmi.example.org', 'olena-password-1'),
      ),
    ).toBe('auth/user-disabled');
    expect(await errorCode(session.currentUser!.getIdToken(true))).toBe('auth/user-disabled');
    expect(session.currentUser).toBeNull();
    const listed = await cli(['list']);
    expect(listed.stdout).toMatch(/ olena@uhmi\.example\.org\s+-\s+editor\s+yes /);
    expect(await cli(['enable', 'olena@uhmi.example.org'])).toMatchObject({
      code: 0,
      stdout: 'Enabled olena@uhmi.example.org.\n',
    });
    await expect(signIn('olena@uhmi.example.org', 'olena-password-1')).resolves.toBeTruthy();
  });

  it('resets a password with a given one, ending existing sessions', async () => {
    const session = await signIn('olena@uhmi.example.org', 'olena-password-1');
    const run = await cli(['reset-password', 'olena@uhmi.example.org', '--password', 'olena-password-2']);
    expect(run).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'Set a new password for olena@uhmi.example.org; its sessions are ended.\n',
    });
    expect(await errorCode(session.currentUser!.getIdToken(true))).toBe('auth/user-token-expired');
    expect(session.currentUser).toBeNull();
    expect(
      await errorCode(
        signInWithEmailAndPassword(await newAuthClient(origin), 'olena@uhmi.example.org', 'olena-password-1'),
      ),
    ).toBe('auth/invalid-credential');
    await expect(signIn('olena@uhmi.example.org', 'olena-password-2')).resolves.toBeTruthy();
  });

  it('resets a password to a generated one and prints it', async () => {
    const run = await cli(['reset-password', 'olena@uhmi.example.org']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const password = generatedPassword(run.stdout);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await expect(signIn('olena@uhmi.example.org', password!)).resolves.toBeTruthy();
    const [weak, unknown] = await Promise.all([
      cli(['reset-password', 'olena@uhmi.example.org', '--password', '1234567']),
      cli(['reset-password', 'nobody@uhmi.example.org']),
    ]);
    expect(weak).toMatchObject({
      code: 1,
      stderr: 'Error: the password is too weak: it needs at least 8 characters\n',
    });
    expect(unknown).toMatchObject({ code: 1, stderr: 'Error: no account with the email nobody@uhmi.example.org\n' });
  });

  it('reset-link without PUBLIC_URL says after the link that it leads to the default localhost:PORT', async () => {
    const run = await cli(['reset-link', 'olena@uhmi.example.org'], { PORT: '4830' });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^http:\/\/localhost:4830\/edit\/admin\/Login\?mode=resetPassword&oobCode=[\w-]+\n$/);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(
      'Note: PUBLIC_URL is not set, so the link leads to the default http://localhost:4830 (from PORT=4830); if the site is reached at another address, set PUBLIC_URL (in .env) to it and run this command again.',
    );
    const withUrl = await cli(['reset-link', 'olena@uhmi.example.org'], { PUBLIC_URL: 'https://uhmi.example.org' });
    expect(withUrl.code, withUrl.stderr).toBe(0);
    expect(withUrl.stdout.startsWith('https://uhmi.example.org/edit/admin/Login?mode=resetPassword&oobCode=')).toBe(
      true,
    );
    expect(withUrl.stderr).not.toContain('PUBLIC_URL');
  });

  it('set-email changes the address at once, unconfirmed, refusing a taken or bad one', async () => {
    await server.identity.createAccount({
      email: 'moving@uhmi.example.org',
      password: 'moving-password-1',
      role: 'editor',
    });
    const run = await cli(['set-email', 'Moving@uhmi.example.org', 'Moved@uhmi.example.org']);
    expect(run).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'Moving@uhmi.example.org: the address is now moved@uhmi.example.org (unconfirmed).\n',
    });
    expect(await account('moved@uhmi.example.org')).toMatchObject({ emailVerified: false });
    expect(await account('moving@uhmi.example.org')).toBeUndefined();
    await expect(signIn('moved@uhmi.example.org', 'moving-password-1')).resolves.toBeTruthy();
    const [taken, bad, unknown] = await Promise.all([
      cli(['set-email', 'moved@uhmi.example.org', 'olena@uhmi.example.org']),
      cli(['set-email', 'moved@uhmi.example.org', 'not-an-email']),
      cli(['set-email', 'nobody@uhmi.example.org', 'new@uhmi.example.org']),
    ]);
    expect(taken).toMatchObject({
      code: 1,
      stderr: 'Error: an account with the email olena@uhmi.example.org already exists\n',
    });
    expect(bad.code).toBe(2);
    expect(unknown).toMatchObject({ code: 1, stderr: 'Error: no account with the email nobody@uhmi.example.org\n' });
  });

  it('keeps one active administrator', async () => {
    expect(await cli(['set-role', 'boss@uhmi.example.org', 'none'])).toMatchObject({ code: 0 });
    const demote = await cli(['set-role', FIRST_ADMIN.email, 'editor']);
    expect(demote).toMatchObject({
      code: 1,
      stderr: `Error: ${FIRST_ADMIN.email} is the last active administrator; make another account an administrator first\n`,
    });
    const disable = await cli(['disable', FIRST_ADMIN.email]);
    expect(disable.code).toBe(1);
    expect(await account(FIRST_ADMIN.email)).toMatchObject({ role: 'admin', disabled: false });
  });

  it('explains usage: --help, an unknown command or option, and a bad configuration', async () => {
    const [help, unknown, option, extra, config] = await Promise.all([
      cli(['--help']),
      cli(['frobnicate']),
      cli(['list', '--role', 'admin']),
      cli(['disable', 'a@uhmi.example.org', 'b@uhmi.example.org']),
      cli(['list'], { PORT: 'not-a-port' }),
    ]);
    expect(help.code).toBe(0);
    for (const command of [
      'create <email>',
      'set-role <email> admin|editor|none',
      'set-email <email> <new-email>',
      'disable <email>',
      'enable <email>',
      'reset-password <email>',
      'list',
    ]) {
      expect(help.stdout).toContain(command);
    }
    expect(unknown).toMatchObject({
      code: 2,
      stderr: 'Error: unknown command "frobnicate". Run "npm run user -- --help" for the commands.\n',
    });
    expect(option).toMatchObject({
      code: 2,
      stderr: 'Error: list does not take --role. Run "npm run user -- --help" for the commands.\n',
    });
    expect(extra.code).toBe(2);
    expect(extra.stderr).toMatch(/^Error: unexpected argument "b@uhmi\.example\.org"/);
    // Started as npm starts `npm run user:built` (the build, e.g. in the Docker image): named so.
    expect(await cli(['frobnicate'], { npm_lifecycle_event: 'user:built' })).toMatchObject({
      code: 2,
      stderr: 'Error: unknown command "frobnicate". Run "npm run user:built -- --help" for the commands.\n',
    });
    expect(config.code).toBe(1);
    expect(config.stderr).toMatch(/^Invalid configuration: PORT: .*"not-a-port"\n$/);
  });
});
