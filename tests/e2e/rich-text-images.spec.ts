/**
 * QA3 finding 4: an image inserted into a news item's text from the media library is described by the
 * editor (not named after its file) and keeps its pixel size, so the public page's `<img>` has that alt
 * and width/height and stays within the text's width; the description can be changed afterwards.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { IMAGE_ALT_REQUIRED_MESSAGE } from '../../src/client/admin/form/ImageAltDialog';
import { axeViolations, expect, signIn, test } from './fixtures';

const TITLE = 'Нова метеостанція на схилах Говерли';
const ALT = 'Автоматична метеостанція на тлі гірського хребта';
const NEW_ALT = 'Метеостанція на Говерлі взимку';

/** A 2400×1200 PNG: wider than any text column, so the page must scale it down. */
const widePng = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#4477aa' } })
    .png()
    .toBuffer();

/** Fills the news form's required fields but the text: title, summary and a date (admin-dates.spec.ts). */
async function fillNews(page: Page) {
  const form = page.getByRole('form');
  await form.getByRole('textbox', { name: 'Заголовок', exact: true }).fill(TITLE);
  await form.getByRole('textbox', { name: 'Короткий опис', exact: true }).fill('Інститут встановив нову станцію.');
  await form.getByRole('button', { name: 'Дата (київський час)' }).click();
  const picker = page.getByRole('dialog');
  await picker.locator('button[aria-label^="15 "]:not([data-outside])').click();
  await picker.getByLabel('Години').fill('10');
  await picker.getByRole('button', { name: 'Готово' }).click();
}

test('an image in a news text gets its description and size on the public page', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Розділи адміністрування' }).getByRole('link', { name: 'Новини' }).click();
  await page.getByRole('link', { name: 'Створити' }).click();
  await fillNews(page);
  const text = page.getByRole('textbox', { name: 'Текст', exact: true });
  await text.click();
  await page.keyboard.type('Станція передає дані щогодини.');
  // Typed Markdown stays text: no image gets in without the dialog.
  await page.keyboard.press('Enter');
  await page.keyboard.type('![](https://example.org/a.png)');
  await expect(text.getByText('![](https://example.org/a.png)')).toBeVisible();
  await expect(text.locator('img')).toHaveCount(0);
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');

  // The library's picker: upload the image there, then choose it.
  await page.getByRole('button', { name: 'Зображення з медіатеки' }).click();
  const picker = page.getByRole('dialog', { name: 'Оберіть зображення' });
  await picker
    .getByRole('button', { name: 'Завантажити файли' })
    .locator('..')
    .locator('input[type=file]')
    .setInputFiles({ name: 'IMG_2034.png', mimeType: 'image/png', buffer: await widePng() });
  // Stored as `{stamp}-IMG-2034.png`.
  const card = picker.locator('.mantine-Card-root', { hasText: 'IMG-2034.png' });
  await card.getByRole('button', { name: 'Обрати' }).click();

  // Nothing is inserted until the description is given; an empty one is refused.
  const dialog = page.getByRole('dialog', { name: 'Опис зображення' });
  await expect(dialog.getByRole('textbox', { name: 'Альтернативний текст (для незрячих)' })).toBeFocused();
  await expect(dialog.getByRole('checkbox', { name: 'Декоративне зображення (без опису)' })).not.toBeChecked();
  expect(await axeViolations(page, 'image description dialog')).toEqual([]);
  await dialog.getByRole('button', { name: 'Вставити' }).click();
  await expect(dialog.getByText(IMAGE_ALT_REQUIRED_MESSAGE)).toBeVisible();
  await expect(text.locator('img')).toHaveCount(0);
  expect(await axeViolations(page, 'image description dialog with its error')).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Альтернативний текст (для незрячих)' }).fill(ALT);
  await dialog.getByRole('button', { name: 'Вставити' }).click();
  await expect(dialog).toBeHidden();
  const inEditor = text.getByRole('img', { name: ALT });
  await expect(inEditor).toHaveAttribute('width', '2400');
  await expect(inEditor).toHaveAttribute('height', '1200');

  const form = page.getByRole('form');
  await form.locator('label', { hasText: /^Опубліковано$/ }).click();
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Версія 1', { exact: true })).toBeVisible();

  const publicPage = await page.context().newPage();
  await publicPage.goto('/News');
  await publicPage.getByRole('link', { name: TITLE }).click();
  const img = publicPage.locator('.rich-text img');
  await expect(img).toHaveCount(1);
  await expect(publicPage.locator('.rich-text')).not.toContainText('![]');
  await expect(img).toHaveAttribute('alt', ALT);
  await expect(img).toHaveAttribute('width', '2400');
  await expect(img).toHaveAttribute('height', '1200');
  // The size only reserves the proportions: the image fits the text column, 2:1.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(2400);
  const box = (await img.boundingBox())!;
  const column = (await publicPage.locator('.rich-text').boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(column.width);
  expect(box.height).toBeCloseTo(box.width / 2, 0);

  // A double click on the image in the editor opens its description, which can be changed.
  await inEditor.dblclick();
  const alt = dialog.getByRole('textbox', { name: 'Альтернативний текст (для незрячих)' });
  await expect(alt).toHaveValue(ALT);
  await alt.fill(NEW_ALT);
  await dialog.getByRole('button', { name: 'Зберегти' }).click();
  await expect(dialog).toBeHidden();
  await expect(text.getByRole('img', { name: NEW_ALT })).toHaveAttribute('width', '2400');
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Версія 2', { exact: true })).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.locator('.rich-text img')).toHaveAttribute('alt', NEW_ALT);
});
