/**
 * QA finding N2: after «Надіслати замовлення» is refused, keyboard focus goes to the first invalid
 * field (or, with no field to blame, to the message), not to the top of the document.
 */
import { expect, test, untilHydrated } from './fixtures';

const BOOK = '/publications/ahroklimatychni-resursy-ukrainy';

test('a refused order moves focus to the first invalid field', async ({ page }) => {
  await page.goto(BOOK);
  await untilHydrated(page);
  await page.getByLabel('Ім’я та прізвище').fill('Олена Коваленко');
  await page.getByLabel('Електронна пошта').fill('не-адреса');
  await page.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(page.getByRole('alert')).toHaveText('Перевірте виділені поля.');
  await expect(page.getByLabel('Електронна пошта')).toBeFocused();
  // The next Tab stays in the form, after the field.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Телефон')).toBeFocused();
});

test('an order with no answer moves focus to the message', async ({ page, context }) => {
  await page.goto(BOOK);
  await untilHydrated(page);
  await page.getByLabel('Ім’я та прізвище').fill('Олена Коваленко');
  await page.getByLabel('Електронна пошта').fill('olena@example.org');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await context.setOffline(false);
});
