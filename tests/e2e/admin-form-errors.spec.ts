/**
 * QA pass 2 in Chromium: validation feedback never moves the edit form under the pointer (F1), a
 * thesis without authors says so at «Автори» and takes the focus there (T1), and empty number fields
 * start empty and ask to be filled in Ukrainian (A1).
 */
import { axeViolations, expect, signIn, test } from './fixtures';

test('a field turning invalid on blur does not move the form: the click that caused the blur lands (F1)', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/edit/admin/config/Activities/new');
  await page.getByRole('textbox', { name: 'Заголовок' }).fill('Діяльність з довгим описом');
  const summary = page.getByRole('textbox', { name: 'Короткий опис' });
  await summary.fill('Д'.repeat(1001));
  await expect(summary).toBeFocused();
  const published = page.getByText('Опубліковано', { exact: true });
  /** The control's top in the document (focusing a field may scroll the window, not move the form). */
  const top = () => published.evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
  const before = (await published.boundingBox())!;
  const topBefore = await top();
  // A person's click: mouse down blurs the description (validated on blur), mouse up where it was.
  await page.mouse.click(before.x + before.width / 2, before.y + before.height / 2);

  await expect(summary).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('radio', { name: 'Опубліковано' })).toBeChecked();
  expect(await top()).toBe(topBefore);
  await expect(page.getByText('Перевірте виділені поля.')).toHaveCount(0);

  // The save attempt names the problem in the save bar and takes the focus to the field.
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByRole('alert')).toHaveText('Перевірте виділені поля.');
  await expect(summary).toBeFocused();
  expect(await top()).toBe(topBefore);
});

test('a thesis without authors says why at «Автори» and focuses it (T1)', async ({ page }) => {
  await signIn(page);
  await page.goto('/edit/admin/config/Conferences');
  await page.getByRole('table').getByRole('link').first().click();
  await page.getByRole('link', { name: 'Додати' }).first().click();
  await expect(page).toHaveURL(/\/theses\/new$/);
  await page.waitForLoadState('networkidle');
  const title = page.getByRole('textbox', { name: 'Заголовок' });
  await title.fill('Тези без авторів');
  await expect(title).toHaveValue('Тези без авторів');
  await page.getByRole('button', { name: 'Зберегти' }).click();

  const authors = page.getByRole('group', { name: 'Автори' });
  await expect(authors).toHaveAttribute('aria-invalid', 'true');
  await expect(authors).toHaveAccessibleDescription('Вкажіть хоча б одного автора');
  await expect(authors).toBeFocused();
  await expect(page).toHaveURL(/\/theses\/new$/);
  expect(await axeViolations(page, 'thesis form with errors')).toEqual([]);

  await authors.getByRole('button', { name: 'Додати: автори' }).click();
  await authors.getByRole('textbox', { name: 'Ім’я' }).fill('Олена Коваль');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page).not.toHaveURL(/\/new$/);
  await expect(page.getByText('Вкажіть хоча б одного автора')).toHaveCount(0);
});

test('a new journal issue’s year, volume and number start empty and ask to be filled (A1)', async ({ page }) => {
  await signIn(page);
  await page.goto('/edit/admin/config/Journal/new');
  const year = page.getByRole('textbox', { name: 'Рік' });
  await expect(year).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Том' })).toHaveValue('');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect(year).toHaveAccessibleDescription('Рік: заповніть це поле');
  await expect(page.getByRole('textbox', { name: 'Номер випуску' })).toHaveAccessibleDescription(
    'Номер випуску: заповніть це поле',
  );
  await year.fill('1850');
  await year.blur();
  await expect(year).toHaveAccessibleDescription('Рік: не раніше 1900');
});
