/**
 * QA pass 2, P1 and R2 in the browser: the admin form shows the server's refusal of an address at
 * the field it concerns — a page at a built-in section's address at «Адреса (slug)», a redirect
 * rule that closes a circle at «Куди».
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

async function openCreateForm(page: Page, section: string) {
  await page.getByRole('navigation', { name: 'Розділи адміністрування' }).getByRole('link', { name: section }).click();
  await page.getByRole('link', { name: 'Створити' }).click();
  return page.getByRole('form');
}

test('a page at the address of the documents section is refused at «Адреса (slug)»', async ({ page }) => {
  await signIn(page);
  const form = await openCreateForm(page, 'Сторінки');
  await form.getByRole('textbox', { name: 'Заголовок', exact: true }).fill('Сторінка QA docs');
  const slug = form.getByRole('textbox', { name: 'Адреса (slug)', exact: true });
  await slug.fill('docs');
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(slug).toHaveAccessibleDescription(/Ця адреса зайнята розділом сайту «Документи»: оберіть іншу/);
  await expect(page).toHaveURL(/\/Pages\/new$/);
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap.match(/<loc>[^<]*\/docs<\/loc>/g)).toHaveLength(1);
});

test('a redirect rule back to its source is refused at «Куди», naming the circle', async ({ page }) => {
  await signIn(page);
  let form = await openCreateForm(page, 'Переадресації');
  await form.getByRole('textbox', { name: 'Звідки (шлях)', exact: true }).fill('/qa-e2e-a');
  await form.getByRole('textbox', { name: 'Куди', exact: true }).fill('/qa-e2e-b');
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page).not.toHaveURL(/\/new$/);

  form = await openCreateForm(page, 'Переадресації');
  await form.getByRole('textbox', { name: 'Звідки (шлях)', exact: true }).fill('/qa-e2e-b');
  const to = form.getByRole('textbox', { name: 'Куди', exact: true });
  await to.fill('/qa-e2e-a');
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(to).toHaveAccessibleDescription(/Переадресації утворюють коло: \/qa-e2e-b → \/qa-e2e-a → \/qa-e2e-b/);
  expect((await page.request.get('/qa-e2e-b', { maxRedirects: 0 })).status()).toBe(404);
});
