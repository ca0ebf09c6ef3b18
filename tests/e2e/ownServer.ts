/**
 * A built server of its own for an end-to-end spec that needs settings the shared one lacks (SMTP,
 * OIDC): `node dist/server/main.js` with production's node flags on a free loopback port, an empty
 * DATA_DIR and no seed, waited for until it answers. `stop()` ends it and removes its data.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../../scripts/server-node-flags';
import { freePort } from '../support/freePort';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer';
import { expect, test } from './fixtures';

export interface OwnServer {
  /** `http://127.0.0.1:{port}`, also its PUBLIC_URL. */
  origin: string;
  stop(): Promise<void>;
}

/** Starts the server with `env` added (ADMIN_EMAIL, SMTP_URL, OIDC_*…), on `port` or a free one. */
export async function startOwnServer(env: Record<string, string>, port?: number): Promise<OwnServer> {
  const listen = port ?? (await freePort());
  const origin = `http://127.0.0.1:${listen}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-e2e-own-'));
  const server = spawn(
    process.execPath,
    [...serverNodeFlags(readFileSync('package.json', 'utf8')), 'dist/server/main.js'],
    {
      env: {
        ...process.env,
        PORT: String(listen),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        SEED: 'false',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  await expect
    .poll(
      () =>
        fetch(`${origin}/builds/latest.json`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 30_000 },
    )
    .toBe(200);
  return { origin, stop };
}

/** What useMailingServer gives a spec once its beforeAll has run. */
export interface MailingServer {
  /** The own server's origin (its PUBLIC_URL). */
  origin: string;
  /** The SMTP server it mails through, with the mails received so far. */
  smtp: TestSmtpServer;
}

/**
 * For a spec about mail: a real SMTP server in the test process and an own server that mails through
 * it, with `admin` as its first administrator; started before the file's tests and stopped after.
 */
export function useMailingServer(admin: { email: string; password: string }): MailingServer {
  const mailing = {} as MailingServer;
  let own: OwnServer | undefined;
  test.beforeAll(async () => {
    mailing.smtp = await startSmtpServer();
    own = await startOwnServer({
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SMTP_URL: mailing.smtp.url,
    });
    mailing.origin = own.origin;
  });
  test.afterAll(async () => {
    await own?.stop();
    await mailing.smtp?.close();
  });
  return mailing;
}
