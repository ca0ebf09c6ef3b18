/**
 * QA pass 2, A1 and T1: number fields start empty and say what is wrong in Ukrainian under the field;
 * an object list refused as a whole (a thesis without authors) says so at its fieldset, which is
 * marked invalid like an input and gets the focus after a save attempt.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { journal } from '../../src/shared/content/types/journal';
import { theses } from '../../src/shared/content/types/theses';
import { ContentForm } from './ContentForm';
import { renderAdmin } from './render';

/** The text of the elements an element's aria-describedby names. */
function descriptionOf(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));

describe('number fields (A1)', () => {
  it('start empty on a new journal issue and ask to be filled, by name', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<ContentForm type={journal} values={{ title: 'Випуск', slug: 'vypusk' }} onSubmit={onSubmit} />);
    const yearInput = screen.getByRole<HTMLInputElement>('textbox', { name: 'Рік' });
    expect(yearInput.value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Том' }).value).toBe('');
    await save();
    await waitFor(() => expect(yearInput.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(yearInput)).toBe('Рік: заповніть це поле');
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Номер випуску' }))).toBe(
      'Номер випуску: заповніть це поле',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('say a year out of range in words', async () => {
    const user = userEvent.setup();
    renderAdmin(<ContentForm type={journal} values={{ title: 'Випуск', slug: 'vypusk' }} onSubmit={vi.fn()} />);
    const yearInput = screen.getByRole('textbox', { name: 'Рік' });
    await user.type(yearInput, '1850');
    await save();
    await waitFor(() => expect(descriptionOf(yearInput)).toBe('Рік: не раніше 1900'));
  });
});

describe('an object list refused as a whole (T1)', () => {
  it('says why at the «Автори» fieldset, marks it invalid and focuses it', async () => {
    const onSubmit = vi.fn();
    renderAdmin(<ContentForm type={theses} values={{ title: 'Тези', conferenceId: 'c1' }} onSubmit={onSubmit} />);
    const authors = screen.getByRole('group', { name: 'Автори' });
    expect(authors.getAttribute('aria-invalid')).toBeNull();
    await save();
    await waitFor(() => expect(authors.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(authors)).toBe('Вкажіть хоча б одного автора');
    expect(within(authors).getByText('Вкажіть хоча б одного автора')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(authors));
    expect(onSubmit).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.click(within(authors).getByRole('button', { name: 'Додати: автори' }));
    await user.type(within(authors).getByRole('textbox', { name: 'Ім’я' }), 'Олена Коваль');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(authors.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Вкажіть хоча б одного автора')).toBeNull();
  });

  it('focuses the first invalid field in the form’s order: the title before the authors', async () => {
    renderAdmin(<ContentForm type={theses} values={{ conferenceId: 'c1' }} onSubmit={vi.fn()} />);
    await save();
    const title = screen.getByRole('textbox', { name: 'Заголовок' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByRole('group', { name: 'Автори' }).getAttribute('aria-invalid')).toBe('true');
  });
});
