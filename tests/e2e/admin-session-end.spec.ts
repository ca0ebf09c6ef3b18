/**
 * A session that ends in another tab while an edit form has unsaved changes: the form's tab goes to
 * the login page saying why and that the changes were kept; signing in again as the same account
 * offers them back on the same document (sessionStorage draft, editDraft.ts).
 */
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixtures';

const ADMIN = { email: 'admin@uhmi.org.ua', password: 'e2e-admin-password' };
const API_KEY = 'embedded-uhmi-web-api-key';

/** Creates an editor account through the admin's HTTP API. */
async function createEditor(baseURL: string, email: string, password: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const signIn = await api.post(`/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`, {
    data: { ...ADMIN, returnSecureToken: true },
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  expect((await api.post('/api/__session', { data: { token: idToken } })).ok()).toBe(true);
  const res = await api.post('/api/trpc/authUsers.create', { data: { json: { email, password, role: 'editor' } } });
  expect(res.ok(), await res.text()).toBe(true);
  await api.dispose();
}

test('signed out in another tab: the edit page explains, and the typed form comes back after signing in', async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const email = `tabs-${testInfo.retry}.e2e@uhmi.org.ua`;
  const password = 'tabs-password-1';
  await createEditor(baseURL!, email, password);
  const signInHere = async () => {
    await page.getByLabel('Електронна пошта').fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Увійти' }).click();
  };
  await page.goto('/edit/admin/Login?returnUrl=%2Fedit%2Fadmin%2Fconfig%2FContacts%2Fnew');
  await signInHere();
  await expect(page).toHaveURL(/\/edit\/admin\/config\/Contacts\/new$/);
  await page.getByRole('textbox', { name: 'Назва' }).fill('Чернетка з іншої вкладки');
  await expect(page.getByText('Є незбережені зміни')).toBeVisible();

  const other = await context.newPage();
  await other.goto('/edit/admin');
  await other.getByRole('banner').getByRole('button', { name: 'Вийти' }).click();
  await other.waitForURL((url) => url.pathname === '/');

  await expect(page).toHaveURL(/\/edit\/admin\/Login\?returnUrl=.*&ended=1/);
  await expect(page.getByRole('dialog', { name: 'Незбережені зміни' })).toHaveCount(0);
  await expect(page.getByText('Ви вийшли з облікового запису в іншій вкладці.')).toBeVisible();
  await expect(page.getByText(/Незбережені зміни документа збережено в цій вкладці/)).toBeVisible();

  await signInHere();
  await expect(page).toHaveURL(/\/edit\/admin\/config\/Contacts\/new$/);
  await page.getByRole('button', { name: 'Відновити зміни' }).click();
  await expect(page.getByRole('textbox', { name: 'Назва' })).toHaveValue('Чернетка з іншої вкладки');
});
