/**
 * The signed-in user's own account: «Змінити пароль» (re-authentication with the current password,
 * then the SDK's updatePassword against the embedded identity endpoints), and a disabled account
 * explained at sign-in and when an open session's account is disabled meanwhile. Accounts are made
 * by the administrator through the same HTTP API the admin uses.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

const ADMIN = { email: 'admin@uhmi.org.ua', password: 'e2e-admin-password' };
const API_KEY = 'embedded-uhmi-web-api-key';
const DISABLED_MESSAGE = 'Обліковий запис вимкнено. Зверніться до адміністратора.';
const NO_ACCESS_MESSAGE = 'Цей обліковий запис не має доступу до адміністрування сайту.';

/** An API client signed in as the administrator (the `__session` cookie kept by the context). */
async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post(`/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`, {
    data: { email: ADMIN.email, password: ADMIN.password, returnSecureToken: true },
  });
  expect(signIn.ok()).toBe(true);
  const session = await api.post('/api/__session', {
    data: { token: ((await signIn.json()) as { idToken: string }).idToken },
  });
  expect(session.ok()).toBe(true);
  return api;
}

async function mutation<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await api.post(`/api/trpc/${procedure}`, { data: { json: input } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Електронна пошта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Увійти' }).click();
}

test('a signed-in editor changes their own password; the old one is refused afterwards', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const api = await adminApi(baseURL!);
  const email = 'password.e2e@uhmi.org.ua';
  await mutation(api, 'authUsers.create', { email, password: 'first-password-1', role: 'editor' });

  await page.goto('/edit/admin/Login');
  await signIn(page, email, 'first-password-1');
  await expect(page).toHaveURL(/\/edit\/admin$/);
  await page.getByRole('banner').getByRole('link', { name: 'Змінити пароль' }).click();
  await expect(page).toHaveURL(/\/edit\/admin\/account\/password$/);
  await expect(page.getByRole('heading', { name: 'Змінити пароль' })).toBeVisible();

  const current = page.getByLabel('Поточний пароль');
  const next = page.getByLabel('Новий пароль', { exact: true });
  const repeat = page.getByLabel('Повторіть новий пароль');
  const save = page.getByRole('button', { name: 'Змінити пароль' });

  // The rules, each under its own field.
  await save.click();
  await expect(page.getByText('Введіть поточний пароль')).toBeVisible();
  await current.fill('first-password-1');
  await next.fill('short');
  await repeat.fill('other');
  await save.click();
  await expect(page.getByText('Пароль має містити щонайменше 8 символів')).toBeVisible();
  await expect(page.getByText('Паролі не збігаються')).toBeVisible();
  await next.fill('x'.repeat(129));
  await repeat.fill('x'.repeat(129));
  await save.click();
  await expect(page.getByText('Пароль задовгий: щонайбільше 128 символів')).toBeVisible();

  // A wrong current password is named as such.
  await current.fill('not-my-password');
  await next.fill('second-password-2');
  await repeat.fill('second-password-2');
  await save.click();
  await expect(page.getByText('Неправильний поточний пароль')).toBeVisible();

  await current.fill('first-password-1');
  await save.click();
  await expect(page.getByRole('status')).toContainText('Пароль змінено');
  await expect(current).toHaveValue('');

  // The session goes on with the new tokens: a screen that asks the server still loads.
  await page.getByRole('navigation', { name: 'Розділи адміністрування' }).getByRole('link', { name: 'Новини' }).click();
  await expect(page.getByRole('heading', { name: 'Новини', level: 1 })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Новини', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Вийти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/edit/admin/Login');
  await signIn(page, email, 'first-password-1');
  await expect(page.getByRole('alert')).toContainText('Невірна адреса електронної пошти або пароль.');
  await signIn(page, email, 'second-password-2');
  await expect(page).toHaveURL(/\/edit\/admin$/);
  await api.dispose();
  // The refused requests of the wrong passwords are the only console errors.
  expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
});

test('a disabled account is told so: when its open session is checked again, and at sign-in', async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL!);
  const email = 'disabled.e2e@uhmi.org.ua';
  const { uid } = await mutation<{ uid: string }>(api, 'authUsers.create', {
    email,
    password: 'disabled-password-1',
    role: 'editor',
  });

  await page.goto('/edit/admin/Login');
  await signIn(page, email, 'disabled-password-1');
  await expect(page).toHaveURL(/\/edit\/admin$/);

  await mutation(api, 'authUsers.setDisabled', { uid, disabled: true });
  await page.reload();
  await expect(page).toHaveURL(/\/edit\/admin\/Login\?returnUrl=%2Fedit%2Fadmin$/);
  await expect(page.getByRole('alert')).toContainText(DISABLED_MESSAGE);

  await signIn(page, email, 'disabled-password-1');
  await expect(page.getByRole('alert')).toContainText(DISABLED_MESSAGE);
  await expect(page).toHaveURL(/\/edit\/admin\/Login/);
  await api.dispose();
});

