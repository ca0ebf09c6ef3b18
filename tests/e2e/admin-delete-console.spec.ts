/**
 * QA finding 12: deleting a document from its edit page leaves no failed request behind (the page's
 * query of the deleted document is not refetched), and an unknown id asks the server once and shows
 * that the document was not found («Документ не знайдено»).
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Requests to `adminContent.news.get` and every answer of 400 or more, as `status url`. */
function watchRequests(page: Page) {
  const gets: string[] = [];
  const failed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('adminContent.news.get')) gets.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  return { gets, failed };
}

test('deleting a news item from its edit page logs no failed request', async ({ page, consoleErrors }) => {
  await signIn(page);
  const id = await page.evaluate(async () => {
    const res = await fetch('/api/trpc/adminContent.news.create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { data: { title: 'Новина на видалення', date: '2026-03-23T08:00:00.000Z' } } }),
    });
    return ((await res.json()) as { result: { data: { json: { id: string } } } }).result.data.json.id;
  });
  await page.goto(`/edit/admin/config/News/${id}`);
  await expect(page.getByRole('textbox', { name: 'Заголовок', exact: true })).toHaveValue('Новина на видалення');
  const seen = watchRequests(page);

  await page.getByRole('button', { name: 'Видалити', exact: true }).click();
  await page.getByRole('dialog', { name: 'Видалити документ?' }).getByRole('button', { name: 'Видалити' }).click();
  await expect(page.getByText('Документ видалено')).toBeVisible();
  await expect(page).toHaveURL(/\/config\/News$/);
  await expect(page.getByRole('link', { name: 'Створити' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(seen.gets).toEqual([]);
  expect(seen.failed).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('an unknown id asks the server once and shows that nothing was found', async ({ page, consoleErrors }) => {
  await signIn(page);
  const seen = watchRequests(page);
  await page.goto('/edit/admin/config/News/doesnotexist');
  await expect(page.getByRole('heading', { level: 1, name: 'Документ не знайдено' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Такого документа немає');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  expect(seen.gets).toHaveLength(1);
  // The one 404 is the answer the page shows, logged by the browser as a failed resource; nothing else.
  expect(seen.failed).toHaveLength(1);
  expect(consoleErrors.filter((e) => !e.includes('status of 404'))).toEqual([]);
});
