/**
 * The admin in a real browser in firebase mode against the local emulators: a firebase-mode server
 * (as the rest of this suite runs it) on Google's Firestore emulator, firebase-tools' Auth emulator
 * and the in-process Storage emulator hands the emulators' origins to the page (`emulators` of the
 * page's config), so the login page's firebase/auth SDK signs in with the Auth emulator instead of
 * Google. Chromium (Debian's, through Playwright) signs in on /edit/admin/Login, meets the same
 * Ukrainian message for a wrong password as the embedded mode, edits a news item's title and the
 * public news page, fetched over HTTP, shows it; the media library's upload lands in the Storage emulator.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  API_KEY,
  FIREBASE_MODE_ENV,
  PROJECT,
  STARTUP_TIMEOUT_MS,
  startEmulatorWithRetry,
  type Emulator,
} from '../integration/authEmulator';
import { clearFirestore } from '../support/firestoreEmulator';
import { startStorageEmulatorInProcess, type InProcessStorageEmulator } from '../support/storageEmulator';
import { ADMIN, newDataDir, removeDataDirs, ROOT, spawnServer, within, type Instance } from '../support/serverProcess';

/** What the login page says for a wrong password when Firebase hides which of the two was wrong (tests/e2e/admin-login.spec.ts). */
const WRONG_CREDENTIALS = 'Невірна адреса електронної пошти або пароль.';

describe('the admin in Chromium, firebase mode on the emulators', () => {
  let auth: Emulator;
  let storage: InProcessStorageEmulator;
  let server: Instance;
  let browser: Browser;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, 'dist/client/.vite/manifest.json'))) {
      throw new Error('dist/client is missing: run `npm run build` first');
    }
    // This suite's files share one Firestore emulator: start from an empty database (seeded anew).
    await clearFirestore(inject('firestoreEmulatorHost'), PROJECT);
    auth = await startEmulatorWithRetry();
    // A Firebase project created today hides whether the address or the password was wrong.
    await auth.control('PATCH', '/config', { emailPrivacyConfig: { enableImprovedEmailPrivacy: true } });
    // Rules allow all: the browser's uploads reach the emulator (storage.rules are not this test's subject).
    storage = await startStorageEmulatorInProcess(PROJECT, { rules: 'allowAll' });
    server = await spawnServer(newDataDir(), {
      ...FIREBASE_MODE_ENV,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIRESTORE_EMULATOR_HOST: inject('firestoreEmulatorHost'),
      STORAGE_EMULATOR_HOST: storage.origin,
      // The built client (`npm run build`): the server runs in a DATA_DIR without dist/.
      CLIENT_DIST_DIR: path.join(ROOT, 'dist/client'),
    });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
    });
    const context = await browser.newContext({ baseURL: server.origin, locale: 'uk-UA', timezoneId: 'Europe/Kyiv' });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    // Failed requests too: a refused sign-in shows up here, and so would a failing image or upload.
    page.on(
      'response',
      (r) => r.status() >= 400 && consoleErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`),
    );
  }, STARTUP_TIMEOUT_MS * 3);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await auth?.stop();
    await storage?.stop();
    removeDataDirs();
    await clearFirestore(inject('firestoreEmulatorHost'), PROJECT);
  }, 30_000);

  it('hands the page the Auth and Storage emulators and admits exactly them in connect-src', async () => {
    const res = await fetch(`${server.origin}/edit/admin/Login`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toBe(
      `'self' https://*.googleapis.com ${auth.origin} ${storage.origin}`,
    );
    expect(await res.text()).toContain(`"emulators":{"auth":"${auth.origin}","storage":"${storage.origin}"}`);
  });

  it('refuses a wrong password with the Ukrainian message of the embedded mode', async () => {
    await page.goto('/edit/admin/Login');
    await signIn(page, ADMIN.email, 'not-the-password');
    const alert = page.getByRole('alert').filter({ hasText: WRONG_CREDENTIALS });
    await alert.waitFor({ timeout: 15_000 });
    expect(page.url()).toMatch(/\/edit\/admin\/Login$/);
    // The SDK asked the Auth emulator (not Google), which refused; nothing else went wrong.
    expect(consoleErrors.splice(0)).toEqual([
      `400 POST ${auth.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });

  it('signs the administrator in, saves a news title and the public news page shows it', async () => {
    await page.goto('/edit/admin/Login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/edit\/admin$/, { timeout: 20_000 });
    const sections = page.getByRole('navigation', { name: 'Розділи адміністрування' });
    await sections.getByRole('link', { name: 'Новини' }).click();
    await page.locator('table tbody tr a').first().click();

    const form = page.getByRole('form');
    const title = form.getByRole('textbox', { name: 'Заголовок', exact: true });
    await title.waitFor();
    expect(await form.getByRole('radio', { name: 'Опубліковано' }).isChecked()).toBe(true);
    const slug = await form.getByRole('textbox', { name: 'Адреса (slug)', exact: true }).inputValue();
    const before = await title.inputValue();
    const newTitle = `Заголовок, змінений у браузері ${Date.now()}`;
    await title.fill(newTitle);
    await form.getByRole('button', { name: 'Зберегти' }).click();
    await page.getByText('Версія 2', { exact: true }).waitFor();

    await within(5000, 'the new title on the public news page', async () => {
      const res = await fetch(`${server.origin}/News/${slug}`);
      const html = await res.text();
      return res.status === 200 && html.includes(newTitle) && !html.includes(before);
    });
    expect(consoleErrors).toEqual([]);
  });

  it("uploads a file from the media library to the Storage emulator through the page's firebase/storage SDK", async () => {
    const storageRequests: string[] = [];
    page.on('request', (r) => r.url().startsWith(storage.origin) && storageRequests.push(r.method()));
    await page.goto('/edit/admin/media');
    await page.getByRole('heading', { name: 'Медіатека' }).waitFor();
    const name = `zvit-${Date.now()}.csv`;
    await page
      .getByRole('button', { name: 'Завантажити файли' })
      .locator('..')
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from('дата,опади\n2026-03-23,4.2\n') });
    await page
      .getByRole('group', { name: `Завантаження ${name}` })
      .getByText(/Завантажено: .*\(100%\)/)
      .waitFor({ timeout: 15_000 });
    expect(storageRequests).toContain('POST');
    // The object is in the emulator's bucket (its Cloud Storage JSON API, which no rules guard).
    const listed = (await (await fetch(`${storage.origin}/storage/v1/b/${PROJECT}.appspot.com/o`)).json()) as {
      items?: Array<{ name: string }>;
    };
    expect(listed.items?.map((o) => o.name).filter((n) => n.endsWith(name))).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
});

/** Fills the login form and presses «Увійти». */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Електронна пошта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Увійти' }).click();
}
