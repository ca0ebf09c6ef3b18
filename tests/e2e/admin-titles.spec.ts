/**
 * QA3 findings 8 and 9: every admin screen names its tab after its h1 («{h1} — Адміністрування — УкрГМІ»),
 * also after in-app navigation; the author of a seeded document's revision reads «система», not «system».
 */
import type { Page } from '@playwright/test';
import { E2E_ADMIN, expect, signIn, test } from './fixtures';

const SUFFIX = ' — Адміністрування — УкрГМІ';
/** A seeded news item (src/server/seed/content/news.ts): its only version was written by the seed. */
const SEEDED_NEWS = '/edit/admin/config/News/news-hydromet-day-2025';
const SEEDED_TITLE = 'День працівників гідрометеорологічної служби: конференція та урочисте засідання';

/** Waits for the screen's h1 to read `heading`, then for the tab's title to be named after it; returns the title. */
async function expectTitledAfter(page: Page, heading: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page).toHaveTitle(`${heading}${SUFFIX}`);
  return page.title();
}

test('the sign-in screens are titled after their heading', async ({ page, consoleErrors }) => {
  await page.goto('/edit/admin/Login');
  await expectTitledAfter(page, 'Вхід');
  await page.getByRole('button', { name: 'Забули пароль?' }).click();
  await expectTitledAfter(page, 'Відновлення пароля');
  expect(consoleErrors).toEqual([]);
});

test('each admin screen has its own title, the text of its h1', async ({ page, consoleErrors }) => {
  await signIn(page);
  const titles = [await expectTitledAfter(page, 'Огляд')];
  const screens: [string, string][] = [
    ['/edit/admin/config/News', 'Новини'],
    ['/edit/admin/config/News/new', 'Новий документ: новина'],
    [SEEDED_NEWS, SEEDED_TITLE],
    ['/edit/admin/media', 'Медіатека'],
    ['/edit/admin/config/AuthUsers', 'Облікові записи'],
    ['/edit/admin/audit', 'Журнал змін'],
    ['/edit/admin/account/password', 'Змінити пароль'],
    ['/edit/admin/config/Bogus', 'Розділ не знайдено'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    titles.push(await expectTitledAfter(page, heading));
  }
  expect(new Set(titles).size).toBe(titles.length);

  // In-app navigation (no reload) renames the tab too: a list, its new form, back to the list.
  await page.goto('/edit/admin/config/News');
  await expectTitledAfter(page, 'Новини');
  await page.getByRole('link', { name: 'Створити' }).click();
  await expectTitledAfter(page, 'Новий документ: новина');
  await page.getByRole('link', { name: '← Новини' }).click();
  await expectTitledAfter(page, 'Новини');
  expect(consoleErrors).toEqual([]);
});

test('a seeded revision is by «система»; an editor’s change names their address', async ({ page }) => {
  await signIn(page);
  await page.goto(SEEDED_NEWS);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SEEDED_TITLE);
  await page.getByRole('button', { name: 'Історія змін' }).click();
  const drawer = page.getByRole('dialog', { name: 'Історія змін' });
  await expect(drawer.getByText(/ · система$/)).toHaveCount(1);
  await expect(drawer.getByText(/system/)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Версія 2', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Історія змін' }).click();
  await expect(drawer.getByText(new RegExp(` · ${E2E_ADMIN.email.replace('.', '\\.')}$`))).toHaveCount(1);
  await expect(drawer.getByText(/ · система$/)).toHaveCount(1);

  await page.goto('/edit/admin/audit');
  const row = page.getByRole('row', { name: new RegExp(SEEDED_TITLE.slice(0, 20)) }).first();
  await expect(row.getByRole('cell').nth(1)).toHaveText(E2E_ADMIN.email);
});
