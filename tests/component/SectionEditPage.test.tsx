/**
 * The edit screen of a document (SectionEditPage) with the admin API replaced by stubs: what it
 * sends on save and delete, and how it answers the server's errors (a stale version, field errors,
 * a document in use) and an attempt to leave with unsaved changes.
 */
import { TRPCClientError } from '@trpc/client';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { AdminContext, type AdminContextValue } from '../../src/client/admin/context';
import type { AdminDoc } from '../../src/client/admin/contentApi';
import type { TrpcErrorData } from '../../src/client/admin/trpcErrors';
import { SectionEditPage } from '../../src/client/admin/pages/SectionEditPage';
import { peekDraft, storeDraft } from '../../src/client/admin/editDraft';
import { dataOf } from '../../src/client/admin/form/defaults';
import { LOGIN_PATH, loginUrl } from '../../src/client/admin/guards';
import type { SessionState } from '../../src/client/admin/session';
import { contacts } from '../../src/shared/content/types/contacts';
import { renderAdmin } from './render';

const api = vi.hoisted(() => {
  const stubs: { doc: unknown; update: Mock; remove: Mock } = { doc: null, update: vi.fn(), remove: vi.fn() };
  return stubs;
});

vi.mock('../../src/client/admin/contentApi', () => {
  const query = (data: () => unknown) => ({
    useQuery: () => ({
      data: data(),
      error: null,
      isLoading: false,
      isFetching: false,
      refetch: () => Promise.resolve(),
    }),
  });
  const mutation = (run: (input: unknown) => Promise<unknown>) => ({
    useMutation: () => ({ mutateAsync: run, isPending: false }),
  });
  const unexpected = () => Promise.reject(new Error('not expected in this test'));
  const routers = {
    get: query(() => api.doc),
    list: query(() => ({ items: [], total: 0, nextCursor: null, relationTitles: {} })),
    options: query(() => []),
    revisions: query(() => []),
    revision: query(() => undefined),
    deleted: query(() => []),
    create: mutation(unexpected),
    update: mutation((input) => api.update(input) as Promise<unknown>),
    delete: mutation((input) => api.remove(input) as Promise<unknown>),
    bulk: mutation(unexpected),
    restore: mutation(unexpected),
    undelete: mutation(unexpected),
  };
  return {
    collectionApi: () => routers,
    singletonApi: () => routers,
    useInvalidateType: () => () => Promise.resolve(),
  };
});

const DOC = {
  id: 'c1',
  version: 3,
  createdAt: '2026-01-10T08:00:00.000Z',
  updatedAt: '2026-01-12T08:00:00.000Z',
  title: 'Приймальня',
  slug: 'pryimalnia',
  status: 'draft',
  publishedAt: null,
  summary: '',
  order: 0,
  phones: [],
  email: '',
  address: '',
  hours: '',
} as unknown as AdminDoc;

const LIST = '/edit/admin/config/Contacts';
const SESSION_STATE = { status: 'signedIn', role: 'editor', user: { uid: 'u1' }, email: 'e@example.org' } as const;
/** The admin session the page reads; `endSession` changes it as the SDK would when signed out elsewhere. */
const sessionStub = { state: SESSION_STATE as unknown as SessionState, listeners: new Set<() => void>() };
const ADMIN = {
  config: {},
  auth: {},
  session: {
    get: () => sessionStub.state,
    subscribe: (listener: () => void) => {
      sessionStub.listeners.add(listener);
      return () => sessionStub.listeners.delete(listener);
    },
  },
} as unknown as AdminContextValue;

function endSession(state: SessionState) {
  act(() => {
    sessionStub.state = state;
    sessionStub.listeners.forEach((l) => l());
  });
}

/** A failed tRPC call as the client sees it: `message` with `data`. */
function trpcError(message: string, data: TrpcErrorData) {
  return new TRPCClientError(message, { result: { error: { data } } });
}

function renderEditor() {
  const router = createMemoryRouter(
    [
      {
        path: `${LIST}/:id`,
        element: (
          <SectionEditPage type={contacts} id="c1" backTo={LIST} basePath={LIST} backLabel={contacts.labels.plural} />
        ),
      },
      { path: LIST, element: <p>Список контактів</p> },
      { path: LOGIN_PATH, element: <p>Сторінка входу</p> },
    ],
    { initialEntries: [`${LIST}/c1`] },
  );
  renderAdmin(
    <AdminContext.Provider value={ADMIN}>
      <RouterProvider router={router} />
    </AdminContext.Provider>,
  );
  return router;
}