test('an open screen whose account is disabled meanwhile goes to the login page with the message', async ({
  page,
  baseURL,
}, testInfo) => {
  const api = await adminApi(baseURL!);
  const email = `disabled-open-${testInfo.retry}.e2e@uhmi.org.ua`;
  const { uid } = await mutation<{ uid: string }>(api, 'authUsers.create', {
    email,
    password: 'disabled-password-2',
    role: 'editor',
  });
  await page.goto('/edit/admin/Login');
  await signIn(page, email, 'disabled-password-2');
  await expect(page).toHaveURL(/\/edit\/admin$/);
  const news = page.getByRole('navigation', { name: 'Розділи адміністрування' }).getByRole('link', { name: 'Новини' });
  await expect(news).toBeVisible(); // the admin shell (loaded after sign-in) is up

  await mutation(api, 'authUsers.setDisabled', { uid, disabled: true });
  // The next request the screen makes is refused; the admin checks the session and explains. A
  // request of the screen's own (a refetch) may get there first and leave: then there is no link to click.
  await Promise.race([page.waitForURL(/\/edit\/admin\/Login\?returnUrl=/), news.click().catch(() => undefined)]);
  await expect(page).toHaveURL(/\/edit\/admin\/Login\?returnUrl=/);
  await expect(page.getByRole('alert')).toContainText(DISABLED_MESSAGE);
  await api.dispose();
});

test('a staff member whose role is removed meanwhile is told so in the shell and on the login page', async ({
  page,
  baseURL,
}, testInfo) => {
  const api = await adminApi(baseURL!);
  const email = `norole-open-${testInfo.retry}.e2e@uhmi.org.ua`;
  const { uid } = await mutation<{ uid: string }>(api, 'authUsers.create', {
    email,
    password: 'norole-password-1',
    role: 'editor',
  });
  await page.goto('/edit/admin/Login');
  await signIn(page, email, 'norole-password-1');
  await expect(page).toHaveURL(/\/edit\/admin$/);
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('Редактор');

  await mutation(api, 'authUsers.setRole', { uid, role: null });
  // The list's request is refused (403): the admin asks the server again and shows the new state.
  await page.getByRole('navigation', { name: 'Розділи адміністрування' }).getByRole('link', { name: 'Новини' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NO_ACCESS_MESSAGE })).toBeVisible();
  await expect(banner).not.toContainText('Редактор');

  await page.reload();
  await expect(page).toHaveURL(/\/edit\/admin\/Login\?returnUrl=/);
  await expect(page.getByRole('alert')).toContainText(NO_ACCESS_MESSAGE);
  await api.dispose();
});

test('without SMTP, «Змінити мою адресу» and the verification mail say that no mail was sent', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const api = await adminApi(baseURL!);
  const email = 'address.e2e@uhmi.org.ua';
  await mutation(api, 'authUsers.create', { email, password: 'address-password-1', role: 'admin' });
  await mutation(api, 'authUsers.create', { email: 'other.e2e@uhmi.org.ua', password: 'other-password-1', role: null });

  await page.goto('/edit/admin/Login');
  await signIn(page, email, 'address-password-1');
  await expect(page).toHaveURL(/\/edit\/admin$/);
  await page.goto('/edit/admin/config/AuthUsers');
  await page.getByRole('button', { name: 'Змінити мою адресу' }).click();
  const dialog = page.getByRole('dialog', { name: 'Змінити мою адресу' });
  await dialog.getByLabel('Нова адреса електронної пошти').fill('address.new.e2e@uhmi.org.ua');
  await dialog.getByLabel('Поточний пароль').fill('address-password-1');
  await dialog.getByRole('button', { name: 'Надіслати посилання' }).click();
  const notice = dialog.getByRole('status');
  await expect(notice).toContainText('Лист не надіслано');
  await expect(notice).toContainText('Пошту (SMTP_URL) на сервері не налаштовано');
  await expect(notice).toContainText(`npm run user -- set-email ${email} address.new.e2e@uhmi.org.ua`);
  await expect(dialog).not.toContainText('Лист із посиланням надіслано');
  await dialog.getByRole('button', { name: 'Закрити' }).last().click();
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'address.new.e2e@uhmi.org.ua' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Дії з other.e2e@uhmi.org.ua' }).click();
  await page.getByRole('menuitem', { name: 'Надіслати лист для підтвердження адреси' }).click();
  const alert = page.locator('.mantine-Notification-root').filter({ hasText: 'Лист не надіслано' });
  await expect(alert).toContainText('Пошту (SMTP_URL) на сервері не налаштовано');
  expect(consoleErrors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  await api.dispose();
});
