import AxeBuilder from '@axe-core/playwright';
import { expect, test, untilHydrated } from './fixtures';

test('a visitor goes from the home page to the news list and reads a news item', async ({ page, consoleErrors }) => {
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Український гідрометеорологічний інститут' }),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Головне меню' })
    .getByRole('link', { name: 'Новини', exact: true })
    .click();
  await expect(page).toHaveURL(/\/News$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Новини' })).toBeVisible();
  await expect(page).toHaveTitle('Новини — УкрГМІ');

  const first = page.getByRole('list', { name: 'Новини' }).getByRole('link').first();
  const title = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} — УкрГМІ`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/News/[a-z0-9-]+$`));
  expect(consoleErrors).toEqual([]);
});

test('page 2 of the news list works by link and by address', async ({ page, consoleErrors }) => {
  await page.goto('/News');
  await page.getByRole('link', { name: 'Сторінка 2' }).click();
  await expect(page).toHaveURL(/\/News\?page=2$/);
  await expect(page.getByRole('navigation', { name: 'Сторінки списку' }).locator('[aria-current="page"]')).toHaveText(
    '2',
  );
  expect(consoleErrors).toEqual([]);
});

test('a visitor downloads a dataset archive from its page', async ({ page, consoleErrors }) => {
  await page.goto('/data_repo/month');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Завантажити архів (ZIP)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('month.zip');
  expect(await download.failure()).toBeNull();
  expect(consoleErrors).toEqual([]);
});

test('a hash link scrolls its target to just below the sticky header (at least 64 px down)', async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('list', { name: 'Найближчі навчання' }).getByRole('link').first();
  const href = (await link.getAttribute('href'))!;
  const id = href.split('#')[1]!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/Trainings#${id}$`));
  const headerHeight = await page.evaluate(() =>
    Math.round(document.querySelector('.site-header')!.getBoundingClientRect().height),
  );
  expect(headerHeight).toBeGreaterThanOrEqual(64);
  await expect
    .poll(
      async () =>
        page.evaluate((target) => {
          const el = document.getElementById(target);
          return el ? Math.round(el.getBoundingClientRect().top) : null;
        }, id),
      { timeout: 5000 },
    )
    .toBe(headerHeight);
});

test('a plain navigation scrolls back to the top', async ({ page }) => {
  await page.goto('/News');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Документи' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Документи' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
});

test('an unknown address shows the 404 page', async ({ page }) => {
  const response = await page.goto('/no-such-page/at-all');
  expect(response!.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found: /no-such-page/at-all');
  await expect(page.getByText('Сторінку не знайдено')).toBeVisible();
});

test('a failing server shows the error screen with the support address and logs the details', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await untilHydrated(page);
  await page.route('**/api/trpc/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
  );
  await page
    .getByRole('navigation', { name: 'Головне меню' })
    .getByRole('link', { name: 'Новини', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Упс!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@uhmi.org.ua' })).toHaveAttribute(
    'href',
    'mailto:support@uhmi.org.ua',
  );
  await expect(page.getByRole('img', { name: /Хмаринка/ })).toBeVisible();
  expect(consoleErrors.length).toBeGreaterThan(0);
});

test('the page is readable without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/data_repo/month');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Сіткові місячні дані');
  await expect(page.getByRole('heading', { name: 'Як цитувати' })).toBeVisible();
  await context.close();
});

