/**
 * Password reset by mail in the browser: a server of its own (the built one, with SMTP_URL pointing
 * at a real SMTP server in the test process and PUBLIC_URL at its port), the login page's «Забули
 * пароль?», the mail received and parsed, its link opened, a new password set on the real reset page,
 * and sign-in with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../../scripts/server-node-flags';
import { freePort } from '../support/freePort';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer';
import { expect, test } from './fixtures';

const ADMIN = { email: 'admin@uhmi.org.ua', password: 'reset-e2e-admin-password' };

let smtp: TestSmtpServer;
let server: ChildProcess;
let origin: string;
let dataDir: string;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-e2e-mail-'));
  server = spawn(process.execPath, [...serverNodeFlags(readFileSync('package.json', 'utf8')), 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      SEED: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
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
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('«Забули пароль?» mails a Ukrainian link that opens the reset page and sets a new password', async ({ page }) => {
  await page.goto(`${origin}/edit/admin/Login`);
  await page.getByRole('button', { name: 'Забули пароль?' }).click();
  await page.getByLabel('Електронна пошта').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(page.getByRole('status')).toContainText(`Запит для ${ADMIN.email} прийнято`);

  const mail = await smtp.waitFor((m) => m.to.includes(ADMIN.email));
  expect(mail.parsed.subject).toBe('Відновлення пароля — УкрГМІ');
  const link = /(https?:\/\/\S+oobCode=\S+)/.exec(mail.parsed.text!)![1]!;
  expect(link.startsWith(`${origin}/edit/admin/Login?mode=resetPassword&oobCode=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Новий пароль' })).toBeVisible();
  await page.getByLabel('Новий пароль').fill('password-from-the-mail');
  await page.getByLabel('Повторіть пароль').fill('password-from-the-mail');
  await page.getByRole('button', { name: 'Зберегти пароль' }).click();
  await expect(page.getByRole('heading', { name: 'Пароль змінено' })).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('Новий пароль').fill('another-password-1');
  await page.getByLabel('Повторіть пароль').fill('another-password-1');
  await page.getByRole('button', { name: 'Зберегти пароль' }).click();
  await expect(page.getByRole('alert')).toContainText('Посилання недійсне або вже використане.');

  await page.goto(`${origin}/edit/admin/Login`);
  await page.getByLabel('Електронна пошта').fill(ADMIN.email);
  await page.getByLabel('Пароль', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page.getByRole('alert')).toContainText('Невірна адреса електронної пошти або пароль.');
  await page.getByLabel('Пароль', { exact: true }).fill('password-from-the-mail');
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page).toHaveURL(`${origin}/edit/admin`);
});
