import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const ADMIN = { email: 'admin@uhmi.org.ua', password: 'e2e-admin-password' };

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.getByLabel('Електронна пошта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Увійти' }).click();
}

test('staff sign in, keep the session over a reload, and sign out to the public site', async ({ page }) => {
  await page.goto('/edit/admin/config/AuthUsers');
  await expect(page).toHaveURL(/\/edit\/admin\/Login\?returnUrl=%2Fedit%2Fadmin%2Fconfig%2FAuthUsers$/);

  await signIn(page, ADMIN.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Невірна адреса електронної пошти або пароль.');

  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/edit\/admin\/config\/AuthUsers$/);
  await expect(page.getByRole('heading', { name: 'Облікові записи' })).toBeVisible();
  await expect(page.getByRole('cell', { name: ADMIN.email, exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Облікові записи' })).toBeVisible();

  await page.goto('/edit/admin/Login');
  await expect(page).toHaveURL(/\/edit\/admin$/); // the login guard sends a signed-in user on

  await page.getByRole('button', { name: 'Вийти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Український гідрометеорологічний інститут' }),
  ).toBeVisible();
  await page.goto('/edit/admin');
  await expect(page).toHaveURL(/\/edit\/admin\/Login/);
});

test('an administrator creates an editor, who cannot open the accounts section', async ({ page }) => {
  await page.goto('/edit/admin/Login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/edit\/admin$/);
  await page
    .getByRole('navigation', { name: 'Розділи адміністрування' })
    .getByRole('link', { name: 'Облікові записи' })
    .click();
  await page.getByRole('button', { name: 'Створити обліковий запис' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новий обліковий запис' });
  await dialog.getByLabel('Електронна пошта').fill('editor.e2e@uhmi.org.ua');
  await dialog.getByLabel('Ім’я').fill('Редактор Тестовий');
  await dialog.getByLabel('Початковий пароль').fill('short');
  await dialog.getByRole('button', { name: 'Створити' }).click();
  await expect(dialog.getByText('Пароль має містити щонайменше 8 символів')).toBeVisible();
  await dialog.getByLabel('Початковий пароль').fill('editor-e2e-password');
  await dialog.getByRole('button', { name: 'Створити' }).click();
  await expect(page.getByRole('cell', { name: 'editor.e2e@uhmi.org.ua', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Вийти' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/edit/admin/Login');
  await signIn(page, 'editor.e2e@uhmi.org.ua', 'editor-e2e-password');
  await expect(page).toHaveURL(/\/edit\/admin$/);
  await expect(
    page.getByRole('navigation', { name: 'Розділи адміністрування' }).getByRole('link', { name: 'Облікові записи' }),
  ).toHaveCount(0);
  await page.goto('/edit/admin/config/AuthUsers');
  await expect(page).toHaveURL(/\/edit\/admin\?denied=1$/);
  await expect(page.getByRole('alert')).toContainText('лише адміністраторам');
});

test('the sign-in screens check their fields in Ukrainian and have no serious accessibility violation', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/edit/admin/Login');
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page.getByText('Введіть коректну адресу електронної пошти')).toBeVisible();
  await expect(page.getByText('Введіть пароль')).toBeVisible();
  await expect(page.getByLabel('Електронна пошта')).toHaveAttribute('aria-invalid', 'true');
  const axe = async () => {
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  expect(await axe()).toEqual([]);

  await page.getByRole('button', { name: 'Забули пароль?' }).click();
  await expect(page.getByRole('heading', { name: 'Відновлення пароля' })).toBeVisible();
  await page.getByLabel('Електронна пошта').fill('not-an-address');
  await page.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect(page.getByText('Введіть коректну адресу електронної пошти')).toBeVisible();
  expect(await axe()).toEqual([]);

  // A made-up reset link is checked as the page opens (the new-password form's own checks are in
  // password-reset-mail.spec.ts, on a live link).
  await page.goto('/edit/admin/Login?mode=resetPassword&oobCode=unused');
  await expect(page.getByRole('heading', { name: 'Посилання для зміни пароля не діє' })).toBeVisible();
  expect(await axe()).toEqual([]);
  expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});

test('a made-up or dead password-reset link says so at once and offers a new link or the sign-in', async ({ page }) => {
  await page.goto('/edit/admin/Login?mode=resetPassword&oobCode=garbage');
  await expect(page.getByRole('heading', { name: 'Посилання для зміни пароля не діє' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Посилання недійсне або вже використане.');
  await expect(page.getByLabel('Новий пароль')).toHaveCount(0);
  await page.getByRole('button', { name: 'Надіслати нове посилання' }).click();
  await expect(page.getByRole('heading', { name: 'Відновлення пароля' })).toBeVisible();
  await expect(page.getByLabel('Електронна пошта')).toBeVisible();
  await page.getByRole('button', { name: 'Повернутися до входу' }).click();
  await expect(page).toHaveURL(/\/edit\/admin\/Login$/);
  await expect(page.getByRole('heading', { name: 'Вхід' })).toBeVisible();

  await page.goto('/edit/admin/Login?mode=resetPassword&oobCode=garbage');
  await page.getByRole('link', { name: 'Повернутися до входу' }).click();
  await expect(page.getByRole('heading', { name: 'Вхід' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Увійти' })).toBeVisible();
});
