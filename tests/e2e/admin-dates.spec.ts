/**
 * Issue 29 item 6 in a browser whose language is English (en-US): the admin's date-time field is
 * Mantine's picker speaking Ukrainian, in Kyiv time; it opens, closes on Escape and is filled from
 * the keyboard alone; what is saved reads back as the same Kyiv time.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

/**
 * The 15th of the current month in Kyiv: `{ label: '15 <month> <year>' (the calendar's label),
 * text: '15.MM.YYYY', utc: ISO instant of hour:minute Kyiv time that day }`.
 */
function fifteenthInKyiv(hour = 9, minute = 45) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv', year: 'numeric', month: '2-digit' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const monthName = new Intl.DateTimeFormat('uk', { month: 'long', day: 'numeric', timeZone: 'UTC' })
    .format(new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, 15)))
    .replace(/^15 /, '');
  // hour:minute that day in Kyiv as a UTC instant (Kyiv's offset that day: +02:00 or +03:00).
  const guess = Date.UTC(Number(parts.year), Number(parts.month) - 1, 15, hour, minute);
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Kyiv', timeZoneName: 'longOffset' })
    .formatToParts(new Date(guess))
    .find((p) => p.type === 'timeZoneName')!.value; // GMT+02:00
  const utc = new Date(guess - Number(offset.slice(4, 6)) * 3600_000).toISOString();
  return { label: `15 ${monthName} ${parts.year}`, text: `15.${parts.month}.${parts.year}`, utc };
}

/** The stored `date` of the news item the edit page (at /config/News/{id}) has just saved, as the API answers it. */
async function storedNewsDate(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/config\/News\/[^/]+$/);
  const id = page.url().split('/').pop()!;
  const stored = await page.request.get(
    `/api/trpc/adminContent.news.get?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`,
  );
  return ((await stored.json()) as { result: { data: { json: { date: string } } } }).result.data.json.date;
}

test('the date-time picker speaks Ukrainian in an en-US browser, in Kyiv time, from the keyboard', async ({ page }) => {
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  await signIn(page);
  await page.getByRole('navigation', { name: 'Розділи адміністрування' }).getByRole('link', { name: 'Новини' }).click();
  await page.getByRole('link', { name: 'Створити' }).click();
  const form = page.getByRole('form');
  await form.getByRole('textbox', { name: 'Заголовок', exact: true }).fill('Новина про дати в англомовному браузері');

  const picker = form.getByRole('button', { name: 'Дата (київський час)' });
  await picker.focus();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  const dropdown = page.getByRole('dialog');
  await expect(dropdown.getByRole('button', { name: 'Вибрати місяць' })).toHaveText(/^[а-яіїєґ]+ \d{4}$/);
  await expect(dropdown.getByRole('columnheader').first()).toHaveText('пн');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(dropdown).toBeHidden();
  await expect(picker).toBeFocused(); // back on the field, not on the page (QA2 K1)

  await picker.focus();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('aria-expanded', 'true');
  // The calendar opens with the focus on a day (today: nothing is chosen yet), so arrows work at once (QA2 K1).
  const fifteenth = fifteenthInKyiv();
  const focusedDay = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
  expect(focusedDay).toMatch(/^\d{1,2} \S+ \d{4}$/);
  expect(Number(focusedDay.split(' ')[0])).toBe(await page.evaluate(() => new Date().getDate())); // the browser's today
  const steps = 15 - Number(focusedDay.split(' ')[0]);
  for (let i = 0; i < Math.abs(steps); i += 1) await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
  await expect(dropdown.getByRole('button', { name: fifteenth.label })).toBeFocused();
  // Picking a day moves the focus to the hours.
  await page.keyboard.press('Enter');
  const hours = dropdown.getByLabel('Години');
  const minutes = dropdown.getByLabel('Хвилини');
  await expect(hours).toBeFocused();
  // Mantine's time fields build the time from the values of their last render, so each field is
  // typed at a person's pace and read back before the next: keys sent faster than the picker
  // renders would combine the new minutes with the previous hours.
  await expect(hours).toHaveValue('00');
  await page.keyboard.type('09', { delay: 50 });
  await expect(hours).toHaveValue('09');
  await expect(minutes).toBeFocused();
  await page.keyboard.type('45', { delay: 50 });
  await expect(minutes).toHaveValue('45');
  await expect(hours).toHaveValue('09');
  await page.keyboard.press('Tab');
  await expect(dropdown.getByRole('button', { name: 'Готово' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveAttribute('aria-expanded', 'false');
  await expect(picker).toHaveText(`${fifteenth.text} 09:45`);
  await expect(picker).toBeFocused();

  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Збережено')).toBeVisible();
  // Stored as the UTC instant of that Kyiv time, whatever the browser's own zone (New York here).
  expect(await storedNewsDate(page)).toBe(fifteenth.utc);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Дата (київський час)' })).toHaveText(`${fifteenth.text} 09:45`);
});

test('a time typed digit by digit after clicking the hours box is the time saved (QA finding 2)', async ({ page }) => {
  await signIn(page);
  await page.goto('/edit/admin/config/News/new');
  const form = page.getByRole('form');
  await form.getByRole('textbox', { name: 'Заголовок', exact: true }).fill('Новина про набраний час');
  const picker = form.getByRole('button', { name: 'Дата (київський час)' });
  const dropdown = page.getByRole('dialog');
  const morning = fifteenthInKyiv(9, 0);
  const night = fifteenthInKyiv(23, 59);

  /** Opens the picker, clicks «Години» (the caret lands inside `00`), types `keys` one by one, «Готово». */
  async function typeTime(keys: string, pickDay: boolean) {
    await picker.click();
    if (pickDay) await dropdown.getByRole('button', { name: morning.label }).click();
    await dropdown.getByLabel('Години').click();
    await page.keyboard.type(keys, { delay: 120 });
    await dropdown.getByRole('button', { name: 'Готово' }).click();
    await expect(dropdown).toBeHidden();
  }

  await typeTime('0900', true);
  await expect(picker).toHaveText(`${morning.text} 09:00`);
  await typeTime('2359', false);
  await expect(picker).toHaveText(`${night.text} 23:59`);

  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Збережено')).toBeVisible();
  expect(await storedNewsDate(page)).toBe(night.utc);
});

test('a date picked from the keyboard leaves the focus on its field, and Tab goes on to the next one', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/edit/admin/config/Trainings/new');
  const form = page.getByRole('form');
  const start = form.getByRole('button', { name: 'Дата початку', exact: true });
  const end = form.getByRole('button', { name: 'Дата завершення', exact: true });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(
    page
      .getByRole('dialog')
      .getByRole('button', { name: /^\d{1,2} \S+ \d{4}$/ })
      .and(page.locator(':focus')),
  ).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(start).toHaveAttribute('aria-expanded', 'false');
  await expect(start).not.toHaveText('Оберіть дату');
  await expect(start).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(end).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(end).toHaveAttribute('aria-expanded', 'true');
  await expect(start).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('dialog')).toHaveCount(1);
});
