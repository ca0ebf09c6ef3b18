/**
 * Issue 11, item 10: one password rule, at least 8 characters (src/shared/passwordRules.ts), checked
 * on the server on every path: the SDK-facing accounts:signUp, accounts:update and
 * accounts:resetPassword answer `WEAK_PASSWORD : Password should be at least 8 characters` (the SDK:
 * auth/weak-password); the admin's AuthUsers create / setPassword answer BAD_REQUEST with a Ukrainian
 * message; the IdentityBackend (what the CLI uses) refuses with weak-password; the CLI exits 1.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  updatePassword,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountError } from '../../src/server/identity/types';
import { disposeAuthClients, errorCode, newAuthClient } from '../integration/firebaseClient';
import { FIRST_ADMIN as ADMIN, FIRST_ADMIN_ENV, listeningServer, type TestServer } from '../integration/helpers';
import { rest, sdkSession, trpc } from './helpers';

const SEVEN = 'abc4567';
const EIGHT = 'abc45678';
const WEAK = 'WEAK_PASSWORD : Password should be at least 8 characters';
let server: TestServer;
let origin: string;

beforeAll(async () => {
  ({ server, origin } = await listeningServer({ ...FIRST_ADMIN_ENV, AUTH_ALLOW_SIGNUP: 'true' }));
});
afterAll(async () => {
  await disposeAuthClients();
  await server.dispose();
});

describe('self-service (the SDK-facing endpoints)', () => {
  it('signUp refuses 7 characters with WEAK_PASSWORD and accepts 8', async () => {
    const raw = await rest(origin, 'accounts:signUp', {
      email: 'raw-signup@uhmi.example.org',
      password: SEVEN,
      returnSecureToken: true,
    });
    expect(raw.status).toBe(400);
    expect(raw.error).toBe(WEAK);
    expect(
      await errorCode(createUserWithEmailAndPassword(await newAuthClient(origin), 'signup@uhmi.example.org', SEVEN)),
    ).toBe('auth/weak-password');
    await expect(
      createUserWithEmailAndPassword(await newAuthClient(origin), 'signup@uhmi.example.org', EIGHT),
    ).resolves.toBeTruthy();
  });

  it('accounts:update (updatePassword) refuses 7 characters', async () => {
    await server.identity.createAccount({
      email: 'update@uhmi.example.org',
      password: 'editor-password-1',
      role: 'editor',
    });
    const auth = await newAuthClient(origin);
    await signInWithEmailAndPassword(auth, 'update@uhmi.example.org', 'editor-password-1');
    expect(await errorCode(updatePassword(auth.currentUser!, SEVEN))).toBe('auth/weak-password');
    const raw = await rest(origin, 'accounts:update', {
      idToken: await auth.currentUser!.getIdToken(),
      password: SEVEN,
      returnSecureToken: true,
    });
    expect(raw.error).toBe(WEAK);
    await updatePassword(auth.currentUser!, EIGHT);
  });

  it('accounts:resetPassword (confirmPasswordReset) refuses 7 characters and keeps the code usable', async () => {
    await server.identity.createAccount({
      email: 'reset@uhmi.example.org',
      password: 'editor-password-1',
      role: 'editor',
    });
    const code = new URL(await server.identity.passwordResetLink('reset@uhmi.example.org')).searchParams.get(
      'oobCode',
    )!;
    const auth = await newAuthClient(origin);
    expect(await errorCode(confirmPasswordReset(auth, code, SEVEN))).toBe('auth/weak-password');
    expect((await rest(origin, 'accounts:resetPassword', { oobCode: code, newPassword: SEVEN })).error).toBe(WEAK);
    await confirmPasswordReset(auth, code, EIGHT);
    await signInWithEmailAndPassword(auth, 'reset@uhmi.example.org', EIGHT);
  });
});

describe('administrators', () => {
  it('AuthUsers create and setPassword refuse 7 characters with a Ukrainian message', async () => {
    const { cookie } = await sdkSession(server, origin, ADMIN.email, ADMIN.password);
    const create = (password: string) =>
      trpc(
        server,
        'mutation',
        'authUsers.create',
        { email: 'made@uhmi.example.org', password, role: 'editor' },
        cookie,
      );
    const created = await create(SEVEN);
    expect(created).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(created.message).toContain('Пароль має містити щонайменше 8 символів');
    const ok = await create(EIGHT);
    expect(ok.status).toBe(200);
    const uid = (ok.data as { uid: string }).uid;
    const set = await trpc(server, 'mutation', 'authUsers.setPassword', { uid, password: SEVEN }, cookie);
    expect(set).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    expect(set.message).toContain('Пароль має містити щонайменше 8 символів');
  });

  it('the IdentityBackend (used by the CLI and the first start) refuses 7 characters', async () => {
    await expect(
      server.identity.createAccount({ email: 'backend@uhmi.example.org', password: SEVEN, role: null }),
    ).rejects.toMatchObject({
      code: 'weak-password',
      message: 'Пароль має містити щонайменше 8 символів',
    });
    const account = await server.identity.createAccount({
      email: 'backend@uhmi.example.org',
      password: EIGHT,
      role: null,
    });
    await expect(server.identity.setPassword(account.uid, SEVEN)).rejects.toBeInstanceOf(AccountError);
  });

  it('the CLI refuses 7 characters (exit 1)', async () => {
    const ROOT = fileURLToPath(new URL('../..', import.meta.url));
    const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
    const work = mkdtempSync(path.join(os.tmpdir(), 'uhmi-pw-cli-'));
    writeFileSync(path.join(work, '.env'), `DATA_DIR=${server.dataDir}\nLOG_LEVEL=silent\nSEED=false\n`);
    try {
      const run = await new Promise<{ code: number; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          [
            '--import',
            TSX,
            path.join(ROOT, 'src/server/cli/user.ts'),
            'create',
            'cli-weak@uhmi.example.org',
            '--password',
            SEVEN,
          ],
          { cwd: work, env: { PATH: process.env.PATH ?? '', HOME: work }, timeout: 30_000, encoding: 'utf8' },
          (err, _stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stderr }),
        ),
      );
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/at least 8 characters/);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
