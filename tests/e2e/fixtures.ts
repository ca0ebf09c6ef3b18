/** A page fixture that records console errors and uncaught exceptions (hydration mismatches show up there). */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
});

/**
 * Waits until the public app has hydrated the page (`<html data-hydrated>`, set by hydrate.tsx).
 * The app loads after the first paint, so a click right after `goto` may still meet the
 * server's plain links and forms, which work without scripts: a test of what the app does (client
 * navigation, in-place forms, the error screen, keyboard handling) waits for this first.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** The administrator the e2e server is started with (playwright.config.ts). */
export const E2E_ADMIN = { email: 'admin@uhmi.org.ua', password: 'e2e-admin-password' };

/** Signs `who` (the administrator unless given) in through the admin's login page; resolves on the dashboard. */
export async function signIn(page: Page, who: { email: string; password: string } = E2E_ADMIN): Promise<void> {
  await page.goto('/edit/admin/Login');
  await page.getByLabel('Електронна пошта').fill(who.email);
  await page.getByLabel('Пароль', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Увійти' }).click();
  await expect(page).toHaveURL(/\/edit\/admin$/);
}

/** Opens the admin's section `name` (its link in «Розділи адміністрування») as a signed-in user would. */
export async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Розділи адміністрування' }).getByRole('link', { name }).click();
}

/** axe's WCAG 2.1 AA violations on the page, one line each, prefixed with `where`. */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  // Each node with axe's reason (for contrast: the colours and the ratio found).
  const node = (n: (typeof violations)[number]['nodes'][number]) =>
    `${n.target.join(' ')} [${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}]`;
  return violations.map((v) => `${where}: ${v.id} (${v.impact}): ${v.nodes.map(node).join(', ')}`);
}

export { expect };

/** Calls a tRPC mutation (POST) from the signed-in page; resolves with its data or throws its error text. */
export async function call<T = { id: string }>(page: Page, procedure: string, input: unknown): Promise<T> {
  const data: unknown = await page.evaluate(
    async ([p, i]) => {
      const res = await fetch(`/api/trpc/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ json: i }),
      });
      const body = await res.text();
      if (!res.ok) throw new Error(body);
      return (JSON.parse(body) as { result: { data: { json: unknown } } }).result.data.json;
    },
    [procedure, input] as const,
  );
  return data as T;
}
