/**
 * QA4 findings on long admin lists, on an own server with no seed (so the counts are exact):
 * a conference's «Тези доповідей» panel past 100 theses (every thesis reachable, «Показано X з N»,
 * ↓ on the last shown row moves across the page boundary).
 */
import { call, expect, signIn, test } from './fixtures';
import { startOwnServer, type OwnServer } from './ownServer';

const ADMIN = { email: 'lists-admin@uhmi.org.ua', password: 'lists-admin-password-1' };
let own: OwnServer | undefined;

test.beforeAll(async () => {
  own = await startOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => {
  await own?.stop();
});

/** Three-digit title of thesis `n`. */
const thesisTitle = (n: number) => `Теза ${String(n).padStart(3, '0')}`;

test('a conference with 105 theses: «Показано 100 з 105», «Показати ще», ↓ across the page boundary', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: own!.origin, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  const conference = await call(page, 'adminContent.conferences.create', {
    data: { title: 'Конференція на 105 тез', startDate: '2026-05-01', endDate: '2026-05-02' },
  });
  for (let n = 1; n <= 105; n++) {
    await call(page, 'adminContent.theses.create', {
      data: { title: thesisTitle(n), conferenceId: conference.id, order: n, authors: [{ name: 'Автор А. А.' }] },
    });
  }

  await page.goto(`/edit/admin/config/Conferences/${conference.id}`);
  const panel = page.getByRole('table', { name: 'Тези доповідей' });
  const rows = panel.getByRole('row');
  await expect(rows).toHaveCount(100);
  await expect(page.getByText('Показано 100 з 105')).toBeVisible();

  // ↓ on the last shown row is not the end: it loads the rest and swaps with thesis 101.
  const down = page.getByRole('button', { name: `Нижче: ${thesisTitle(100)}` });
  await expect(down).toBeEnabled();
  await down.click();
  await expect(page.getByText('Показано 105 з 105')).toBeVisible();
  await expect(rows.nth(99).getByRole('link')).toHaveText(thesisTitle(101));
  await expect(rows.nth(100).getByRole('link')).toHaveText(thesisTitle(100));
  await expect(page.getByRole('button', { name: 'Показати ще' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Нижче: ${thesisTitle(105)}` })).toBeDisabled();

  // A fresh visit shows the new programme order and reaches the rest through «Показати ще».
  await page.reload();
  await expect(rows).toHaveCount(100);
  await expect(rows.nth(99).getByRole('link')).toHaveText(thesisTitle(101));
  await page.getByRole('button', { name: 'Показати ще' }).click();
  await expect(rows).toHaveCount(105);
  await expect(rows.nth(100).getByRole('link')).toHaveText(thesisTitle(100));
  await rows.nth(104).getByRole('link').click();
  await expect(page.getByRole('textbox', { name: 'Заголовок', exact: true })).toHaveValue(thesisTitle(105));
  await context.close();
});

test('a list of 60 news: «Сторінка N з 3», «Перша», «Остання» and back; a bulk action keeps the changed rows in sight', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: own!.origin, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  for (let n = 1; n <= 60; n++) {
    await call(page, 'adminContent.news.create', {
      data: { title: `Новина ${String(n).padStart(3, '0')}`, date: '2026-03-23T08:00:00.000Z' },
    });
  }
  await page.goto('/edit/admin/config/News');
  const pager = page.getByRole('navigation', { name: 'Сторінки списку' });
  /** Presses the pager's `button` and waits for «Сторінка `to` з 3». */
  const turn = async (button: string, to: number) => {
    await pager.getByRole('button', { name: button }).click();
    await expect(pager.getByText(`Сторінка ${to} з 3`)).toBeVisible();
  };
  const rows = page.getByRole('table', { name: 'Новини' }).getByRole('row');
  await expect(pager.getByText('Сторінка 1 з 3')).toBeVisible();
  await expect(rows.nth(1).getByRole('link')).toHaveText('Новина 060');

  // The last page: the oldest ten, in the list's order, without 40 clicks of «Наступна».
  await turn('Остання »', 3);
  await expect(rows).toHaveCount(11);
  await expect(rows.nth(1).getByRole('link')).toHaveText('Новина 010');
  await expect(rows.nth(10).getByRole('link')).toHaveText('Новина 001');
  await expect(pager.getByRole('button', { name: 'Наступна →' })).toBeDisabled();
  // From the last page back one page, and forward again.
  await turn('← Попередня', 2);
  await expect(rows).toHaveCount(26);
  await expect(rows.nth(1).getByRole('link')).toHaveText('Новина 035');
  await expect(rows.nth(25).getByRole('link')).toHaveText('Новина 011');
  await turn('← Попередня', 1);
  await expect(rows.nth(1).getByRole('link')).toHaveText('Новина 060');
  await expect(pager.getByRole('button', { name: '← Попередня' })).toBeDisabled();
  await turn('Наступна →', 2);
  await turn('Наступна →', 3);
  await expect(rows.nth(10).getByRole('link')).toHaveText('Новина 001');
  await expect(pager.getByRole('button', { name: 'Наступна →' })).toBeDisabled();
  await turn('« Перша', 1);
  await turn('Наступна →', 2);
  await expect(rows.nth(1).getByRole('link')).toHaveText('Новина 035');

  // Publishing page 2 moves its rows to the top (newest change first): the list follows them and marks them.
  await page.getByRole('checkbox', { name: 'Вибрати всі на сторінці' }).check();
  await page.getByRole('button', { name: 'Опублікувати' }).click();
  await expect(page.getByText('Виконано: 25')).toBeVisible();
  await expect(pager.getByText('Сторінка 1 з 3')).toBeVisible();
  await expect(page.getByRole('status').getByText(/Змінені документи \(25\) тепер на першій сторінці/)).toBeVisible();
  await expect(page.locator('tr[data-changed]')).toHaveCount(25);
  await expect(page.locator('tr[data-changed]').getByRole('link', { name: 'Новина 035' })).toBeVisible();
  await context.close();
});

test('«Облікові записи» on a 1366×900 laptop: the row actions on screen, the sign-in badge whole', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: own!.origin, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await page.goto('/edit/admin/config/AuthUsers');
  const actions = page.getByRole('button', { name: `Дії з ${ADMIN.email}` });
  await expect(actions).toBeVisible();
  const box = (await actions.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  // Its menu opens without any sideways scroll.
  await actions.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');

  const badge = page
    .getByRole('table', { name: 'Облікові записи' })
    .locator('.mantine-Badge-label', { hasText: 'Пароль' });
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await context.close();
});
