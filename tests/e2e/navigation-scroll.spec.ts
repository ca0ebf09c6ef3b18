/**
 * Scrolling around navigations (issue 29, item 1), as a visitor on a 412 px phone sees it: the
 * hydrating render never moves the page, a link navigation scrolls smoothly 100 ms later (to the
 * hash below the sticky header, else to the top), and back, forward and reload keep the position.
 */
import type { Page } from '@playwright/test';
import { expect, test, untilHydrated } from './fixtures';

test.use({ viewport: { width: 412, height: 915 } });

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls to `y` and waits until the page is there (and the position recorded). */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => scrollY(page)).toBe(y);
  await page.waitForTimeout(100);
}

/** Waits past the navigation scroll's delay and a smooth scroll's length, so a late jump would show. */
const settle = (page: Page) => page.waitForTimeout(1200);

test('the page stays where the visitor scrolled while the app was loading', async ({ page, consoleErrors }) => {
  // The app's scripts arrive 2.5 s late, as on a slow phone connection.
  await page.route('**/assets/**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.goto('/News', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Новини' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1500 + 915);
  await scrollTo(page, 1500);
  await untilHydrated(page);
  await settle(page);
  expect(await scrollY(page)).toBe(1500);
  expect(consoleErrors).toEqual([]);
});

test('a reload in the middle of a page comes back to the same place', async ({ page, consoleErrors }) => {
  await page.goto('/News');
  await untilHydrated(page);
  await scrollTo(page, 1400);
  await page.reload();
  await untilHydrated(page);
  await settle(page);
  expect(await scrollY(page)).toBe(1400);
  expect(consoleErrors).toEqual([]);
});

test('back and forward return to where the visitor was on each page', async ({ page, consoleErrors }) => {
  await page.goto('/News');
  await untilHydrated(page);
  const item = page.getByRole('list', { name: 'Новини' }).getByRole('link').nth(5);
  const title = (await item.textContent())!;
  // Half-way down the list, with the link on screen (a click would scroll to it first).
  const y = await item.evaluate((el) => Math.round(el.getBoundingClientRect().top + window.scrollY - 400));
  expect(y).toBeGreaterThan(1000);
  await scrollTo(page, y);
  await item.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => scrollY(page), { timeout: 5000 }).toBe(0);
  await scrollTo(page, 300);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Новини' })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(y);
  await settle(page);
  expect(await scrollY(page)).toBe(y);

  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(300);
  await settle(page);
  expect(await scrollY(page)).toBe(300);
  expect(consoleErrors).toEqual([]);
});

test('a link to a part of another page scrolls there smoothly, 100 ms after the page changes', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await untilHydrated(page);
  const link = page.getByRole('list', { name: 'Найближчі навчання' }).getByRole('link').first();
  const id = (await link.getAttribute('href'))!.split('#')[1]!;
  // On screen first (a click scrolls to its target), then every scroll position with its time, and
  // when the address changed.
  await link.scrollIntoViewIfNeeded();
  await page.waitForTimeout(200);
  await page.evaluate(() => {
    const w = window as unknown as { marks: Array<[number, number]>; changedAt: number | null };
    w.marks = [];
    w.changedAt = null;
    const start = location.href;
    const watch = () => {
      if (w.changedAt === null && location.href !== start) w.changedAt = performance.now();
      if (w.changedAt === null) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    addEventListener('scroll', () => w.marks.push([performance.now(), window.scrollY]), { passive: true });
  });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/Trainings#${id}$`));
  const header = await page.evaluate(() =>
    Math.round(document.querySelector('.site-header')!.getBoundingClientRect().height),
  );
  await expect
    .poll(() => page.evaluate((t) => Math.round(document.getElementById(t)!.getBoundingClientRect().top), id), {
      timeout: 5000,
    })
    .toBe(header);
  const { marks, changedAt } = await page.evaluate(() => {
    const w = window as unknown as { marks: Array<[number, number]>; changedAt: number };
    return { marks: w.marks, changedAt: w.changedAt };
  });
  // Nothing moved before the delay, and the page glided (several positions) rather than jumped.
  expect(marks.length).toBeGreaterThan(2);
  expect(marks[0]![0] - changedAt).toBeGreaterThanOrEqual(90);
  expect(new Set(marks.map(([, y]) => y)).size).toBeGreaterThan(2);
  expect(consoleErrors).toEqual([]);
});

test('a plain link scrolls the new page to the top', async ({ page, consoleErrors }) => {
  await page.goto('/News');
  await untilHydrated(page);
  await scrollTo(page, 1500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Документи' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Документи' })).toBeVisible();
  await expect.poll(() => scrollY(page), { timeout: 5000 }).toBe(0);
  expect(consoleErrors).toEqual([]);
});
