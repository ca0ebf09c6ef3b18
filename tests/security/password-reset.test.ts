/**
 * Issue 11, item 3: password resets.
 * - accounts:sendOobCode is rate-limited per email (AUTH_RESET_MAX_PER_HOUR, 3) and per client address
 *   (10x), answering RESET_PASSWORD_EXCEED_LIMIT (auth/too-many-requests) for known and unknown emails alike;
 * - an account has one live code (a new one voids the old); used and expired codes are refused and deleted;
 * - links start with PUBLIC_URL; a continueUrl outside the authorized domains is refused;
 * - no log line (pino at trace, request lines included) ever contains a code;
 * - without SMTP nothing is mailed or issued, and the admin's "send reset" says so in Ukrainian,
 *   pointing to `npm run user -- reset-link EMAIL`, which prints a working one-time link.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  confirmPasswordReset,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { disposeAuthClients, errorCode, newAuthClient } from '../integration/firebaseClient';
import { startTestServer, type TestServer } from '../integration/helpers';
import { sdkSession, trpc } from './helpers';

const mail = vi.hoisted(() => ({ sent: [] as Array<{ to: string; text: string }> }));
vi.mock('nodemailer', () => ({
  default: {
    createTransport: () => ({
      sendMail: (message: { to: string; text: string }) => {
        mail.sent.push(message);
        return Promise.resolve();
      },
    }),
  },
}));

const PUBLIC_URL = 'https://uhmi.example.org';
const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
const PASSWORD = 'editor-password-1';

/** A pino destination keeping every log line. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, logger: { level: 'trace', stream } };
}

const codeOf = (link: string) => new URL(link).searchParams.get('oobCode')!;
const linkIn = (text: string) => /(https?:\/\/\S+oobCode=\S+)/.exec(text)?.[1];

/** The latest mail to `to`, waited for (mail goes out in the background). */
async function mailTo(to: string, after: number): Promise<string> {
  await vi.waitFor(() => expect(mail.sent.filter((m) => m.to === to).length).toBeGreaterThan(after), { timeout: 5000 });
  return linkIn(mail.sent.filter((m) => m.to === to).at(-1)!.text)!;
}

afterEach(() => vi.useRealTimers());
afterAll(() => disposeAuthClients());

