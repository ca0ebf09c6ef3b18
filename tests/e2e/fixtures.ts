/** A page fixture that records console errors and uncaught exceptions (hydration mismatches show up there). */
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

export { expect };
