/**
 * Password reset by mail in the browser: a server of its own (the built one, with SMTP_URL pointing
 * at a real SMTP server in the test process and PUBLIC_URL at its port), the login page's «Забули
 * пароль?», the mail received and parsed, its link opened, a new password set on the real reset page,
 * and sign-in with it.
 */
import { expect, test } from './fixtures';
import { useMailingServer } from './ownServer';

const ADMIN = { email: 'admin@uhmi.org.ua', password: 'reset-e2e-admin-password' };
const mailing = useMailingServer(ADMIN);

test('«Забули пароль?» mails a Ukrainian link that opens the reset page and sets a new password', async ({ page }) => {
  await page.goto(`${mailing.origin}/edit/admin/Login`);
  await page.getByRole('button', { name: 'Забули пароль?' }).click();
  await page.getByLabel('Електронна пошта').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(page.getByRole('status')).toContainText(`Запит для ${ADMIN.email} прийнято`);

  const mail = await mailing.smtp.waitFor((m) => m.to.includes(ADMIN.email));
  expect(mail.parsed.subject).toBe('Відновлення пароля — УкрГМІ');
  const link = /(https?:\/\/\S+oobCode=\S+)/.exec(mail.parsed.text!)![1]!;
  expect(link.startsWith(`${mailing.origin}/edit/admin/Login?mode=resetPassword&oobCode=`)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Новий пароль' })).toBeVisible();
  await expect(page.getByText(`Обліковий запис: ${ADMIN.email}`)).toBeVisible();
  await page.getByLabel('Новий пароль').fill('short');
  await page.getByRole('button', { name: 'Зберегти пароль' }).click();
  await expect(page.getByText('Пароль має містити щонайменше 8 символів')).toBeVisible();
  await page.getByLabel('Новий пароль').fill('long-enough-password');
  await page.getByLabel('Повторіть пароль').fill('another-password');
  await page.getByRole('button', { name: 'Зберегти пароль' }).click();
  await expect(page.getByText('Паролі не збігаються')).toBeVisible();
  await page.getByLabel('Новий пароль').fill('password-from-the-mail');
  await page.getByLabel('Повторіть пароль').fill('password-from-the-mail');
  await page.getByRole('button', { name: 'Зберегти пароль' }).click();
  await expect(page.getByRole('heading', { name: 'Пароль змінено' })).toBeVisible();

  // The link works once: opened again, it says so at once, without the form.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Посилання для зміни пароля не діє' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Посилання недійсне або вже використане.');
  await expect(page.getByLabel('Новий пароль')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Надіслати нове посилання' })).toBeVisible();

  await page.goto(`${mailing.origin}/edit/admin/Login`);
  await page.getByLabel('Електронна пошта').fill(ADMIN.email);
  await page.getByLabel('Пароль', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page.getByRole('alert')).toContainText('Невірна адреса електронної пошти або пароль.');
  await page.getByLabel('Пароль', { exact: true }).fill('password-from-the-mail');
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page).toHaveURL(`${mailing.origin}/edit/admin`);
});
