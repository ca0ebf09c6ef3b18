/**
 * Single sign-on in Chromium: the built server (embedded backend) with OIDC_* pointing at a real
 * OpenID provider in the test process (oidc-provider). The login page's «Увійти через обліковий
 * запис установи», the provider's round trip, signInWithCustomToken in the page and the admin; a
 * refused domain and a cancelled login as Ukrainian messages on the login page; the callback opened
 * again answered with a 400 page.
 */
import { freePort } from '../support/freePort';
import { startTestIdp, type TestIdp } from '../support/oidcProvider';
import { expect, test } from './fixtures';
import { startOwnServer, type OwnServer } from './ownServer';

const ADMIN = { email: 'admin@uhmi.org.ua', password: 'sso-e2e-admin-password' };
const BUTTON = 'Увійти через обліковий запис установи';

let idp: TestIdp;
let own: OwnServer;
let origin: string;

test.beforeAll(async () => {
  const port = await freePort();
  idp = await startTestIdp([`http://127.0.0.1:${port}/api/auth/oidc/callback`]);
  idp.accounts.set('admin-1', { email: ADMIN.email, emailVerified: true, name: 'Адміністратор' });
  idp.accounts.set('outsider', { email: 'someone@example.com', emailVerified: true, name: 'Сторонній' });
  own = await startOwnServer(
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_ALLOWED_DOMAINS: 'uhmi.org.ua',
    },
    port,
  );
  origin = own.origin;
});

test.afterAll(async () => {
  await own?.stop();
  await idp?.close();
});

test('the institute account signs in; the same callback opened again is refused with 400', async ({
  page,
  consoleErrors,
}) => {
  idp.next.cancel = false;
  idp.next.account = 'admin-1';
  await page.goto(`${origin}/edit/admin/Login?returnUrl=${encodeURIComponent('/edit/admin/config/AuthUsers')}`);
  const callback = page.waitForRequest((r) => r.url().startsWith(`${origin}/api/auth/oidc/callback`));
  await page.getByRole('link', { name: BUTTON }).click();
  const callbackUrl = (await callback).url();
  await expect(page).toHaveURL(`${origin}/edit/admin/config/AuthUsers`);
  // The custom token left the address bar at once.
  expect(page.url()).not.toContain('#sso=');
  const row = page.getByRole('row', { name: new RegExp(ADMIN.email) });
  await expect(row.getByText('Обліковий запис установи')).toBeVisible();
  await expect(row.getByText('Пароль')).toBeVisible();
  expect(consoleErrors).toEqual([]);

  const replay = await page.goto(callbackUrl);
  expect(replay?.status()).toBe(400);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вхід через обліковий запис установи не завершено');
});

test('a refused domain and a cancelled login are explained on the login page', async ({ browser }) => {
  const page = await browser.newPage();
  idp.next.cancel = false;
  idp.next.account = 'outsider';
  await page.goto(`${origin}/edit/admin/Login`);
  await page.getByRole('link', { name: BUTTON }).click();
  await expect(page.getByRole('alert')).toContainText('Вхід з адресами цього домену не дозволено.');
  expect(page.url()).not.toContain('sso_error');

  // A new visit to the provider's login screen (its session from the first sign-on would skip it).
  await page.context().clearCookies();
  idp.next.cancel = true;
  await page.getByRole('link', { name: BUTTON }).click();
  await expect(page.getByRole('alert')).toContainText('Вхід через обліковий запис установи скасовано.');
  await page.close();
});
