/** QA finding 14: an unknown admin section shows «Розділ не знайдено» at the address the editor typed. */
import { expect, test } from './fixtures';

const ADMIN = { email: 'admin@uhmi.org.ua', password: 'e2e-admin-password' };

test('an unknown section keeps its address and says the section is not found', async ({ page }) => {
  await page.goto('/edit/admin/Login');
  await page.getByLabel('Електронна пошта').fill(ADMIN.email);
  await page.getByLabel('Пароль', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page).toHaveURL(/\/edit\/admin$/);

  await page.goto('/edit/admin/config/Bogus');
  await expect(page.getByRole('heading', { level: 1, name: 'Розділ не знайдено' })).toBeVisible();
  await expect(page).toHaveURL(/\/edit\/admin\/config\/Bogus$/);
  await page.getByRole('link', { name: 'До огляду' }).click();
  await expect(page).toHaveURL(/\/edit\/admin$/);
});