/** The server's answer to a save at an old version: the stored document in `current`. */
function staleVersion(current: AdminDoc) {
  return trpcError('Документ змінив інший користувач.', { code: 'CONFLICT', reason: 'stale-version', current });
}

/** Pastes `text` into the empty «Адреса» field. */
async function typeAddress(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.click(screen.getByRole('textbox', { name: 'Адреса' }));
  await user.paste(text);
}

async function retitle(title: string) {
  const user = userEvent.setup();
  const field = screen.getByRole('textbox', { name: 'Назва' });
  await user.clear(field);
  await user.type(field, title);
  return { user, field };
}

/**
 * Saves over a stale version: `api.update` refuses the first save with `theirs` stored (and, with
 * `savesAfter`, saves the next one as version 6); renders the editor, retitles it «Моя назва», pastes
 * `address` when given, and saves. Returns the user and the conflict dialog.
 */
async function conflictOnSave(
  theirs: AdminDoc,
  { address, savesAfter = false }: { address?: string; savesAfter?: boolean } = {},
) {
  api.update.mockRejectedValueOnce(staleVersion(theirs));
  if (savesAfter)
    api.update.mockImplementationOnce((input: { data: object }) =>
      Promise.resolve({ ...DOC, ...input.data, version: 6 }),
    );
  renderEditor();
  const { user } = await retitle('Моя назва');
  if (address !== undefined) await typeAddress(user, address);
  await user.click(screen.getByRole('button', { name: 'Зберегти' }));
  const dialog = await screen.findByRole('dialog', { name: 'Документ змінено іншим користувачем' });
  return { user, dialog };
}

beforeEach(() => {
  sessionStub.state = SESSION_STATE as unknown as SessionState;
  sessionStorage.clear();
  api.doc = DOC;
  api.update.mockReset();
  api.remove.mockReset();
});

