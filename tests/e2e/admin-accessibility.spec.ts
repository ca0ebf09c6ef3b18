/**
 * The admin for assistive technology and phones: axe (WCAG 2.1 AA) on a section list, an edit
 * form with a date picker and the open «Історія змін» drawer (close buttons named «Закрити», state
 * badges and placeholders at 4.5:1), the password page (reveal buttons named in Ukrainian), the
 * list's state filter whole on a 390 px phone, and the admin on that phone: sign-in, header, section
 * menu and wide panels within the screen (QA3).
 */
import { axeViolations, call, expect, signIn, test } from './fixtures';

test('axe finds no violation on the news list, a news form and its open history drawer', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const found: string[] = [];

  await page.goto('/edit/admin/config/News');
  await expect(page.getByText('Опубліковано').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  found.push(...(await axeViolations(page, 'list')));

  await page.getByRole('link', { name: 'Створити' }).click();
  await expect(page.getByRole('button', { name: 'Дата (київський час)' })).toBeVisible();
  found.push(...(await axeViolations(page, 'new news form')));

  await page.goto('/edit/admin/config/News');
  await page.getByRole('table').getByRole('link').first().click();
  await page.getByRole('button', { name: 'Історія змін' }).click();
  const drawer = page.getByRole('dialog', { name: 'Історія змін' });
  await expect(drawer.getByRole('button', { name: /^Відновити версію/ }).first()).toBeVisible();
  await drawer
    .getByRole('button', { name: /^Переглянути версію/ })
    .first()
    .click();
  await expect(drawer.getByRole('heading', { name: /^Версія \d+$/ })).toBeVisible();
  found.push(...(await axeViolations(page, 'history drawer')));
  expect(found).toEqual([]);

  // The drawer's icon-only close button is named, and closes it.
  await drawer.getByRole('button', { name: 'Закрити' }).click();
  await expect(drawer).toBeHidden();
});

