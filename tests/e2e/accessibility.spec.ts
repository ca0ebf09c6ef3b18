/**
 * Every screen and every input method: axe on one page of every type (and the 404 and the admin
 * login), no page wider than a 320 px phone, the sticky header never covering a hash target or the
 * focused element, Escape closing menus, focus rings of at least 3:1, the menu and the book-order
 * form without JavaScript, English passages marked, and the print stylesheet.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test, untilHydrated } from './fixtures';

/** Pages reached from each list page: the list and its first item (by the item link's pattern). */
const LISTS: Array<[string, RegExp]> = [
  ['/News', /^\/News\/[^/?#]+$/],
  ['/docs', /^\/docs\/[^/?#]+$/],
  ['/conf', /^\/conf\/[^/?#]+$/],
  ['/journal', /^\/journal\/[^/?#]+$/],
  ['/activity', /^\/activity\/[^/?#]+$/],
  ['/Developments', /^\/Developments\/[^/?#]+$/],
  ['/data_repo', /^\/data_repo\/[^/?#]+$/],
  ['/Departments', /^\/Departments\/[^/?#]+$/],
  ['/publications', /^\/publications\/[^/?#]+$/],
];

/** The first link on the page whose path matches, inside `main`. */
async function firstLink(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`no link matching ${pattern} on ${page.url()}`);
  return href;
}

/** One page of every public route type, collected from the site itself. */
async function pageOfEveryType(page: Page): Promise<string[]> {
  const urls = new Set(['/', '/Contacts', '/Trainings', '/about', '/COP29', '/activity/osobystyi-pryiom-hromadian']);
  for (const [list, item] of LISTS) {
    urls.add(list);
    await page.goto(list);
    urls.add(await firstLink(page, item));
  }
  await page.goto([...urls].find((u) => /^\/conf\/[^/]+$/.test(u))!);
  urls.add(await firstLink(page, /^\/conf\/[^/]+\/[^/?#.]+$/)); // a thesis, not the conference's files
  return [...urls];
}

function axeSummary(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('axe finds no violation on one page of every type, the 404 page and the admin login', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const urls = await pageOfEveryType(page);
  const found: string[] = [];
  for (const url of [...urls, '/no-such-page']) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    for (const v of axeSummary((await new AxeBuilder({ page }).analyze()).violations)) found.push(`${url}: ${v}`);
  }
  await page.goto('/edit/admin/Login');
  await expect(page.getByRole('button', { name: 'Увійти', exact: true })).toBeVisible();
  for (const v of axeSummary((await new AxeBuilder({ page }).analyze()).violations))
    found.push(`/edit/admin/Login: ${v}`);
  expect(found).toEqual([]);
  expect(consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
});

/** Every page reachable by links from the home page (menus, lists, pagination), without files. */
async function crawl(page: Page): Promise<string[]> {
  const seen = new Set(['/']);
  const queue = ['/'];
  const wide: string[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    const res = await page.goto(url);
    expect(res?.status(), url).toBeLessThan(400);
    const { width, scrollWidth, links } = await page.evaluate(() => ({
      width: window.innerWidth,
      scrollWidth: document.scrollingElement!.scrollWidth,
      links: [...document.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
    }));
    if (scrollWidth > width) wide.push(`${url}: ${scrollWidth} px`);
    for (const href of links) {
      if (
        !href.startsWith('/') ||
        href.startsWith('//') ||
        /^\/(v0|api|edit)\b/.test(href) ||
        /\.[a-z0-9]{2,4}$/i.test(href.split(/[?#]/)[0]!)
      )
        continue;
      const path = href.split('#')[0]!;
      if (!seen.has(path)) {
        seen.add(path);
        queue.push(path);
      }
    }
  }
  expect(seen.size).toBeGreaterThan(50);
  return wide;
}

test('no page is wider than a 320 px screen', async ({ browser }) => {
  test.setTimeout(180_000);
  // Server-rendered pages without scripts: the layout is the same, and 100+ pages load quickly.
  const context = await browser.newContext({ viewport: { width: 320, height: 640 }, javaScriptEnabled: false });
  const page = await context.newPage();
  expect(await crawl(page)).toEqual([]);
  await context.close();
});

/** The sticky header's bottom edge and the document's scroll-padding-top, in px. */
function headerMetrics(page: Page) {
  return page.evaluate(() => ({
    headerBottom: Math.round(document.querySelector('.site-header')!.getBoundingClientRect().bottom),
    padding: Math.round(parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)),
  }));
}

for (const width of [320, 390, 768, 1024, 1280]) {
  test(`scroll-padding-top equals the sticky header's height at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/News');
    const { headerBottom, padding } = await headerMetrics(page);
    expect(headerBottom).toBeGreaterThan(40);
    expect(padding).toBe(headerBottom);
    // Still true once the page is scrolled (the header sticks at the top).
    await page.evaluate(() => window.scrollTo(0, 600));
    expect(await headerMetrics(page)).toEqual({ headerBottom, padding });
  });
}

test('scroll-padding-top follows the header when the wide menu wraps onto a second row', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/News');
  await page.evaluate(() => {
    const menu = document.querySelector('.menu')!;
    for (let i = 0; i < 6; i++) menu.appendChild(menu.lastElementChild!.cloneNode(true));
  });
  await expect.poll(async () => (await headerMetrics(page)).headerBottom).toBeGreaterThan(150);
  await expect.poll(async () => headerMetrics(page).then((m) => m.padding - m.headerBottom)).toBe(0);
});

for (const [name, width] of [
  ['a phone', 390],
  ['a desktop', 1280],
] as const) {
  test(`a hash target opened directly stops just below the header on ${name}`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: 700 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const href = (await page
      .getByRole('list', { name: 'Найближчі навчання' })
      .getByRole('link')
      .first()
      .getAttribute('href'))!;
    await page.goto(href);
    const id = decodeURIComponent(href.split('#')[1]!);
    const { headerBottom } = await headerMetrics(page);
    const top = await page.evaluate(
      (target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top),
      id,
    );
    expect(top).toBe(headerBottom);
    await context.close();
  });
}

test('an element reached with Tab scrolls out from under the sticky header', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/News');
  const links = page.getByRole('list', { name: 'Новини' }).getByRole('link');
  const target = links.nth(3);
  // Put the fourth news link just under the header, then Tab to it from the third.
  await target.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 20));
  await links.nth(2).focus();
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  const { headerBottom } = await headerMetrics(page);
  await expect
    .poll(() => target.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeGreaterThanOrEqual(headerBottom);
});

test('Escape closes an open submenu of the desktop menu and returns focus to its link', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await untilHydrated(page);
  const nav = page.getByRole('navigation', { name: 'Головне меню' });
  const parent = nav.getByRole('link', { name: 'Про інститут', exact: true }).first();
  const submenu = nav.locator('.has-children').first().locator('.submenu');
  await parent.focus();
  await expect(submenu).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(submenu.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(submenu).toBeHidden();
  await expect(parent).toBeFocused();
  // Leaving the item lets it open again next time.
  await page.keyboard.press('Shift+Tab');
  await parent.focus();
  await expect(submenu).toBeVisible();
});

test('Escape closes a submenu the pointer opened, without moving the pointer (WCAG 1.4.13)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await untilHydrated(page);
  const nav = page.getByRole('navigation', { name: 'Головне меню' });
  const submenu = nav.locator('.has-children').first().locator('.submenu');
  await nav.getByRole('link', { name: 'Про інститут', exact: true }).first().hover();
  await expect(submenu).toBeVisible();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(submenu).toBeHidden();
  // The pointer leaving and coming back opens it again.
  await page.mouse.move(5, 700);
  await nav.getByRole('link', { name: 'Про інститут', exact: true }).first().hover();
  await expect(submenu).toBeVisible();
});

test('Escape closes the mobile menu and returns focus to its button', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await untilHydrated(page);
  const toggle = page.getByRole('button', { name: 'Меню' });
  const nav = page.getByRole('navigation', { name: 'Головне меню' });
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(nav).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // A link in the menu navigates and closes it.
  await toggle.click();
  await nav.getByRole('link', { name: 'Новини', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новини' })).toBeVisible();
  await expect(nav).toBeHidden();
  expect(consoleErrors).toEqual([]);
});

async function noScriptPage(browser: Browser, width = 390) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test('the mobile menu opens, works and closes without JavaScript', async ({ browser }) => {
  const { context, page } = await noScriptPage(browser);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Головне меню' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Меню' }).click();
  await expect(nav).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Меню' }).click();
  await nav.getByRole('link', { name: 'Документи', exact: true }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Документи' })).toBeVisible();
  await context.close();
});

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map(Number)
      .map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * Focuses every focusable element in `scope` (after one Tab, so :focus-visible applies to focus set by
 * script as well) and records its ring and the backgrounds just outside the ring on each side.
 */
async function focusRings(page: Page, scope: string) {
  await page.keyboard.press('Tab');
  return page.evaluate((scopeSelector) => {
    // The colour seen at an element: its background blended over its ancestors' until an opaque one.
    const opaqueBackground = (start: Element): string => {
      const layers: number[][] = [];
      for (let p: Element | null = start; p; p = p.parentElement) {
        const [r = 0, g = 0, b = 0, a = 1] = (getComputedStyle(p).backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
        if (a > 0) layers.push([r, g, b, a]);
        if (a >= 1) break;
      }
      let [r, g, b] = [255, 255, 255];
      for (const [lr, lg, lb, la] of layers.reverse())
        [r, g, b] = [lr! * la! + r * (1 - la!), lg! * la! + g * (1 - la!), lb! * la! + b * (1 - la!)];
      return `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
    };
    const out: Array<{ what: string; outline: string; style: string; width: number; backgrounds: string[] }> = [];
    const selector = 'a[href], button, input, select, textarea, [tabindex]';
    const elements = [...document.querySelectorAll(scopeSelector)].flatMap((s) => [
      ...s.querySelectorAll<HTMLElement>(selector),
    ]);
    for (const el of elements) {
      if (el.getAttribute('tabindex') === '-1' || el.closest('[aria-hidden="true"]')) continue;
      el.focus();
      if (document.activeElement !== el) continue; // not shown here (a closed submenu)
      const style = getComputedStyle(el);
      const rect = el.getBoundingClientRect();
      const off = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) + 2;
      if (off <= 2) {
        // A ring drawn inside the element (menu links): its neighbours are the element's own background.
        out.push({
          what: `${el.tagName} «${(el.textContent ?? '').trim().slice(0, 30)}»`,
          outline: style.outlineColor,
          style: style.outlineStyle,
          width: parseFloat(style.outlineWidth),
          backgrounds: [opaqueBackground(el)],
        });
        continue;
      }
      const points: Array<[number, number]> = [
        [rect.left - off, rect.top + rect.height / 2],
        [rect.right + off, rect.top + rect.height / 2],
        [rect.left + rect.width / 2, rect.bottom + off],
        [rect.left + rect.width / 2, rect.top - off],
      ];
      const backgrounds = points
        .filter(([x, y]) => x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight)
        .map(([x, y]) => document.elementFromPoint(x, y))
        .filter((hit): hit is Element => !!hit && !el.contains(hit))
        // A side of a content element taller than the screen can lie under the sticky header: that
        // part of the ring is covered, not drawn against the header's colour.
        .filter((hit) => !hit.closest('.site-header') || !!el.closest('.site-header'))
        .map(opaqueBackground);
      out.push({
        what: `${el.tagName} «${(el.textContent ?? '').trim().slice(0, 30)}»`,
        outline: style.outlineColor,
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        backgrounds,
      });
    }
    return out;
  }, scope);
}

/** The rings below 3:1 against any side's background, or not drawn at all. */
function weakRings(rings: Awaited<ReturnType<typeof focusRings>>): string[] {
  return rings
    .filter((r) => r.style === 'none' || r.width < 2 || r.backgrounds.some((bg) => contrast(r.outline, bg) < 3))
    .map((r) => `${r.what}: ${r.style} ${r.width}px ${r.outline} on ${r.backgrounds.join(' / ')}`);
}

test('focus rings reach 3:1 against the colours around them on a desktop: header, menus, content, forms, footer', async ({
  page,
}) => {
  const href = await orderablePublication(page);
  for (const url of [href, '/data_repo/month']) {
    await page.goto(url);
    const rings = await focusRings(page, 'body');
    expect(rings.length).toBeGreaterThan(30);
    expect(weakRings(rings)).toEqual([]);
    // Light and dark surroundings were both measured.
    expect(new Set(rings.flatMap((r) => r.backgrounds)).size).toBeGreaterThan(2);
  }
});

test('focus rings reach 3:1 on a phone, in the open menu too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/data_repo/month');
  const content = await focusRings(page, 'body');
  expect(weakRings(content)).toEqual([]);
  await page.getByRole('button', { name: 'Меню' }).click();
  const menu = await focusRings(page, '.main-nav');
  expect(menu.length).toBeGreaterThan(10);
  expect(weakRings(menu)).toEqual([]);
});

test('English passages are marked lang="en"', async ({ page }) => {
  await page.goto('/publications');
  const english = page.locator('.card-title[lang="en"]');
  await expect(english.first()).toBeVisible();
  const href = (await english.first().getByRole('link').getAttribute('href'))!;
  await page.goto(href);
  await expect(page.locator('h1')).toHaveAttribute('lang', 'en');
  await page.goto('/data_repo/month');
  await expect(page.locator('blockquote.citation')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
});

/** The first publication page that carries the order form. */
async function orderablePublication(page: Page): Promise<string> {
  await page.goto('/publications');
  const hrefs = await page.locator('main .card-title a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  for (const href of hrefs) {
    await page.goto(href);
    if (await page.getByRole('heading', { name: 'Замовити друкований примірник' }).count()) return href;
  }
  throw new Error('no orderable publication');
}

test('without JavaScript the book-order form posts, and no personal data ever appears in an address', async ({
  browser,
}) => {
  const { context, page } = await noScriptPage(browser, 1280);
  const person = { name: 'Марта Безскриптова', email: 'marta.noscript@example.com', phone: '+380671234567' };
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  const href = await orderablePublication(page);

  const form = page.locator('form[method="post"]');
  await form.getByLabel('Ім’я та прізвище').fill(person.name);
  await form.getByLabel('Електронна пошта').fill('marta-at-example');
  await form.getByLabel('Телефон').fill(person.phone);
  await form.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(page.getByRole('alert')).toHaveText('Перевірте виділені поля.');
  await expect(form.getByText('Невірна адреса електронної пошти')).toBeVisible();
  await expect(form.getByLabel('Ім’я та прізвище')).toHaveValue(person.name);
  await expect(form.getByLabel('Телефон')).toHaveValue(person.phone);
  expect(new URL(page.url()).pathname).toBe(href);

  await form.getByLabel('Електронна пошта').fill(person.email);
  await form.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(page.getByRole('heading', { name: 'Замовлення прийнято' })).toBeVisible();
  expect(page.url()).toMatch(/\?order=sent#order-form$/);

  for (const url of [...requested, page.url()]) {
    const decoded = decodeURIComponent(url);
    for (const value of Object.values(person)) expect(decoded).not.toContain(value);
  }
  await context.close();
});

test('with JavaScript the book-order form sends in place', async ({ page, consoleErrors }) => {
  const href = await orderablePublication(page);
  await untilHydrated(page);
  const form = page.locator('form[method="post"]');
  await form.getByLabel('Ім’я та прізвище').fill('Ярема Скриптовий');
  await form.getByLabel('Електронна пошта').fill('yarema.js@example.com');
  await form.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(page.getByRole('heading', { name: 'Замовлення прийнято' })).toBeVisible();
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(href);
  expect(consoleErrors).toEqual([]);
});

test('the print stylesheet leaves the content, black on white, with the addresses of external links', async ({
  page,
}) => {
  await page.goto('/data_repo/month');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Головне меню' })).toBeHidden();
  await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Наука' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const styles = await page.evaluate(() => {
    const external = document.querySelector<HTMLAnchorElement>('main a[href^="https://"]')!;
    return {
      body: [getComputedStyle(document.body).color, getComputedStyle(document.body).backgroundColor],
      h1: getComputedStyle(document.querySelector('h1')!).color,
      after: getComputedStyle(external, '::after').content,
      href: external.getAttribute('href'),
    };
  });
  expect(styles.body).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);
  expect(styles.h1).toBe('rgb(0, 0, 0)');
  expect(styles.after).toContain(styles.href);
});
