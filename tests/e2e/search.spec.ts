/** The visitor search in Chromium: the header form with and without JavaScript, results, axe, 320 px. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, untilHydrated } from './fixtures';

test('without JavaScript the header form finds «прогнозу» and shows marked results', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const form = page.getByRole('search');
  await form.getByLabel('Пошук по сайту').fill('прогнозу');
  await form.getByRole('button', { name: 'Знайти' }).click();
  await expect(page).toHaveURL(/\/search\?q=%D0%BF%D1%80%D0%BE%D0%B3%D0%BD%D0%BE%D0%B7%D1%83$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Пошук' })).toBeVisible();
  await expect(page.getByText(/Знайдено результатів: \d+/)).toBeVisible();
  await expect(page.locator('.search-result mark').first()).toHaveText(/^прогноз/i);
  await context.close();
});

test('with JavaScript a search navigates in the page and a hit opens its page', async ({ page, consoleErrors }) => {
  await page.goto('/News');
  await untilHydrated(page);
  await page.getByRole('search').getByLabel('Пошук по сайту').fill('кліматичні дані');
  await page.getByRole('search').getByLabel('Пошук по сайту').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Пошук' })).toBeVisible();
  await expect(page.getByRole('search').getByLabel('Пошук по сайту')).toHaveValue('кліматичні дані');
  const first = page.locator('.search-result h2 a').first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect(consoleErrors).toEqual([]);
});

test('axe finds no serious or critical violation on the results page', async ({ page, consoleErrors }) => {
  await page.goto('/search?q=прогнозу');
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('at 320 px the header with its search form and the results page do not scroll sideways', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  for (const url of ['/', '/search?q=прогнозу']) {
    await page.goto(url);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide, url).toBeLessThanOrEqual(320);
  }
  // The header keeps the search button; it opens /search, whose own field searches.
  await page.goto('/');
  await page.getByRole('search').getByRole('button', { name: 'Знайти' }).click();
  await expect(page).toHaveURL(/\/search(\?q=)?$/);
  await page.getByLabel('Запит').fill('прогнозу');
  await page.getByLabel('Запит').press('Enter');
  await expect(page.getByText(/Знайдено результатів: \d+/)).toBeVisible();
  await context.close();
});

test('the type filter narrows the hits to publications and back to all, by mouse and keyboard', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/search?q=клімат');
  await untilHydrated(page);
  const filter = page.getByRole('navigation', { name: 'Тип результатів' });
  const all = filter.getByRole('link', { name: /^Усі \(\d+\)$/ });
  await expect(all).toHaveAttribute('aria-current', 'page');
  const allCount = Number(/\d+/.exec((await all.textContent())!)![0]);
  const publications = filter.getByRole('link', { name: /^Публікації \(\d+\)$/ });
  const count = Number(/\d+/.exec((await publications.textContent())!)![0]);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(allCount);

  await publications.click();
  await expect(page).toHaveURL(/[?&]type=publications(&|$)/);
  await expect(page.getByText(`Знайдено результатів: ${count}`)).toBeVisible();
  await expect(filter.getByRole('link', { name: /^Публікації/ })).toHaveAttribute('aria-current', 'page');
  const labels = await page.locator('.search-result .search-type').allTextContents();
  expect(labels.length).toBe(Math.min(count, 10));
  expect(new Set(labels)).toEqual(new Set(['Публікація']));

  // Back to every type with the keyboard: the links are in the tab order.
  await all.focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/type=/);
  await expect(page.getByText(`Знайдено результатів: ${allCount}`)).toBeVisible();
  await expect(all).toHaveAttribute('aria-current', 'page');
  expect(consoleErrors).toEqual([]);
});

// One test per viewport (each loads the page twice and tabs through 14 pills: together they once
// outran the 30 s budget on a loaded machine).
for (const [width, height, name] of [
  [390, 844, 'phone'],
  [320, 640, 'small-phone'],
  [1280, 800, 'desktop'],
] as const) {
  test(`with 13 types the filter is one sideways-scrolling row on phones and wraps on a desktop (${name})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    // «та» is in 13 types of the seed: «Усі» and 13 pills.
    await page.goto('/search?q=та');
    // The keyboard check below needs the app: before hydration nothing reveals a focused pill, and
    // hydration then centres the current pill («Усі»), scrolling the row back from a pill tabbed to.
    await untilHydrated(page);
    const filter = page.getByRole('navigation', { name: 'Тип результатів' });
    const links = filter.getByRole('link');
    await expect(links).toHaveCount(14);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
    const box = (await filter.boundingBox())!;
    const pill = (await links.first().boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(width);
    // At most two rows of pills (with the focus ring's room) stand above the first hit.
    expect(box.height, name).toBeLessThanOrEqual(2 * pill.height + 20);
    const last = links.last();
    const lastHref = (await last.getAttribute('href'))!;
    if (name !== 'desktop') {
      expect(await filter.evaluate((nav) => nav.scrollWidth > nav.clientWidth), name).toBe(true);
      await expect(last).not.toBeInViewport();
      // The keyboard reaches the last pill: the row scrolls it into view, with its focus ring.
      await links.first().focus();
      for (let i = 1; i < 14; i += 1) await page.keyboard.press('Tab');
      await expect(last).toBeFocused();
      await expect(last).toBeInViewport({ ratio: 1 });
      expect(await last.evaluate((a) => getComputedStyle(a).outlineStyle), name).toBe('solid');
    } else {
      await expect(last).toBeInViewport({ ratio: 1 });
    }
    await page.screenshot({ path: test.info().outputPath(`search-filter-${name}.png`) });
    // With JavaScript a filtered page scrolls the row to its current pill.
    await page.goto(lastHref);
    await untilHydrated(page);
    await expect(filter.getByRole('link', { name: /^Сторінки/ })).toHaveAttribute('aria-current', 'page');
    await expect(filter.getByRole('link', { name: /^Сторінки/ })).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => [window.scrollX, document.documentElement.scrollWidth]), name).toEqual([0, width]);
    await page.screenshot({ path: test.info().outputPath(`search-filter-${name}-current.png`) });
    await context.close();
  });
}

test('on a phone, a pill tabbed to before the scripts ran stays in view when they run', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The app's scripts arrive late (a slow phone network): the visitor tabs into the row first.
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // A deferred module script holds back DOMContentLoaded: wait for the parsed row instead.
  await page.goto('/search?q=та', { waitUntil: 'commit' });
  const links = page.getByRole('navigation', { name: 'Тип результатів' }).getByRole('link');
  await expect(links).toHaveCount(14);
  await links.first().focus();
  for (let i = 1; i < 14; i += 1) await page.keyboard.press('Tab');
  const last = links.last();
  await expect(last).toBeFocused();
  releaseScripts();
  await untilHydrated(page);
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport({ ratio: 1 });
  await context.close();
});

test('a new query typed on a filtered results page keeps the filter, with and without JavaScript', async ({
  browser,
}) => {
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/search?q=клімат&type=publications');
    if (javaScriptEnabled) await untilHydrated(page);
    await page.getByLabel('Запит').fill('прогнозу');
    await page.getByLabel('Запит').press('Enter');
    await expect(page).toHaveURL(/\/search\?q=%D0%BF%D1%80%D0%BE%D0%B3%D0%BD%D0%BE%D0%B7%D1%83&type=publications$/);
    const filter = page.getByRole('navigation', { name: 'Тип результатів' });
    await expect(filter.getByRole('link', { name: /^Публікації \(\d+\)$/ })).toHaveAttribute('aria-current', 'page');
    // «Усі» leads back to every type of the new query.
    await filter.getByRole('link', { name: /^Усі \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\/search\?q=%D0%BF%D1%80%D0%BE%D0%B3%D0%BD%D0%BE%D0%B7%D1%83$/);
    await expect(page.getByText(/Знайдено результатів: \d+/)).toBeVisible();
    await context.close();
  }
});
