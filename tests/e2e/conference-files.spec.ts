/** Issue 28, item 7 in Chromium: a conference's «Додати до календаря» and «Збірник тез», a training's calendar file. */
import { readFile } from 'node:fs/promises';
import { expect, test, untilHydrated } from './fixtures';

const CONFERENCE = 'klimatychni-zminy-ta-hidrometeorolohichna-bezpeka';

test('a visitor saves a conference to the calendar and gets its book of abstracts', async ({ page, consoleErrors }) => {
  await page.goto(`/conf/${CONFERENCE}`);
  await untilHydrated(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Додати до календаря' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${CONFERENCE}.ics`);
  const ics = await readFile(await download.path(), 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('DTSTART;VALUE=DATE:20251118');

  const book = page.getByRole('link', { name: 'Збірник тез' });
  await expect(book).toHaveAttribute('href', `/conf/${CONFERENCE}/abstracts.pdf`);
  const res = await page.request.get((await book.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect(consoleErrors).toEqual([]);
});

test('each training on /Trainings offers its own calendar file', async ({ page, consoleErrors }) => {
  await page.goto('/Trainings');
  const card = page.locator('li.card[id]').first();
  const id = (await card.getAttribute('id'))!;
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('link', { name: /^Додати до календаря/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${id}.ics`);
  // Lines longer than 75 octets are folded (RFC 5545 §3.1).
  const ics = (await readFile(await download.path(), 'utf8')).replace(/\r\n /g, '');
  expect(ics).toContain(`/Trainings/${id}\r\n`);
  expect(consoleErrors).toEqual([]);
});
