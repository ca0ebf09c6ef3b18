/**
 * QA finding N1: with the connection gone, a click on a link or «Надіслати замовлення» must not do
 * nothing indefinitely. A navigation whose data cannot load becomes a full page load (the browser
 * then shows its own offline page, or the server's page once the connection is back; a request the
 * server answers with an error stays the spec's «Упс!» screen, see public-site.spec.ts); the book
 * order form says it could not send, in Ukrainian, and keeps what was typed.
 */
import { expect, test, untilHydrated } from './fixtures';

const BOOK = '/publications/ahroklimatychni-resursy-ukrainy';

test('offline, a click on a menu link ends promptly in a full page load of the address', async ({ page, context }) => {
  await page.goto('/');
  await untilHydrated(page);
  await context.setOffline(true);
  const loaded = page.waitForEvent('framenavigated', { timeout: 8_000 });
  await page.getByRole('navigation', { name: 'Головне меню' }).getByRole('link', { name: 'Новини' }).click();
  await loaded;
  // The browser's own page for a load without a connection (not our page, which stays on «/» forever).
  await expect(page.getByRole('heading', { name: 'Останні новини' })).toHaveCount(0);
  await context.setOffline(false);
  // Chromium's offline page may load the address again by itself once the connection is back.
  await page.goto('/News').catch((err: Error) => {
    if (!/interrupted by another navigation to "[^"]*\/News"/.test(err.message)) throw err;
  });
  await expect(page).toHaveURL(/\/News$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Новини' })).toBeVisible();
});

test('offline, the book order form says it could not send and keeps what was typed', async ({ page, context }) => {
  await page.goto(BOOK);
  await untilHydrated(page);
  await page.getByLabel('Ім’я та прізвище').fill('Олена Коваленко');
  await page.getByLabel('Електронна пошта').fill('olena@example.org');
  await page.getByLabel('Коментар').fill('Два примірники для бібліотеки');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Не вдалося надіслати замовлення: немає зв’язку з мережею. Спробуйте ще раз.',
    { timeout: 5_000 },
  );
  await expect(page.getByRole('button', { name: 'Надіслати замовлення' })).toBeEnabled();
  await expect(page.getByLabel('Ім’я та прізвище')).toHaveValue('Олена Коваленко');
  await expect(page.getByLabel('Електронна пошта')).toHaveValue('olena@example.org');
  await expect(page.getByLabel('Коментар')).toHaveValue('Два примірники для бібліотеки');
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(page.getByRole('heading', { name: 'Замовлення прийнято' })).toBeVisible();
});
