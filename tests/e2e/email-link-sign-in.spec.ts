/**
 * Sign-in by email link in the browser: a server of its own (the built one, SMTP_URL pointing at a
 * real SMTP server in the test process, PUBLIC_URL at its port), the login page's «Надіслати
 * посилання для входу», the mail received and parsed, its link opened in Chromium: in the same
 * browser it signs in at once (the address was kept in local storage); in another browser the page
 * asks for the address first. The time from «Надіслати посилання» to the signed-in admin is measured
 * and reported (annotation `email-link-sign-in-ms`).
 */
import { expect, test } from './fixtures';
import { useMailingServer } from './ownServer';

const ADMIN = { email: 'admin@uhmi.org.ua', password: 'link-e2e-admin-password' };
const mailing = useMailingServer(ADMIN);

const linkIn = (text: string) => /(https?:\/\/\S+oobCode=\S+)/.exec(text)![1]!;

test('«Надіслати посилання для входу» mails a link that signs in in the same browser', async ({ page, browser }) => {
  await page.goto(`${mailing.origin}/edit/admin/Login?returnUrl=%2Fedit%2Fadmin%2Fconfig%2FAuthUsers`);
  await page.getByRole('button', { name: 'Надіслати посилання для входу' }).click();
  await expect(page.getByRole('heading', { name: 'Вхід за посиланням' })).toBeVisible();
  await page.getByLabel('Електронна пошта').fill(ADMIN.email);
  const before = mailing.smtp.received.length;
  const started = Date.now();
  await page.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(page.getByRole('status')).toContainText(`Запит для ${ADMIN.email} прийнято`);

  const mail = await mailing.smtp.waitFor(
    (m) => m.to.includes(ADMIN.email) && mailing.smtp.received.indexOf(m) >= before,
  );
  expect(mail.parsed.subject).toBe('Вхід на сайт — УкрГМІ');
  const link = linkIn(mail.parsed.text!);
  expect(link.startsWith(`${mailing.origin}/edit/admin/Login?`)).toBe(true);

  await page.goto(link);
  await expect(page).toHaveURL(`${mailing.origin}/edit/admin/config/AuthUsers`);
  await expect(page.getByRole('heading', { name: 'Облікові записи' })).toBeVisible();
  const elapsed = Date.now() - started;
  test.info().annotations.push({ type: 'email-link-sign-in-ms', description: String(elapsed) });
  console.log(`email link: «Надіслати посилання» to signed in: ${elapsed} ms`);
  // Signing in by link verified the address; the kept address is gone.
  const row = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(row.getByText('Підтверджено', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('uhmi.emailForSignIn'))).toBeNull();

  // The link works once.
  const other = await browser.newContext();
  const again = await other.newPage();
  await again.goto(link);
  await again.getByLabel('Електронна пошта').fill(ADMIN.email);
  await again.getByRole('button', { name: 'Увійти' }).click();
  await expect(again.getByRole('alert')).toContainText('Посилання недійсне або вже використане.');
  await other.close();
});

test('a link opened in another browser asks for the address first', async ({ page, browser }) => {
  await page.goto(`${mailing.origin}/edit/admin/Login`);
  await page.getByRole('button', { name: 'Надіслати посилання для входу' }).click();
  await page.getByLabel('Електронна пошта').fill(ADMIN.email);
  const before = mailing.smtp.received.length;
  await page.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(page.getByRole('status')).toContainText('прийнято');
  const mail = await mailing.smtp.waitFor(
    (m) => m.to.includes(ADMIN.email) && mailing.smtp.received.indexOf(m) >= before,
  );

  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(linkIn(mail.parsed.text!));
  await expect(elsewhere.getByText('Посилання відкрито на іншому пристрої')).toBeVisible();
  await elsewhere.getByLabel('Електронна пошта').fill('someone-else@uhmi.org.ua');
  await elsewhere.getByRole('button', { name: 'Увійти' }).click();
  await expect(elsewhere.getByRole('alert')).toContainText('не збігається');
  await elsewhere.getByLabel('Електронна пошта').fill(ADMIN.email);
  await elsewhere.getByRole('button', { name: 'Увійти' }).click();
  await expect(elsewhere).toHaveURL(`${mailing.origin}/edit/admin`);
  await other.close();
});

test('«Змінити мою адресу» changes the address once the link mailed to the new one is followed', async ({ page }) => {
  const next = 'webmaster@uhmi.org.ua';
  await page.goto(`${mailing.origin}/edit/admin/Login?returnUrl=%2Fedit%2Fadmin%2Fconfig%2FAuthUsers`);
  await page.getByLabel('Електронна пошта').fill(ADMIN.email);
  await page.getByLabel('Пароль', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Увійти', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Облікові записи' })).toBeVisible();

  await page.getByRole('button', { name: 'Змінити мою адресу' }).click();
  const dialog = page.getByRole('dialog', { name: 'Змінити мою адресу' });
  await dialog.getByLabel('Нова адреса електронної пошти').fill(next);
  await dialog.getByLabel('Поточний пароль').fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(dialog.getByRole('status')).toContainText(`Лист із посиланням надіслано на ${next}`);

  const mail = await mailing.smtp.waitFor((m) => m.to.includes(next));
  expect(mail.parsed.subject).toBe('Зміна адреси електронної пошти — УкрГМІ');
  await page.goto(linkIn(mail.parsed.text!));
  await expect(page.getByRole('status')).toContainText('Адресу електронної пошти змінено й підтверджено.');

  await page.goto(`${mailing.origin}/edit/admin/config/AuthUsers`);
  const row = page.getByRole('row').filter({ hasText: next });
  await expect(row.getByText('Підтверджено', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email })).toHaveCount(0);
});