test('the edit-conflict dialog: axe finds nothing, «Зберегти мої зміни поверх» included (QA5 7)', async ({ page }) => {
  await signIn(page);
  const data = { title: 'Новина для перевірки конфлікту', date: '2026-03-23T08:00:00.000Z' };
  const doc = await call<{ id: string; version: number }>(page, 'adminContent.news.create', { data });
  await page.goto(`/edit/admin/config/News/${doc.id}`);
  const title = page.getByRole('textbox', { name: 'Заголовок', exact: true });
  await expect(title).toHaveValue('Новина для перевірки конфлікту');
  await title.fill('Моя назва новини');
  // Another staff member saves the same document meanwhile.
  await call(page, 'adminContent.news.update', {
    id: doc.id,
    version: doc.version,
    data: { ...data, summary: 'Зміна іншого користувача' },
  });
  await page.getByRole('button', { name: 'Зберегти', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Документ змінено іншим користувачем' });
  await expect(dialog.getByRole('button', { name: 'Зберегти мої зміни поверх' })).toBeEnabled();
  expect(await axeViolations(page, 'conflict dialog')).toEqual([]);
});

test('on a 390 px phone the whole state filter is on screen and filters the list', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page);
  await page.goto('/edit/admin/config/News');
  const filter = page.getByRole('combobox', { name: 'Стан' });
  await expect(filter).toBeVisible();
  // The desktop segmented control is not shown at this width.
  await expect(page.locator('.mantine-SegmentedControl-root')).toBeHidden();
  const published = page.getByRole('table').getByText('Опубліковано', { exact: true });
  await expect(published.first()).toBeVisible();
  const box = (await filter.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await filter.click();
  const option = page.getByRole('option', { name: 'Заплановані' });
  const optionBox = (await option.boundingBox())!;
  expect(optionBox.x + optionBox.width).toBeLessThanOrEqual(390);
  await option.click();
  await expect(filter).toHaveValue('Заплановані');
  await expect(published).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('phone-state-filter.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('on a 390 px phone the admin fits the screen: sign-in, one-row header, the section menu closes on a choice', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  await page.goto('/edit/admin/Login');
  const signInButton = page.getByRole('button', { name: 'Увійти' });
  await expect(signInButton).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  const buttonBox = (await signInButton.boundingBox())!;
  expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(390);
  await signIn(page);

  // The header holds its buttons in its own 60 px: nothing hangs over the form below it.
  const header = (await page.locator('header').boundingBox())!;
  const signOut = (await page.getByRole('button', { name: 'Вийти' }).boundingBox())!;
  expect(signOut.y + signOut.height).toBeLessThanOrEqual(header.y + header.height);
  expect(signOut.x + signOut.width).toBeLessThanOrEqual(390);

  const burger = page.getByRole('button', { name: 'Меню розділів' });
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await burger.tap();
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Розділи адміністрування' });
  // «Змінити пароль» and «На сайт» are in the menu on a phone.
  await expect(menu.getByRole('link', { name: 'Змінити пароль' })).toBeAttached();
  await menu.getByRole('link', { name: 'Журнал змін' }).tap();
  await expect(page).toHaveURL(/\/edit\/admin\/audit$/);
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('link', { name: 'Документи' })).not.toBeInViewport();
  await expect(page.getByRole('table', { name: 'Журнал змін' })).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);

  // A conference's theses panel stacks each row (title, then state and ↑/↓): nothing scrolls sideways.
  await page.goto('/edit/admin/config/Conferences');
  await page.getByRole('table').getByRole('link').first().click();
  const theses = page.getByRole('table', { name: 'Тези доповідей' });
  await expect(theses).toBeVisible();
  expect(await pageWidth()).toBeLessThanOrEqual(390);
  const rows = theses.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(1);
  for (const row of await rows.all()) {
    for (const button of await row.getByRole('button', { name: /^(Вище|Нижче): / }).all()) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    const state = (await row.getByText(/^(Опубліковано|Чернетка)$/).boundingBox())!;
    const title = (await row.getByRole('link').boundingBox())!;
    expect(state.x + state.width).toBeLessThanOrEqual(390);
    expect(state.y).toBeGreaterThanOrEqual(title.y + title.height - 1);
  }
  // No box inside the panel scrolls sideways either.
  expect(
    await theses.evaluate((table) =>
      [table, ...table.querySelectorAll('*')].some((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0),
    ),
  ).toBe(false);
  expect(
    await theses.evaluate((table) => {
      for (let el = table.parentElement; el; el = el.parentElement)
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') return el.className;
      return null;
    }),
  ).toBeNull();
  await page.screenshot({ path: test.info().outputPath('phone-conference.png'), fullPage: true });
  await context.close();
});

test('every password field’s reveal button is named in Ukrainian, and axe finds nothing on the page (U2)', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/edit/admin/account/password');
  const reveal = page.getByRole('button', { name: 'Показати пароль' });
  await expect(reveal).toHaveCount(3);
  await expect(page.getByRole('button', { name: /password/i })).toHaveCount(0);
  await expect(reveal.first()).toHaveAttribute('aria-pressed', 'false');
  await reveal.first().click();
  await expect(reveal.first()).toHaveAttribute('aria-pressed', 'true');
  expect(await axeViolations(page, 'change password')).toEqual([]);
});

test('on a desktop the theses panel keeps one line per thesis: title, state and ↑/↓ side by side', async ({ page }) => {
  await signIn(page);
  await page.goto('/edit/admin/config/Conferences');
  await page.getByRole('table').getByRole('link').first().click();
  const row = page.getByRole('table', { name: 'Тези доповідей' }).getByRole('row').first();
  const title = (await row.getByRole('link').boundingBox())!;
  const state = (await row.getByText(/^(Опубліковано|Чернетка)$/).boundingBox())!;
  const down = (await row.getByRole('button', { name: /^Нижче: / }).boundingBox())!;
  expect(state.x).toBeGreaterThan(title.x + title.width);
  expect(down.x).toBeGreaterThan(state.x + state.width);
  expect(Math.abs(state.y + state.height / 2 - (title.y + title.height / 2))).toBeLessThan(20);
});
