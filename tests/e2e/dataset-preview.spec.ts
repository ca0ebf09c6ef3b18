/**
 * Issue 28 item 6 in Chromium: a dataset page shows its CSV table (server-rendered) and, once the
 * chart scrolls near, a uPlot line chart of the chosen column, fetched only then; the NetCDF header;
 * axe finds nothing in the previews; and a page without previews (/News) never fetches the chart.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, untilHydrated } from './fixtures';

const CHART_CHUNK = /\/assets\/lineChart-[^/]+\.(js|css)$/;

/** The chart chunk's requests a page makes from now on. */
function chartRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (CHART_CHUNK.test(new URL(r.url()).pathname)) seen.push(r.url());
  });
  return seen;
}

test('/News never loads the chart code, even scrolled to its end', async ({ page, consoleErrors }) => {
  const chart = chartRequests(page);
  await page.goto('/News');
  await untilHydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(chart).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a dataset page shows the CSV table, draws the chart of a chosen column, and the NetCDF header', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  const chart = chartRequests(page);
  await page.goto('/data_repo/ClimUAd_Ukrainian_gridded_daily');
  await untilHydrated(page);
  const previews = page.getByRole('region', { name: 'Перегляд файлів' });
  const table = previews.getByRole('table', { name: 'Рядки 1–20 файлу ClimUAd-sample-kyiv-2020-07.csv' });
  await expect(table.getByRole('columnheader', { name: 'tmean_c' })).toBeAttached();
  await expect(table.getByRole('row')).toHaveCount(21);
  // Below the fold: the chart's code is not fetched until the chart comes near.
  await page.waitForLoadState('networkidle');
  expect(chart).toEqual([]);

  const figure = previews.locator('figure.csv-chart');
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('[data-chart="drawn"] canvas')).toBeVisible();
  expect(chart.some((u) => u.endsWith('.js'))).toBe(true);
  const select = figure.getByLabel('Стовпець для графіка');
  await expect(select).toHaveValue('tmin_c');
  await expect(figure.getByRole('img')).toHaveAccessibleName(
    /^Лінійний графік стовпця «tmin_c» з 2020-07-01 по 2020-07-31/,
  );
  await select.selectOption('precip_mm');
  await expect(figure.getByRole('img')).toHaveAccessibleName(/^Лінійний графік стовпця «precip_mm»/);
  await expect(figure.locator('[data-chart="drawn"] canvas')).toHaveCount(1);
  await figure.screenshot({ path: 'test-results/dataset-chart.png' });

  await expect(previews.getByRole('table', { name: 'Змінні' })).toContainText('standard_name');
  await expect(previews.getByRole('table', { name: 'Глобальні атрибути' })).toContainText('CF-1.8');
  await expect(previews).toContainText('2020-07-01 – 2020-07-31 (31 крок)');
  await expect(page.getByRole('link', { name: 'Завантажити все' })).toHaveAttribute(
    'href',
    '/api/data_repo/ClimUAd_Ukrainian_gridded_daily/files.zip',
  );
  const axe = await new AxeBuilder({ page }).include('.file-previews').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('the previews come with a client navigation from the repository list', async ({ page, consoleErrors }) => {
  await page.goto('/data_repo');
  await untilHydrated(page);
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Сіткові місячні дані/ })
    .click();
  await expect(page).toHaveURL(/\/data_repo\/month$/);
  await expect(
    page
      .getByRole('region', { name: 'Перегляд файлів' })
      .getByRole('table', { name: /^Рядки 1–20 файлу month-sample-2020\.csv/ }),
  ).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