for (const [name, url] of [
  ['the home page', '/'],
  ['a list page', '/docs'],
  ['an item page', '/data_repo/month'],
] as const) {
  test(`axe finds no serious or critical accessibility violation on ${name}`, async ({ page, consoleErrors }) => {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

test('keyboard users can skip to the content and see where focus is', async ({ page }) => {
  await page.goto('/');
  // A Tab pressed in the same instant as the load event sometimes reaches no element in headless
  // Chromium (the skip link is never replaced: hydration keeps the server's node).
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Перейти до змісту' });
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

// Every page type hydrates from its own HTML: no query is fetched again on load (the state carries
// what the render read, with references to the strings the page shows), and Preact's hydration
// adds or removes no element of the server's markup (a mismatch makes it replace one). Text nodes
// are not counted: Preact splits the server's merged adjacent texts (`{a} {b}`) into the client's
// text nodes while hydrating, which changes no character on the page.
for (const path of [
  '/',
  '/News',
  '/News/105-rokiv-hidrometeorolohichnii-sluzhbi',
  '/docs',
  '/docs/zvit-za-2025-rik',
  '/Trainings',
  '/conf',
  '/conf/klimatychni-zminy-ta-hidrometeorolohichna-bezpeka',
  '/conf/klimatychni-zminy-ta-hidrometeorolohichna-bezpeka/proiektsii-opadiv-dlia-baseinu-dnipra',
  '/journal',
  '/journal/tom-6-vypusk-1-2026',
  '/activity',
  '/activity/naukovi-doslidzhennia',
  '/Developments',
  '/Developments/perehliadach-zmin-klimatu',
  '/data_repo',
  '/data_repo/month',
  '/Departments',
  '/Departments/viddil-klimatychnykh-doslidzhen',
  '/publications',
  '/publications/meteorolohiia-hidrolohiia-monitorynh-dovkillia',
  '/Contacts',
  '/COP29',
  '/search?q=клімат',
  '/no-such-page',
]) {
  test(`${path} hydrates from its own HTML without asking the API again or changing its markup`, async ({
    page,
    consoleErrors,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/trpc')) calls.push(request.url());
    });
    await page.addInitScript(() => {
      const changed: string[] = [];
      (window as { __changed?: string[] }).__changed = changed;
      // From the parsed server markup (hydration starts later, once the page is painted) until hydrated.
      document.addEventListener('DOMContentLoaded', () => {
        new MutationObserver((records) => {
          if (document.documentElement.hasAttribute('data-hydrated')) return;
          for (const r of records)
            for (const node of [...r.addedNodes, ...r.removedNodes])
              if (node.nodeType === Node.ELEMENT_NODE) changed.push(`${node.nodeName} in ${r.target.nodeName}`);
        }).observe(document.getElementById('root')!, { childList: true, subtree: true });
      });
    });
    await page.goto(path);
    await untilHydrated(page);
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual([]);
    expect(await page.evaluate(() => (window as { __changed?: string[] }).__changed)).toEqual([]);
    // The 404 page's own status is logged by the browser as a failed load; nothing else.
    expect(consoleErrors.filter((e) => !(path === '/no-such-page' && e.includes('status of 404')))).toEqual([]);
  });
}

test('a page served minutes after its render (page cache, CDN) hydrates without asking the API again', async ({
  page,
}) => {
  // The browser's clock 11 minutes ahead of the server's: the longest a CDN may serve a cached page
  // (s-maxage=60, stale-while-revalidate=600). The data the page came with is as fresh as the page.
  await page.clock.setFixedTime(Date.now() + 11 * 60_000);
  const calls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/trpc')) calls.push(request.url());
  });
  await page.goto('/data_repo/month');
  await untilHydrated(page);
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual([]);
});

test('the page is hydrated: links navigate in the same document and forms submit through the API', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await untilHydrated(page);
  await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
  await page
    .getByRole('navigation', { name: 'Головне меню' })
    .getByRole('link', { name: 'Новини', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новини' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

  await page.goto('/publications/nastanova-hidrometeorolohichnym-stantsiiam-i-postam');
  await untilHydrated(page);
  const form = page.getByRole('region', { name: 'Замовити друкований примірник' });
  await form.getByLabel('Ім’я та прізвище').fill('Тест Тестович');
  await form.getByLabel('Електронна пошта').fill('not-an-address');
  await form.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(form.getByText('Перевірте виділені поля.')).toBeVisible();
  await expect(form.getByLabel('Електронна пошта')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Електронна пошта').fill('reader@example.org');
  await form.getByRole('button', { name: 'Надіслати замовлення' }).click();
  await expect(page.getByRole('heading', { name: 'Замовлення прийнято' })).toBeVisible();
  // The refused first order is logged by the browser as a failed request (400); nothing else.
  expect(consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});

test('hydration shows the server’s dates and file sizes without formatting them; later pages format their own', async ({
  page,
  consoleErrors,
}) => {
  // Counts the Intl formatters the page makes (Intl's first use is a long task on a phone).
  await page.addInitScript(() => {
    const made: string[] = [];
    (window as { __intlMade?: string[] }).__intlMade = made;
    for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
      const original = Intl[name];
      Object.defineProperty(Intl, name, {
        configurable: true,
        writable: true,
        value: new Proxy(original, {
          construct: (target, args: unknown[]) => {
            made.push(name);
            return Reflect.construct(target, args) as object;
          },
        }),
      });
    }
  });
  const made = () => page.evaluate(() => (window as { __intlMade?: string[] }).__intlMade);

  await page.goto('/data_repo/month');
  await untilHydrated(page);
  await expect(page.getByText(/\d+ КБ/).first()).toBeVisible();
  expect(await made()).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Головне меню' })
    .getByRole('link', { name: 'Новини', exact: true })
    .click();
  const dates = page.getByRole('list', { name: 'Новини' }).locator('time');
  await expect(dates.first()).toHaveText(/^\d{1,2} [а-яіїє]+ \d{4}\u00a0р\.$/);
  expect(await made()).toContain('DateTimeFormat');
  expect(consoleErrors).toEqual([]);
});

test("a training's permalink, opened or clicked in the search results, lands on its card", async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/Trainings');
  const card = page.getByRole('main').locator('li.card[id]').last();
  const id = (await card.getAttribute('id'))!;
  const title = (await card.getByRole('heading').first().textContent())!.trim();
  const landed = new RegExp(`/Trainings(\\?page=\\d+)?#${id}$`);
  /** The card's top is just below the sticky header (it was scrolled to). */
  const atAnchor = async () => {
    const header = await page.evaluate(() =>
      Math.round(document.querySelector('.site-header')!.getBoundingClientRect().height),
    );
    await expect
      .poll(() => page.evaluate((t) => Math.round(document.getElementById(t)!.getBoundingClientRect().top), id), {
        timeout: 5000,
      })
      .toBe(header);
  };
  // Opened as an address: the server's 302 carries the fragment, and Chromium keeps it.
  await page.goto(`/Trainings/${id}`);
  await expect(page).toHaveURL(landed);
  await atAnchor();
  // Clicked in the visitor search (a navigation in the page: the router follows the redirect).
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  await untilHydrated(page);
  const hit = page.getByRole('main').getByRole('link', { name: title }).first();
  await expect(hit).toHaveAttribute('href', `/Trainings/${id}`);
  await hit.click();
  await expect(page).toHaveURL(landed);
  await atAnchor();
  expect(consoleErrors).toEqual([]);
});
