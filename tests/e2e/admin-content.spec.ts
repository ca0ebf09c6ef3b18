import type { Page } from '@playwright/test';
import { parse as parseDisposition } from 'content-disposition';
import { onePagePdf } from '../../src/server/seed/files';
import { ALT_REQUIRED_MESSAGE } from '../../src/shared/content/fields';
import { expect, openSection, signIn, test } from './fixtures';

const EDITOR = { email: 'content.editor@uhmi.org.ua', password: 'content-editor-pass' };

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function ensureEditor(page: Page) {
  await signIn(page);
  await page.goto('/edit/admin/config/AuthUsers');
  await page.getByLabel('Пошук').fill(EDITOR.email);
  const existing = page.getByRole('cell', { name: EDITOR.email, exact: true });
  // The page is loaded lazily and the search is debounced: give an existing account time to show.
  await existing.waitFor({ timeout: 5_000 }).catch(() => {});
  if (!(await existing.isVisible().catch(() => false))) {
    await page.getByRole('button', { name: 'Створити обліковий запис' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новий обліковий запис' });
    await dialog.getByLabel('Електронна пошта').fill(EDITOR.email);
    await dialog.getByLabel('Початковий пароль').fill(EDITOR.password);
    await dialog.getByRole('button', { name: 'Створити' }).click();
    // Under load the list may not have shown an existing account within the wait above.
    const taken = dialog.getByText('Обліковий запис із такою адресою вже існує');
    await expect(page.getByRole('cell', { name: EDITOR.email, exact: true }).or(taken)).toBeVisible();
    if (await taken.isVisible()) await dialog.getByRole('button', { name: 'Скасувати' }).click();
  }
  await page.getByRole('button', { name: 'Вийти' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Makes sure the editor exists, signs in as the editor and opens the admin's section `name`. */
async function editorOpens(page: Page, name: string) {
  await ensureEditor(page);
  await signIn(page, EDITOR);
  await openSection(page, name);
}

test('an editor creates, publishes, edits a news item and restores its first version', async ({ page }) => {
  test.setTimeout(120_000);
  await editorOpens(page, 'Новини');
  await page.getByRole('link', { name: 'Створити' }).click();
  const form = page.getByRole('form');
  // The slug may stay empty: the field itself says so.
  await expect(form.getByRole('textbox', { name: 'Адреса (slug)', exact: true })).toHaveAccessibleDescription(
    /залишити порожньою — її буде створено з назви/,
  );
  await form.getByRole('textbox', { name: 'Заголовок', exact: true }).fill('Семінар з кліматичних даних для громад');
  await form
    .getByRole('textbox', { name: 'Короткий опис', exact: true })
    .fill('Фахівці інституту розповіли, як користуватися кліматичними даними.');
  // The date-time picker (admin-dates.spec.ts): the 15th of the month it opens at, 10:00 Kyiv time.
  await form.getByRole('button', { name: 'Дата (київський час)' }).click();
  const picker = page.getByRole('dialog');
  await picker.locator('button[aria-label^="15 "]:not([data-outside])').click();
  await picker.getByLabel('Години').fill('10');
  await picker.getByRole('button', { name: 'Готово' }).click();
  await page.getByRole('textbox', { name: 'Текст', exact: true }).click();
  await page.keyboard.type('Перша версія тексту новини.');

  // Cover image and a PDF attachment, uploaded through the storage SDK.
  await page
    .getByRole('button', { name: 'Завантажити зображення' })
    .locator('..')
    .locator('input[type=file]')
    .setInputFiles({ name: 'obkladynka.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByLabel('Альтернативний текст (для незрячих)')).toBeVisible();
  // «Файли» takes documents only: a program is refused at the field and nothing is uploaded.
  const exeRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('doc.exe')) exeRequests.push(r.url());
  });
  const filesInput = page.getByRole('button', { name: 'Завантажити файл' }).locator('..').locator('input[type=file]');
  await expect(filesInput).toHaveAttribute('accept', /^\.pdf,application\/pdf,.*\.docx,/);
  await filesInput.setInputFiles({
    name: 'doc.exe',
    mimeType: 'application/x-msdownload',
    buffer: Buffer.from('MZ\x90\x00'),
  });
  await expect(
    form.getByRole('alert').filter({
      hasText: /^Файл doc\.exe не завантажено\. Цей тип файлу не приймається: \.exe\. Дозволено: PDF, DOC, DOCX, /,
    }),
  ).toBeVisible();
  await expect(form.getByRole('link', { name: 'doc.exe' })).toHaveCount(0);
  await expect(form.getByRole('group', { name: 'Завантаження doc.exe' })).toHaveCount(0);
  expect(exeRequests).toEqual([]);
  await filesInput.setInputFiles({
    name: 'programa-seminaru.pdf',
    mimeType: 'application/pdf',
    buffer: onePagePdf(['Seminar programme']),
  });
  await expect(form.getByRole('link', { name: 'programa-seminaru.pdf' })).toBeVisible();

  await form.locator('label', { hasText: /^Опубліковано$/ }).click();
  await expect(form.getByRole('radio', { name: 'Опубліковано' })).toBeChecked();
  // An image without alt text is not saved: the message stands under the alt field.
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(form.getByText(ALT_REQUIRED_MESSAGE)).toBeVisible();
  await expect(page.getByText('Версія 1', { exact: true })).toHaveCount(0);
  await form.getByLabel('Альтернативний текст (для незрячих)').fill('Учасники семінару');
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Версія 1', { exact: true })).toBeVisible();

  // Visible on the public site with its attachment.
  const publicPage = await page.context().newPage();
  await publicPage.goto('/News');
  await publicPage.getByRole('link', { name: 'Семінар з кліматичних даних для громад' }).click();
  await expect(publicPage.getByText('Перша версія тексту новини.')).toBeVisible();
  const cover = publicPage.getByRole('img', { name: 'Учасники семінару' });
  await expect(cover).toBeVisible();
  // Its intrinsic size was read when it was chosen, so the page reserves its space.
  await expect(cover).toHaveAttribute('width', '2');
  await expect(cover).toHaveAttribute('height', '2');
  const pdfLink = publicPage.getByRole('link', { name: /programa-seminaru\.pdf/ });
  const pdf = await publicPage.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  // Named as the editor's file, not as the stored object (`{stamp}-programa-seminaru.pdf`).
  expect(parseDisposition(pdf.headers()['content-disposition']!).parameters.filename).toBe('programa-seminaru.pdf');

  // Edit, then restore the first version from the history.
  await page.getByRole('textbox', { name: 'Текст', exact: true }).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Друга версія тексту новини.');
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Версія 2', { exact: true })).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByText('Друга версія тексту новини.')).toBeVisible();

  await page.getByRole('button', { name: 'Історія змін' }).click();
  const drawer = page.getByRole('dialog', { name: 'Історія змін' });
  await expect(drawer.getByText('Версія 1')).toBeVisible();
  // «Переглянути» shows the version's fields under the form's labels, not its raw data.
  await drawer.getByRole('button', { name: 'Переглянути версію 1' }).click();
  const view = drawer.getByRole('region', { name: 'Версія 1' });
  await expect(view.getByRole('heading', { name: 'Версія 1' })).toBeVisible();
  await expect(view.getByText('Перша версія тексту новини.')).toBeVisible();
  await expect(view.getByText('obkladynka.png')).toBeVisible();
  await expect(view.getByText('Опубліковано', { exact: true })).toBeVisible();
  await expect(view.getByText(/"title"|<p>/)).toHaveCount(0);
  // «Відновити» asks first; «Скасувати» changes nothing.
  await drawer.getByRole('button', { name: 'Відновити версію 1' }).click();
  const confirm = page.getByRole('dialog', { name: 'Відновити версію?' });
  await expect(confirm.getByText('Версію 1 буде відновлено', { exact: false })).toBeVisible();
  await expect(confirm.getByText('Стан публікації не зміниться: «Опубліковано».')).toBeVisible();
  await confirm.getByRole('button', { name: 'Скасувати' }).click();
  await expect(confirm).toBeHidden();
  await drawer.getByRole('button', { name: 'Закрити' }).click();
  await expect(page.getByText('Версія 2', { exact: true })).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByText('Друга версія тексту новини.')).toBeVisible();

  await page.getByRole('button', { name: 'Історія змін' }).click();
  await drawer.getByRole('button', { name: 'Відновити версію 1' }).click();
  await confirm.getByRole('button', { name: 'Відновити' }).click();
  await expect(page.getByText('Версія 3', { exact: true })).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByText('Перша версія тексту новини.')).toBeVisible();

  // Withdrawn (version 4), then a published version is restored: the confirmation says it goes public again.
  const publicUrl = publicPage.url();
  await form.locator('label', { hasText: /^Чернетка$/ }).click();
  await form.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Версія 4', { exact: true })).toBeVisible();
  expect((await publicPage.request.get(publicUrl)).status()).toBe(404);
  await page.getByRole('button', { name: 'Історія змін' }).click();
  await drawer.getByRole('button', { name: 'Відновити версію 3' }).click();
  await expect(confirm.getByText('Документ знову стане опублікованим і з’явиться на сайті.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Скасувати' }).click();
  await expect(confirm).toBeHidden();
  expect((await publicPage.request.get(publicUrl)).status()).toBe(404);
  await drawer.getByRole('button', { name: 'Відновити версію 3' }).click();
  await confirm.getByRole('button', { name: 'Відновити' }).click();
  await expect(page.getByText('Версія 5', { exact: true })).toBeVisible();
  expect((await publicPage.request.get(publicUrl)).status()).toBe(200);

  // The same editor cannot open the accounts section.
  await page.goto('/edit/admin/config/AuthUsers');
  await expect(page).toHaveURL(/\/edit\/admin\?denied=1$/);
});

test('an editor uploads to the media library with pause and resume, and the file is public', async ({ page }) => {
  test.setTimeout(120_000);
  await editorOpens(page, 'Медіатека');
  await expect(page.getByRole('heading', { name: 'Медіатека' })).toBeVisible();

  // Slow the upload down so there is time to pause it.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 50 * 1024 * 1024,
    uploadThroughput: 256 * 1024,
  });
  const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
  await page
    .getByRole('button', { name: 'Завантажити файли' })
    .locator('..')
    .locator('input[type=file]')
    .setInputFiles({ name: 'dani-sposterezhen.csv', mimeType: 'text/csv', buffer: bytes });
  const upload = page.getByRole('group', { name: 'Завантаження dani-sposterezhen.csv' });
  await expect(upload.getByText(/Завантаження: .* \(\d+%\)/)).toBeVisible();
  await upload.getByRole('button', { name: 'Пауза' }).click();
  await expect(upload.getByText(/Призупинено: /)).toBeVisible();
  await upload.getByRole('button', { name: 'Продовжити' }).click();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(upload.getByText(/Завантажено: .*\(100%\)/)).toBeVisible({ timeout: 60_000 });

  const card = page.locator('.mantine-Card-root', { hasText: 'dani-sposterezhen.csv' });
  await expect(card).toBeVisible();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  // Each card's buttons name their file, so a screen reader's list of buttons tells the cards apart.
  const stored = (await card.getByText(/dani-sposterezhen\.csv$/).textContent())!;
  expect(stored).toMatch(/^[a-z0-9]+-dani-sposterezhen\.csv$/);
  await expect(page.getByRole('button', { name: `Видалити ${stored}`, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Копіювати посилання на ${stored}`, exact: true }).click();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  const anonymous = await page.request.fetch(url, { headers: { cookie: '' } });
  expect(anonymous.status()).toBe(200);
  expect((await anonymous.body()).equals(bytes)).toBe(true);

  // Deleting a file no document uses warns in general terms; one a published page uses names that page.
  await page.getByRole('button', { name: `Видалити ${stored}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Видалити файл?' });
  await expect(
    confirm.getByText(/Сторінки, що посилаються на нього, показуватимуть непрацююче посилання/),
  ).toBeVisible();
  await expect(confirm.getByRole('list')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Скасувати' }).click();
  await page.getByRole('button', { name: 'Усі файли сайту' }).click();
  await page.getByRole('button', { name: /Файли сторінок/ }).click();
  await page.getByRole('button', { name: 'Видалити cover-wmd-2025.png', exact: true }).click();
  const users = confirm.getByRole('list', { name: 'Документи, що використовують файл' });
  await expect(users.getByRole('listitem')).toHaveText([/^Новини — .+ \(опубліковано\)$/]);
  await expect(confirm.getByText(/на їхніх сторінках буде непрацююче посилання або зображення/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Скасувати' }).click();
  await expect(page.locator('.mantine-Card-root', { hasText: 'cover-wmd-2025.png' })).toBeVisible();
});

test('an editor replaces a data-repository archive from the media library, and its public link serves the new file', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await editorOpens(page, 'Медіатека');
  await page.getByRole('button', { name: 'Усі файли сайту' }).click();
  await page.getByRole('button', { name: /Архіви репозиторію даних/ }).click();
  const card = page.locator('.mantine-Card-root', { hasText: 'ClimUAsd-stn.v2.zip' });
  await expect(card).toBeVisible();
  const bytes = Buffer.from(`PK replacement archive ${Date.now()}`);
  await card
    .getByRole('button', { name: 'Замінити ClimUAsd-stn.v2.zip' })
    .locator('..')
    .locator('input[type=file]')
    .setInputFiles({ name: 'month-v2.zip', mimeType: 'application/zip', buffer: bytes });
  await expect(
    page.getByRole('group', { name: 'Завантаження month-v2.zip' }).getByText(/Завантажено: .*\(100%\)/),
  ).toBeVisible({ timeout: 30_000 });
  // The page's link /data_repo/ClimUAsd-stn.v2.zip leads to the archive under its old name, now with the new bytes.
  const archive = await page.request.fetch('/data_repo/ClimUAsd-stn.v2.zip', { headers: { cookie: '' } });
  expect(archive.status()).toBe(200);
  expect((await archive.body()).equals(bytes)).toBe(true);
});

test('an editor deletes a document and brings it back as a draft from «Видалені»', async ({ page }) => {
  test.setTimeout(90_000);
  await editorOpens(page, 'Розробки');
  const table = page.getByRole('table', { name: 'Розробки' });
  const firstLink = table.getByRole('row').nth(1).getByRole('link');
  const title = (await firstLink.innerText()).trim();

  await table.getByRole('checkbox', { name: `Вибрати: ${title}` }).check();
  await page.getByRole('region', { name: 'Дії з вибраними' }).getByRole('button', { name: 'Видалити' }).click();
  await page.getByRole('dialog', { name: 'Видалити вибрані?' }).getByRole('button', { name: 'Видалити' }).click();
  await expect(table.getByRole('link', { name: title, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Видалені' }).click();
  const drawer = page.getByRole('dialog', { name: 'Видалені документи' });
  await drawer.getByRole('button', { name: `Відновити «${title}»` }).click();
  await page.getByRole('dialog', { name: 'Відновити документ?' }).getByRole('button', { name: 'Відновити' }).click();
  await expect(page.getByText(`Відновлено: «${title}»`)).toBeVisible();
  await expect(page.getByRole('form').getByRole('textbox', { name: 'Заголовок', exact: true })).toHaveValue(title);
  await expect(page.getByRole('form').getByRole('radio', { name: 'Чернетка' })).toBeChecked();
});

test('the audit log names the changed document and links to it', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await openSection(page, 'Розробки');
  await page.getByRole('table', { name: 'Розробки' }).getByRole('row').nth(1).getByRole('link').click();
  await expect(page).toHaveURL(/\/edit\/admin\/config\/[^/]+\/[^/]+$/);
  const editUrl = page.url();
  const title = page.getByRole('form').getByRole('textbox', { name: 'Заголовок', exact: true });
  const changed = `${(await title.inputValue()).trim()} (журнал)`;
  await title.fill(changed);
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect(page.getByText('Збережено')).toBeVisible();

  await page.goto('/edit/admin/audit');
  const log = page.getByRole('table', { name: 'Журнал змін' });
  await log.getByRole('link', { name: changed, exact: true }).first().click();
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByRole('form').getByRole('textbox', { name: 'Заголовок', exact: true })).toHaveValue(changed);
});
