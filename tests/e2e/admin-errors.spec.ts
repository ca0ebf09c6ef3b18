/**
 * Issue 29 item 5: the admin's error screen is the spec's (heading, text, support address, animated
 * image, details in the console), and after a deploy a chunk-load error checks builds/latest.json at
 * once and reloads, at most once per 10 s (the `uhmi:reload` marker in session storage).
 */
import type { Page, Route } from '@playwright/test';
import { expect, signIn as signInAs, test } from './fixtures';

/** The admin's JavaScript chunks (hashed names under /assets). */
const CHUNKS = /\/assets\/[^?]+\.js(\?.*)?$/;

async function signIn(page: Page) {
  await signInAs(page);
  await expect(page.getByRole('navigation', { name: 'Розділи адміністрування' })).toBeVisible();
}

const missingChunk = (route: Route) => route.fulfill({ status: 404, body: 'gone after the deploy' });

/**
 * Serves builds/latest.json: the running build's own manifest until `deploy()`, a newer build id
 * after it (the old chunks are then gone: they answer 404 until the reload asks for the new ones).
 */
async function deployments(page: Page) {
  let deployed = false;
  const manifestRequests: string[] = [];
  await page.route('**/builds/latest.json*', async (route) => {
    manifestRequests.push(route.request().url());
    if (!deployed) return route.continue();
    await page.unroute(CHUNKS, missingChunk);
    return route.fulfill({ json: { id: 'build-after-the-deploy' } });
  });
  return {
    manifestRequests,
    async deploy() {
      deployed = true;
      await page.route(CHUNKS, missingChunk);
    },
  };
}

test('after a deploy, a chunk-load error in the admin checks the build at once and reloads, once per 10 s', async ({
  page,
}) => {
  const builds = await deployments(page);
  await signIn(page);
  // The hourly check ran at start (idle + 1 s) and found no newer build.
  await expect.poll(() => builds.manifestRequests.length).toBeGreaterThan(0);
  const checksBefore = builds.manifestRequests.length;
  await builds.deploy();

  const reloaded = page.waitForEvent('load');
  await page
    .getByRole('navigation', { name: 'Розділи адміністрування' })
    .getByRole('link', { name: 'Медіатека' })
    .click();
  await reloaded;
  expect(builds.manifestRequests.length).toBeGreaterThan(checksBefore);
  await expect(page).toHaveURL(/\/edit\/admin\/media$/);
  await expect(page.getByRole('heading', { name: 'Медіатека' })).toBeVisible();
  expect(Number(await page.evaluate(() => sessionStorage.getItem('uhmi:reload')))).toBeGreaterThan(Date.now() - 10_000);

  // Another deploy within 10 s: no second reload, the error screen instead.
  let reloads = 0;
  page.on('load', () => (reloads += 1));
  await page.route(CHUNKS, missingChunk);
  await page.getByRole('link', { name: 'Змінити пароль' }).click();
  await expect(page.getByRole('heading', { name: 'Упс!' })).toBeVisible();
  expect(reloads).toBe(0);
});

test('the admin shows the spec’s error screen with the support address, details in the console', async ({
  page,
  consoleErrors,
}) => {
  await signIn(page);
  // Chunks fail without a newer build (a network fault, not a deploy): no reload, the error screen.
  await page.route(CHUNKS, missingChunk);
  let reloads = 0;
  page.on('load', () => (reloads += 1));
  await page
    .getByRole('navigation', { name: 'Розділи адміністрування' })
    .getByRole('link', { name: 'Медіатека' })
    .click();

  const screen = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Упс!' }) });
  await expect(screen).toBeVisible();
  await expect(screen).toContainText('пролилася не та хмара');
  await expect(screen.getByRole('link', { name: 'support@uhmi.org.ua' })).toHaveAttribute(
    'href',
    'mailto:support@uhmi.org.ua',
  );
  await expect(screen.getByRole('img', { name: 'Хмаринка, що ремонтує сайт' })).toBeVisible();
  await expect(screen.locator('svg animate').first()).toBeAttached();
  await expect(screen.getByRole('link', { name: 'До огляду' })).toHaveAttribute('href', '/edit/admin');
  expect(consoleErrors.join('\n')).toMatch(/dynamically imported module/);
  await expect(screen).not.toContainText('dynamically imported module');
  expect(reloads).toBe(0);
});