describe('with SMTP: codes, limits and the log', () => {
  let server: TestServer;
  let origin: string;
  const log = capture();
  const seenCodes: string[] = [];
  const codeRows = (uid: string) =>
    (server.db.prepare('SELECT count(*) AS n FROM auth_oob_codes WHERE uid = ?').get(uid) as { n: number }).n;

  beforeAll(async () => {
    server = await startTestServer(
      {
        SEED: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PUBLIC_URL,
      },
      { logger: log.logger },
    );
    origin = await server.listen();
  });
  afterAll(async () => {
    // Nothing logged at any level carries a code (the request lines of the links' pages included).
    expect(seenCodes.length).toBeGreaterThan(0);
    const all = log.lines.join('');
    expect(all).toContain('oobCode=[redacted]');
    for (const code of seenCodes) expect(all).not.toContain(code);
    await server.dispose();
  });

  it('mails a link on PUBLIC_URL whose code works once and is then refused and deleted', async () => {
    const account = await server.identity.createAccount({
      email: 'once@uhmi.example.org',
      password: PASSWORD,
      role: 'editor',
    });
    const auth = await newAuthClient(origin);
    await sendPasswordResetEmail(auth, 'once@uhmi.example.org', { url: `${origin}/edit/admin/Login` });
    const link = await mailTo('once@uhmi.example.org', 0);
    seenCodes.push(codeOf(link));
    expect(link.startsWith(`${PUBLIC_URL}/edit/admin/Login?`)).toBe(true);
    // Following the link (its path on this server) is logged without the code.
    const page = await server.app.inject({ method: 'GET', url: link.slice(PUBLIC_URL.length) });
    expect(page.statusCode).toBeLessThan(500);

    expect(await verifyPasswordResetCode(auth, codeOf(link))).toBe('once@uhmi.example.org');
    await confirmPasswordReset(auth, codeOf(link), 'recovered-password-2');
    expect(await errorCode(confirmPasswordReset(auth, codeOf(link), 'another-password-3'))).toBe(
      'auth/invalid-action-code',
    );
    expect(codeRows(account.uid)).toBe(0);
    await signInWithEmailAndPassword(auth, 'once@uhmi.example.org', 'recovered-password-2');
  });

  it('keeps one live code per account: a new request voids the earlier link', async () => {
    await server.identity.createAccount({ email: 'twice@uhmi.example.org', password: PASSWORD, role: 'editor' });
    const auth = await newAuthClient(origin);
    await sendPasswordResetEmail(auth, 'twice@uhmi.example.org');
    const first = await mailTo('twice@uhmi.example.org', 0);
    await sendPasswordResetEmail(auth, 'twice@uhmi.example.org');
    const second = await mailTo('twice@uhmi.example.org', 1);
    seenCodes.push(codeOf(first), codeOf(second));
    expect(codeOf(second)).not.toBe(codeOf(first));
    expect(await errorCode(verifyPasswordResetCode(auth, codeOf(first)))).toBe('auth/invalid-action-code');
    expect(await errorCode(confirmPasswordReset(auth, codeOf(first), 'first-link-password'))).toBe(
      'auth/invalid-action-code',
    );
    await confirmPasswordReset(auth, codeOf(second), 'second-link-password');
    await signInWithEmailAndPassword(auth, 'twice@uhmi.example.org', 'second-link-password');
  });

  it('refuses and deletes an expired code (after one hour)', async () => {
    const account = await server.identity.createAccount({
      email: 'late@uhmi.example.org',
      password: PASSWORD,
      role: 'editor',
    });
    const link = await server.identity.passwordResetLink('late@uhmi.example.org');
    seenCodes.push(codeOf(link));
    expect(codeRows(account.uid)).toBe(1);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    const auth = await newAuthClient(origin);
    expect(await errorCode(verifyPasswordResetCode(auth, codeOf(link)))).toBe('auth/expired-action-code');
    expect(codeRows(account.uid)).toBe(0);
    expect(await errorCode(confirmPasswordReset(auth, codeOf(link), 'too-late-password'))).toBe(
      'auth/invalid-action-code',
    );
  });

  it('purges other accounts’ expired codes when a code is issued', async () => {
    const a = await server.identity.createAccount({
      email: 'stale-a@uhmi.example.org',
      password: PASSWORD,
      role: 'editor',
    });
    const b = await server.identity.createAccount({
      email: 'stale-b@uhmi.example.org',
      password: PASSWORD,
      role: 'editor',
    });
    seenCodes.push(codeOf(await server.identity.passwordResetLink('stale-a@uhmi.example.org')));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60_000 });
    seenCodes.push(codeOf(await server.identity.passwordResetLink('stale-b@uhmi.example.org')));
    expect(codeRows(a.uid)).toBe(0);
    expect(codeRows(b.uid)).toBe(1);
  });

  it('refuses a continueUrl outside the authorized domains (no open redirect)', async () => {
    await server.identity.createAccount({ email: 'redirect@uhmi.example.org', password: PASSWORD, role: 'editor' });
    const auth = await newAuthClient(origin);
    const before = mail.sent.length;
    expect(
      await errorCode(sendPasswordResetEmail(auth, 'redirect@uhmi.example.org', { url: 'https://evil.example/steal' })),
    ).toBe('auth/unauthorized-continue-uri');
    expect(
      await errorCode(sendPasswordResetEmail(auth, 'nobody@uhmi.example.org', { url: 'https://evil.example/steal' })),
    ).toBe('auth/unauthorized-continue-uri');
    const raw = await fetch(
      `${origin}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=embedded-uhmi-web-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          requestType: 'PASSWORD_RESET',
          email: 'redirect@uhmi.example.org',
          continueUrl: 'javascript:alert(1)',
        }),
      },
    );
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: { message: string } }).error.message).toBe('INVALID_CONTINUE_URI');
    await sendPasswordResetEmail(auth, 'redirect@uhmi.example.org', { url: `${PUBLIC_URL}/edit/admin/Login` });
    seenCodes.push(codeOf(await mailTo('redirect@uhmi.example.org', 0)));
    expect(mail.sent.length).toBe(before + 1);
  });

  it('limits requests per email (3 an hour), known or unknown alike, and per address (30 an hour)', async () => {
    await server.identity.createAccount({ email: 'limited@uhmi.example.org', password: PASSWORD, role: 'editor' });
    const auth = await newAuthClient(origin);
    const outcome = (email: string) =>
      sendPasswordResetEmail(auth, email).then(
        () => 'ok',
        (err: { code?: string }) => err.code,
      );
    for (const email of ['limited@uhmi.example.org', 'nobody-limited@uhmi.example.org']) {
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await outcome(email));
      expect(answers).toEqual(['ok', 'ok', 'ok', 'auth/too-many-requests']);
    }
    // Per address: fresh emails are refused once the address has made 30 requests this hour.
    const answers: string[] = [];
    for (let i = 0; i < 30; i += 1) answers.push((await outcome(`fresh-${i}@uhmi.example.org`)) ?? '');
    expect(answers.at(-1)).toBe('auth/too-many-requests');
    expect(answers.filter((a) => a === 'ok').length).toBeLessThan(30);
    for (const m of mail.sent) seenCodes.push(codeOf(linkIn(m.text)!));
  });
});

describe('without SMTP', () => {
  let server: TestServer;
  let origin: string;
  const log = capture();

  beforeAll(async () => {
    server = await startTestServer(
      { SEED: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL },
      { logger: log.logger },
    );
    origin = await server.listen();
  });
  afterAll(() => server.dispose());

  const codes = () => (server.db.prepare('SELECT count(*) AS n FROM auth_oob_codes').get() as { n: number }).n;

  it('answers the admin’s “send reset” with a Ukrainian message that no mail was sent and how to make a link', async () => {
    const account = await server.identity.createAccount({
      email: 'nomail@uhmi.example.org',
      password: PASSWORD,
      role: 'editor',
    });
    const { cookie } = await sdkSession(server, origin, ADMIN.email, ADMIN.password);
    const answer = await trpc(server, 'mutation', 'authUsers.sendPasswordReset', { uid: account.uid }, cookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ email: 'nomail@uhmi.example.org', mailed: false });
    const message = (answer.data as { message: string }).message;
    expect(message).toContain('лист не надіслано');
    expect(message).toContain('npm run user -- reset-link nomail@uhmi.example.org');
    expect(codes()).toBe(0);
  });

  it('answers the public request as with SMTP, issues no code and logs no link', async () => {
    await server.identity.createAccount({
      email: 'public-nomail@uhmi.example.org',
      password: PASSWORD,
      role: 'editor',
    });
    const auth = await newAuthClient(origin);
    await sendPasswordResetEmail(auth, 'public-nomail@uhmi.example.org');
    await sendPasswordResetEmail(auth, 'nobody-nomail@uhmi.example.org');
    expect(codes()).toBe(0);
    expect(log.lines.join('')).not.toMatch(/oobCode=(?!\[redacted\])/);
  });

  describe('npm run user -- reset-link', () => {
    const ROOT = fileURLToPath(new URL('../..', import.meta.url));
    const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
    const CLI = path.join(ROOT, 'src/server/cli/user.ts');
    let work: string;

    const cli = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', TSX, CLI, ...args],
          { cwd: work, env: { PATH: process.env.PATH ?? '', HOME: work }, timeout: 30_000, encoding: 'utf8' },
          (err, stdout, stderr) =>
            resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
        );
      });

    beforeAll(() => {
      work = mkdtempSync(path.join(os.tmpdir(), 'uhmi-reset-link-'));
      writeFileSync(
        path.join(work, '.env'),
        `DATA_DIR=${server.dataDir}\nPUBLIC_URL=${PUBLIC_URL}\nLOG_LEVEL=silent\nSEED=false\n`,
      );
    });
    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('prints a one-time link on PUBLIC_URL that sets a new password through the SDK', async () => {
      await server.identity.createAccount({ email: 'cli-reset@uhmi.example.org', password: PASSWORD, role: 'editor' });
      const run = await cli(['reset-link', 'CLI-Reset@uhmi.example.org']);
      expect(run.code, run.stderr).toBe(0);
      const link = run.stdout.trim();
      expect(link).toMatch(/^https:\/\/uhmi\.example\.org\/edit\/admin\/Login\?mode=resetPassword&oobCode=[\w-]+$/);
      const auth = await newAuthClient(origin);
      await confirmPasswordReset(auth, codeOf(link), 'cli-new-password-1');
      await signInWithEmailAndPassword(auth, 'cli-reset@uhmi.example.org', 'cli-new-password-1');
      expect(auth.currentUser?.email).toBe('cli-reset@uhmi.example.org');
      expect(await errorCode(confirmPasswordReset(auth, codeOf(link), 'cli-new-password-2'))).toBe(
        'auth/invalid-action-code',
      );
      expect(log.lines.join('')).not.toContain(codeOf(link));
    });

    it('exits 1 for an unknown email and 2 for wrong usage', async () => {
      const unknown = await cli(['reset-link', 'nobody@uhmi.example.org']);
      expect(unknown.code).toBe(1);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr).toMatch(/no account with the email nobody@uhmi\.example\.org/);
      expect((await cli(['reset-link'])).code).toBe(2);
      expect((await cli(['reset-link', 'not-an-email'])).code).toBe(2);
      expect((await cli(['reset-link', 'a@uhmi.example.org', '--password', 'x'])).code).toBe(2);
    });
  });
});