describe('SectionEditPage', () => {
  it('saves the form at the loaded version and shows the saved version', async () => {
    api.update.mockImplementation((input: { data: object }) => Promise.resolve({ ...DOC, ...input.data, version: 4 }));
    renderEditor();
    expect(screen.getByText('Версія 3')).toBeTruthy();
    const { user } = await retitle('Приймальня директора');
    expect(screen.getByText('Є незбережені зміни')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(screen.getByText('Версія 4')).toBeTruthy());
    expect(api.update).toHaveBeenCalledWith({
      id: 'c1',
      version: 3,
      data: expect.objectContaining({ title: 'Приймальня директора', slug: 'pryimalnia' }) as unknown,
    });
    expect(screen.queryByText('Є незбережені зміни')).toBeNull();
  });

  it('on a stale version saves only my changed fields over the stored version, asking only about fields both changed', async () => {
    // They changed the title and the hours; I changed the title and the address.
    const theirs = { ...DOC, version: 5, title: 'Приймальня (нова)', hours: 'пн–пт 9:00–18:00' };
    const { user, dialog } = await conflictOnSave(theirs, { address: 'вул. Наукова, 37', savesAfter: true });
    expect(within(dialog).getByText('Ви змінили: «Назва», «Адреса».')).toBeTruthy();
    expect(within(dialog).getByText('Інший користувач змінив: «Назва», «Години роботи».')).toBeTruthy();
    // Only the title needs a choice; mine by default.
    const titleChoice = within(dialog).getByRole('radiogroup', { name: 'Назва' });
    expect(within(titleChoice).getByRole('radio', { name: 'Моя версія' })).toHaveProperty('checked', true);
    expect(within(dialog).queryByRole('radiogroup', { name: 'Адреса' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти мої зміни поверх' }));
    await waitFor(() => expect(screen.getByText('Версія 6')).toBeTruthy());
    expect(api.update).toHaveBeenLastCalledWith(
      expect.objectContaining({
        version: 5,
        data: expect.objectContaining({
          title: 'Моя назва',
          address: 'вул. Наукова, 37',
          hours: 'пн–пт 9:00–18:00',
        }) as unknown,
      }),
    );
  });

  it('on a stale version keeps the stored value of a field both changed when I choose it', async () => {
    const theirs = { ...DOC, version: 5, title: 'Приймальня (нова)' };
    const { user, dialog } = await conflictOnSave(theirs, { address: 'вул. Наукова, 37', savesAfter: true });
    const titleChoice = within(dialog).getByRole('radiogroup', { name: 'Назва' });
    await user.click(within(titleChoice).getByRole('radio', { name: 'Збережена версія' }));
    await user.click(within(dialog).getByRole('button', { name: 'Зберегти мої зміни поверх' }));
    await waitFor(() => expect(screen.getByText('Версія 6')).toBeTruthy());
    expect(api.update).toHaveBeenLastCalledWith(
      expect.objectContaining({
        version: 5,
        data: expect.objectContaining({ title: 'Приймальня (нова)', address: 'вул. Наукова, 37' }) as unknown,
      }),
    );
  });

  it('on a stale version merges my changes into the form on top of the stored version without saving', async () => {
    const theirs = { ...DOC, version: 5, hours: 'пн–пт 9:00–18:00' };
    const { user, dialog } = await conflictOnSave(theirs);
    await user.click(within(dialog).getByRole('button', { name: 'Об’єднати у формі' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Назва' })).toHaveProperty('value', 'Моя назва');
    expect(screen.getByRole('textbox', { name: 'Години роботи' })).toHaveProperty('value', 'пн–пт 9:00–18:00');
    expect(screen.getByText('Версія 5')).toBeTruthy();
    expect(screen.getByText('Є незбережені зміни')).toBeTruthy();
    expect(api.update).toHaveBeenCalledTimes(1);
  });

  it('asks before «Завантажити збережену версію» drops my changes', async () => {
    const theirs = { ...DOC, version: 5, title: 'Приймальня (нова)' };
    const { user, dialog } = await conflictOnSave(theirs);
    await user.click(within(dialog).getByRole('button', { name: 'Завантажити збережену версію' }));
    const confirm = await screen.findByRole('dialog', { name: 'Відкинути ваші зміни?' });
    expect(confirm.textContent).toContain('Ваші незбережені зміни у полях «Назва» буде втрачено');
    await user.click(within(confirm).getByRole('button', { name: 'Назад' }));
    const again = await screen.findByRole('dialog', { name: 'Документ змінено іншим користувачем' });
    expect(screen.getByRole('textbox', { name: 'Назва' })).toHaveProperty('value', 'Моя назва');
    await user.click(within(again).getByRole('button', { name: 'Завантажити збережену версію' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Відкинути ваші зміни?' })).getByRole('button', {
        name: 'Відкинути мої зміни',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Назва' })).toHaveProperty('value', 'Приймальня (нова)'),
    );
    expect(screen.getByText('Версія 5')).toBeTruthy();
  });

  it('«Порівняти» shows long values whole, markup as text, lists readably', async () => {
    const tail = ' <b>кінець</b>';
    const long = `${'Довга адреса, '.repeat(18)}${tail}`;
    const theirs = { ...DOC, version: 5, phones: ['+380 44 525-11-11', '+380 44 525-22-22'] };
    api.update.mockRejectedValueOnce(staleVersion(theirs));
    renderEditor();
    const user = userEvent.setup();
    await typeAddress(user, long);
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    const dialog = await screen.findByRole('dialog', { name: 'Документ змінено іншим користувачем' });
    await user.click(within(dialog).getByRole('button', { name: 'Порівняти' }));
    const mine = within(dialog).getByLabelText('Адреса: ваша версія');
    expect(mine.textContent).toBe(long);
    expect(within(dialog).getByLabelText('Адреса: збережена версія').textContent).toBe('—');
    expect(within(dialog).getByLabelText('Телефони: збережена версія').textContent).toContain('"+380 44 525-22-22"');
    expect(within(dialog).getByLabelText('Телефони: збережена версія').textContent).toContain('\n');
    expect(within(dialog).queryByText('кінець')).toBeNull();
  });

  it('saving a document someone else deleted says so, keeps the form and offers «Видалені»', async () => {
    api.update.mockRejectedValueOnce(trpcError('Контакт: не знайдено', { code: 'NOT_FOUND' }));
    renderEditor();
    const { user, field } = await retitle('Моя назва');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Цей документ видалив інший користувач.');
    expect(alert.textContent).not.toContain('не знайдено');
    expect(field).toHaveProperty('value', 'Моя назва');
    await user.click(within(alert).getByRole('button', { name: 'Видалені' }));
    expect(await screen.findByRole('dialog', { name: 'Видалені документи' })).toBeTruthy();
  });

  it("puts the server's field errors beside the fields and its message above the form", async () => {
    api.update.mockRejectedValueOnce(
      trpcError('Така адреса вже використовується', {
        code: 'CONFLICT',
        reason: 'slug-taken',
        zodError: { fieldErrors: { 'data.slug': ['Така адреса вже використовується'] } },
      }),
    );
    renderEditor();
    const { user } = await retitle('Інша назва');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не вдалося зберегти');
    expect(alert.textContent).toContain('Така адреса вже використовується');
    const slug = screen.getByRole('textbox', { name: 'Адреса (slug)' });
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks a field invalid on blur without a summary above the form; a save attempt names it in the save bar (F1)', async () => {
    renderEditor();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: 'Назва' });
    await user.clear(field);
    await user.tab();
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Перевірте виділені поля.')).toBeNull();

    const saveButton = screen.getByRole('button', { name: 'Зберегти' });
    await user.click(saveButton);
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toBe('Перевірте виділені поля.');
    // In the save bar beside the button, after every field: nothing above the form moves.
    expect(saveButton.closest('div[class*="Paper"]')?.contains(summary)).toBe(true);
    expect(field.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(api.update).not.toHaveBeenCalled();
  });

  it('deletes a document in use only after detaching its referrers, then opens the list', async () => {
    api.remove
      .mockRejectedValueOnce(
        trpcError('Документ використовується: «Відділ кадрів» (Підрозділи)', {
          code: 'PRECONDITION_FAILED',
          reason: 'in-use',
        }),
      )
      .mockResolvedValueOnce({ id: 'c1' });
    const router = renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Видалити' }));
    const dialog = await screen.findByRole('dialog', { name: 'Видалити документ?' });
    expect(
      within(dialog).getByText('Документ «Приймальня» буде видалено. Історія змін залишиться в журналі.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Видалити' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Документ використовується'));
    expect(api.remove).toHaveBeenLastCalledWith({ id: 'c1', version: 3, detach: false });
    await user.click(within(dialog).getByRole('button', { name: 'Відв’язати й видалити' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
    expect(api.remove).toHaveBeenLastCalledWith({ id: 'c1', version: 3, detach: true });
  });

  it('asks before leaving with unsaved changes', async () => {
    const router = renderEditor();
    const { user } = await retitle('Незбережена назва');
    await user.click(screen.getByRole('link', { name: `← ${contacts.labels.plural}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Незбережені зміни' });
    await user.click(within(dialog).getByRole('button', { name: 'Залишитися' }));
    expect(router.state.location.pathname).toBe(`${LIST}/c1`);
    await user.click(screen.getByRole('link', { name: `← ${contacts.labels.plural}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Незбережені зміни' })).getByRole('button', {
        name: 'Вийти без збереження',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST));
  });

  describe('when the session ends with unsaved changes', () => {
    it('keeps the typed form for the same account and goes to the login page without «Незбережені зміни»', async () => {
      const router = renderEditor();
      await retitle('Незбережена назва');
      endSession({ status: 'signedOut' });
      // What AdminLayout does when the session ends.
      await act(() => router.navigate(`${loginUrl(`${LIST}/c1`)}&ended=1`, { replace: true }));
      await waitFor(() => expect(router.state.location.pathname).toBe(LOGIN_PATH));
      expect(screen.queryByRole('dialog', { name: 'Незбережені зміни' })).toBeNull();
      expect(peekDraft()).toMatchObject({
        uid: 'u1',
        type: contacts.key,
        id: 'c1',
        version: 3,
        values: { title: 'Незбережена назва' },
      });
    });

    it('offers the kept values back on the same document, signed in as the same account', async () => {
      const base = dataOf(contacts, DOC);
      storeDraft({
        uid: 'u1',
        type: contacts.key,
        id: 'c1',
        version: 3,
        base,
        values: { ...base, title: 'Відновлена' },
      });
      renderEditor();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Відновити зміни' }));
      expect(screen.getByRole('textbox', { name: 'Назва' })).toHaveProperty('value', 'Відновлена');
      expect(screen.getByText('Є незбережені зміни')).toBeTruthy();
      expect(peekDraft()).toBeNull();
    });

    it("does not offer another account's kept values; a document changed since then goes through the merge", async () => {
      const base = dataOf(contacts, DOC);
      storeDraft({ uid: 'u2', type: contacts.key, id: 'c1', version: 3, base, values: { ...base, title: 'Чужа' } });
      renderEditor();
      expect(screen.queryByRole('button', { name: 'Відновити зміни' })).toBeNull();
      cleanup();

      storeDraft({ uid: 'u1', type: contacts.key, id: 'c1', version: 2, base, values: { ...base, hours: '9–18' } });
      api.doc = { ...DOC, title: 'Приймальня (нова)' };
      renderEditor();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Відновити зміни' }));
      const dialog = await screen.findByRole('dialog', { name: 'Документ змінено іншим користувачем' });
      expect(within(dialog).getByText('Ви змінили: «Години роботи».')).toBeTruthy();
    });
  });
});
