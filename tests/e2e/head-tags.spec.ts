/**
 * Head tags in Chromium: the JSON-LD data blocks cause no CSP violation (the CSP allows no inline
 * script), hydration keeps the server's tags as they are, and client navigations replace the page's
 * title, Open Graph tags, JSON-LD and citation meta.
 */
import type { Page } from '@playwright/test';
import { expect, test, untilHydrated } from './fixtures';

/** Records `securitypolicyviolation` events from the first script on (an init script is not subject to the page's CSP). */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspViolations.push(`${e.violatedDirective}: ${e.blockedURI}`),
    );
  });
}

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
const jsonLdTypes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) =>
      [JSON.parse(s.textContent ?? 'null')].flat().map((n: { '@type': string }) => n['@type']),
    ),
  );
const metaContent = (page: Page, selector: string) =>
  page.locator(`head meta[${selector}]`).evaluateAll((els) => els.map((e) => e.getAttribute('content')));

test('JSON-LD data blocks cause no CSP violation and hydration keeps them as served', async ({
  page,
  consoleErrors,
}) => {
  await recordCspViolations(page);
  await page.goto('/publications');
  await page
    .getByRole('link', { name: /Агрокліматичні ресурси/ })
    .first()
    .click();
  await expect(page.locator('h1')).toContainText('Агрокліматичні ресурси');
  await page.reload();
  await untilHydrated(page);
  expect(await jsonLdTypes(page)).toEqual(['ScholarlyArticle', 'BreadcrumbList']);
  expect(await metaContent(page, 'name="citation_title"')).toHaveLength(1);
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a client navigation replaces the title, Open Graph tags, JSON-LD and citation meta', async ({
  page,
  consoleErrors,
}) => {
  await recordCspViolations(page);
  await page.goto('/conf');
  await untilHydrated(page);
  const conf = page.locator('.card-title a').last();
  await conf.click();
  await expect(page.locator('h1')).toBeVisible();
  await expect.poll(() => jsonLdTypes(page)).toEqual(expect.arrayContaining(['Event', 'BreadcrumbList']));
  expect(await metaContent(page, 'name^="citation_"')).toEqual([]);

  const thesis = page.locator('.theses-list a').first();
  const thesisTitle = (await thesis.textContent())!;
  await thesis.click();
  await expect(page.locator('h1')).toHaveText(thesisTitle);
  await expect.poll(() => metaContent(page, 'name="citation_title"')).toEqual([thesisTitle]);
  await expect.poll(() => jsonLdTypes(page)).toEqual(expect.arrayContaining(['ScholarlyArticle', 'BreadcrumbList']));
  expect(await jsonLdTypes(page)).not.toContain('Event');
  expect(await page.title()).toContain(thesisTitle.slice(0, 20));
  expect((await page.title()).length).toBeLessThanOrEqual(60);
  expect(await metaContent(page, 'property="og:title"')).toEqual([thesisTitle]);
  expect(await metaContent(page, 'property="og:type"')).toEqual(['article']);

  await page.locator('.site-header').getByRole('link', { name: 'Новини', exact: true }).click();
  await expect(page.locator('h1')).toHaveText('Новини');
  await expect.poll(() => metaContent(page, 'name^="citation_"')).toEqual([]);
  await expect.poll(() => jsonLdTypes(page)).toEqual(['BreadcrumbList']);
  const canonical = await page.locator('head link[rel="canonical"]').getAttribute('href');
  expect(canonical).toMatch(/\/News$/);
  expect(await metaContent(page, 'property="og:url"')).toEqual([canonical]);
  expect(await metaContent(page, 'property="og:type"')).toEqual(['website']);
  expect(await cspViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test("the home page's Organization data (written by the server only) is served, and goes with a client navigation", async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await untilHydrated(page);
  expect(await jsonLdTypes(page)).toContain('Organization');
  const organization = await page
    .locator('head script[data-head="organization"]')
    .evaluate((s) => JSON.parse(s.textContent ?? 'null') as { contactPoint?: unknown[] });
  expect(organization.contactPoint?.length).toBeGreaterThan(0);
  await page.locator('.site-header').getByRole('link', { name: 'Новини', exact: true }).click();
  await expect(page.locator('h1')).toHaveText('Новини');
  await expect.poll(() => jsonLdTypes(page)).toEqual(['BreadcrumbList']);
  expect(consoleErrors).toEqual([]);
});
