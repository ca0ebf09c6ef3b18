/** A visitor finds the institute's developments (issue 29, item 3): from «Діяльність» to an item and its department, and back. */
import { expect, test, untilHydrated } from './fixtures';

test('a visitor goes from «Діяльність» to a development, its department, and back to the development', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/activity');
  await untilHydrated(page);
  await page.getByRole('main').getByRole('link', { name: 'Розробки', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Розробки' })).toBeVisible();
  await expect(page).toHaveTitle('Розробки — УкрГМІ');

  await page.getByRole('list', { name: 'Розробки' }).getByRole('link', { name: 'Переглядач змін клімату' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Переглядач змін клімату' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Навігаційний ланцюжок' })).toContainText('Діяльність');
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Переглядач змін клімату', exact: true }),
  ).toHaveAttribute('href', 'https://climate.uhmi.org.ua');

  const department = 'Відділ кліматичних досліджень та довгострокових прогнозів погоди';
  await page.getByRole('main').getByRole('link', { name: department }).click();
  await expect(page.getByRole('heading', { level: 1, name: department })).toBeVisible();
  const developments = page.getByRole('region', { name: 'Розробки' });
  await expect(developments.getByRole('link', { name: 'Переглядач змін клімату' })).toBeVisible();
  await developments.getByRole('link', { name: 'Переглядач змін клімату' }).click();
  await expect(page).toHaveURL(/\/Developments\/perehliadach-zmin-klimatu$/);
  expect(consoleErrors).toEqual([]);
});
