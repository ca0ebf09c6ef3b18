/**
 * The admin form widgets (issue 15, item 5): what an editor sees and what the form submits, for
 * real content types of the registry.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dataRepo } from '../../src/shared/content/types/dataRepo';
import { header } from '../../src/shared/content/types/header';
import { news } from '../../src/shared/content/types/news';
import { publications } from '../../src/shared/content/types/publications';
import { trainings } from '../../src/shared/content/types/trainings';
import { ContentForm } from './ContentForm';
import { renderAdmin } from './render';

/** The error text shown for an input (Mantine links it with aria-describedby). */
function errorOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

describe('text, number and date widgets', () => {
  it('shows a missing title under the title field and submits nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(<ContentForm type={news} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    const title = screen.getByRole('textbox', { name: 'Заголовок' });
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(title)).not.toBe('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits typed text, a Kyiv-time date as UTC and comma-separated tags', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onInvalid = vi.fn();
    renderAdmin(
      <ContentForm
        type={news}
        values={{ date: '2026-12-01T08:30:00.000Z' }}
        onSubmit={onSubmit}
        onInvalid={onInvalid}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Заголовок' }), 'Зимова школа з кліматології');
    // The date-time picker (DateFields.test.tsx) shows the instant as Kyiv time and keeps it.
    expect(screen.getByRole('button', { name: 'Дата (київський час)' }).textContent).toBe('01.12.2026 10:30');
    const tags = screen.getByLabelText('Мітки', { selector: 'input:not([type=hidden])' });
    await user.type(tags, 'клімат,гідрологія,');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onSubmit.mock.calls.length + onInvalid.mock.calls.length).toBe(1));
    expect(onInvalid).not.toHaveBeenCalled();
    const data = onSubmit.mock.calls[0]![0] as Record<string, unknown>;
    expect(data.title).toBe('Зимова школа з кліматології');
    // 10:30 in Kyiv on 1 December (winter time, UTC+2) is 08:30 UTC.
    expect(data.date).toBe('2026-12-01T08:30:00.000Z');
    expect(data.tags).toEqual(['клімат', 'гідрологія']);
  });

  it('refuses a year outside the schema under the year field, then accepts a valid one', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(<ContentForm type={publications} values={{ title: 'Атлас клімату України' }} onSubmit={onSubmit} />);
    const year = screen.getByRole('textbox', { name: 'Рік' });
    await user.clear(year);
    await user.type(year, '1700');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(year.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(year)).toMatch(/1800/);
    expect(onSubmit).not.toHaveBeenCalled();
    await user.clear(year);
    await user.type(year, '2005');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect((onSubmit.mock.calls[0]![0] as { year: unknown }).year).toBe(2005);
  });
});

describe("the slug, validated by the server's own schema", () => {
  it('leaves a blank slug to the server (submitted empty) and refuses a bad one under the field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(
      <ContentForm
        type={news}
        values={{ title: 'Зимова школа', date: '2026-12-01T08:30:00.000Z' }}
        onSubmit={onSubmit}
      />,
    );
    const slug = screen.getByRole('textbox', { name: 'Адреса (slug)' });
    await user.type(slug, 'Bad Slug');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(slug)).toBe('Лише малі латинські літери, цифри та дефіси');
    expect(onSubmit).not.toHaveBeenCalled();
    // Spaces only: the server trims them and makes the slug from the title, so the form lets them through.
    await user.clear(slug);
    await user.type(slug, '   ');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect((onSubmit.mock.calls[0]![0] as { slug: string }).slug).toBe('');
  });
});

describe('link fields', () => {
  it('are one-line inputs that take site paths and https addresses and refuse anything else under the field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(
      <ContentForm
        type={trainings}
        values={{ title: 'Курс з агрометеорології', startDate: '2027-03-01', endDate: '2027-03-05' }}
        onSubmit={onSubmit}
      />,
    );
    const link = screen.getByRole('textbox', { name: 'Посилання на реєстрацію' });
    expect(link.tagName).toBe('INPUT');
    await user.type(link, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(link.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(link)).toContain('Посилання має починатися з /');
    await user.clear(link);
    await user.type(link, 'https://uhmi.org.ua/registration');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect((onSubmit.mock.calls[0]![0] as { registrationUrl: string }).registrationUrl).toBe(
      'https://uhmi.org.ua/registration',
    );
  });
});

describe('lists of items', () => {
  it('adds authors as tags and submits them in the order typed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(
      <ContentForm type={publications} values={{ title: 'Атлас клімату України', year: 2005 }} onSubmit={onSubmit} />,
    );
    const authors = screen.getByLabelText('Автори', { selector: 'input:not([type=hidden])' });
    await user.type(authors, 'Ліпінський В. М.,Дячук В. А.,Осадчий В. І.,');
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect((onSubmit.mock.calls[0]![0] as { authors: string[] }).authors).toEqual([
      'Ліпінський В. М.',
      'Дячук В. А.',
      'Осадчий В. І.',
    ]);
  });

  it('builds a header menu: items added, moved and removed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(
      <ContentForm
        type={header}
        values={{ siteName: 'Український гідрометеорологічний інститут', menu: [] }}
        onSubmit={onSubmit}
      />,
    );
    const menuSet = () => screen.getAllByRole('group').find((g) => g.tagName === 'FIELDSET')!;
    const addItem = screen.getAllByRole('button', { name: /^Додати:/ })[0]!;
    await user.click(addItem);
    await user.click(addItem);
    const labels = () => within(menuSet()).getAllByRole('textbox', { name: 'Підпис' });
    const hrefs = () => within(menuSet()).getAllByRole('textbox', { name: 'Посилання' });
    await user.type(labels()[0]!, 'Новини');
    await user.type(hrefs()[0]!, '/News');
    await user.type(labels()[1]!, 'Контакти');
    await user.type(hrefs()[1]!, '/Contacts');
    await user.click(screen.getByRole('button', { name: /перемістити нижче \(1\)/ }));
    expect(labels().map((i) => (i as HTMLInputElement).value)).toEqual(['Контакти', 'Новини']);
    await user.click(screen.getAllByRole('button', { name: /видалити \(2\)/ })[0]!);
    expect(labels().map((i) => (i as HTMLInputElement).value)).toEqual(['Контакти']);
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    const menu = (onSubmit.mock.calls[0]![0] as { menu: Array<{ label: string; href: string }> }).menu;
    expect(menu.map((m) => [m.label, m.href])).toEqual([['Контакти', '/Contacts']]);
  });
});

describe('fields the server maintains', () => {
  it("shows no input for a dataset's remembered published versions, and submits the loaded value untouched", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(
      <ContentForm
        type={dataRepo}
        values={{ title: 'Набір', datasetVersion: '2.0', frozenVersions: ['1.0'] }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Версія набору' })).toBeTruthy();
    expect(screen.queryByLabelText('Опубліковані версії')).toBeNull();
    expect(screen.queryByText('Опубліковані версії')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ frozenVersions: ['1.0'] });
  });
});
