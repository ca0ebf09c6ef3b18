/**
 * An edit screen whose document cannot be loaded says so in its h1 and tab title, in Ukrainian: an
 * unknown id is «Документ не знайдено», a request that gets no answer is «Не вдалося завантажити
 * документ» (with a retry); both lead back to the section's list.
 */
import { expect, signIn, test } from './fixtures';

const SUFFIX = ' — Адміністрування — УкрГМІ';

test('an unknown news id: «Документ не знайдено» as h1 and tab title, and a link back to «Новини»', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/edit/admin/config/News/no-such-news-item');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Документ не знайдено');
  await expect(page).toHaveTitle(`Документ не знайдено${SUFFIX}`);
  await expect(page.getByRole('alert')).toContainText('Такого документа немає');
  await expect(page.getByRole('button', { name: 'Спробувати ще раз' })).toHaveCount(0);
  await page.getByRole('link', { name: 'До списку «Новини»' }).click();
  await expect(page).toHaveURL(/\/edit\/admin\/config\/News$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Новини');
  await expect(page).toHaveTitle(`Новини${SUFFIX}`);
});

test('no answer from the server: «Не вдалося завантажити документ», a retry that loads it, and the way back', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/edit/admin/config/News');
  const first = page.getByRole('table').getByRole('link').first();
  const title = (await first.textContent())!.trim();
  // The document's own request fails on the network (the list and the rest still answer).
  let offline = true;
  await page.route(/\/api\/trpc\/[^?]*news\.get\b/, (route) => (offline ? route.abort('failed') : route.continue()));
  await first.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Не вдалося завантажити документ');
  await expect(page).toHaveTitle(`Не вдалося завантажити документ${SUFFIX}`);
  await expect(page.getByRole('alert')).toHaveText('Немає зв’язку з сервером.');
  await expect(page.getByRole('link', { name: 'До списку «Новини»' })).toHaveAttribute(
    'href',
    '/edit/admin/config/News',
  );
  offline = false;
  await page.getByRole('button', { name: 'Спробувати ще раз' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title}${SUFFIX}`);
});
