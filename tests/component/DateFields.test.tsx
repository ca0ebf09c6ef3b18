/**
 * Issue 29 item 6: the admin's date and date-time fields are Mantine's pickers in Ukrainian whatever
 * the browser's language (jsdom's is en-US), in Kyiv time as their labels say, usable from the
 * keyboard, closed by Escape, and a time Kyiv skips gets a clear Ukrainian message.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NO_SUCH_KYIV_TIME } from '../../src/client/admin/form/DateFields';
import { news } from '../../src/shared/content/types/news';
import { trainings } from '../../src/shared/content/types/trainings';
import { ContentForm } from './ContentForm';
import { renderAdmin } from './render';

const NEWS = { title: 'Весняне водопілля', date: '2026-03-23T08:00:00.000Z' };

/** The picker's dropdown (the dialog its button controls), once open. */
async function dropdownOf(picker: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(picker.getAttribute('aria-expanded')).toBe('true'));
  return waitFor(() => document.getElementById(picker.getAttribute('aria-controls')!)!);
}

/** Whether the picker's dropdown is closed. */
async function closed(picker: HTMLElement): Promise<void> {
  await waitFor(() => expect(picker.getAttribute('aria-expanded')).toBe('false'));
}

async function submitted(onSubmit: ReturnType<typeof vi.fn>) {
  await userEvent.click(screen.getByRole('button', { name: 'Зберегти' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
  return onSubmit.mock.calls[0]![0] as Record<string, unknown>;
}

describe('date-time picker', () => {
  it('shows the stored instant as Kyiv time in Ukrainian, though the browser speaks en-US', async () => {
    expect(navigator.language).toBe('en-US');
    const user = userEvent.setup();
    renderAdmin(<ContentForm type={news} values={NEWS} onSubmit={vi.fn()} />, { env: 'test' });
    // 08:00 UTC on 23 March is 10:00 in Kyiv (winter time, UTC+2).
    const picker = screen.getByRole('button', { name: 'Дата (київський час)' });
    expect(picker.textContent).toBe('23.03.2026 10:00');
    await user.click(picker);
    const dialog = await dropdownOf(picker);
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(within(dialog).getByRole('button', { name: 'Вибрати місяць' }).textContent).toBe('березень 2026');
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'нд']);
    expect(within(dialog).getByRole('button', { name: '23 березня 2026' })).toBeTruthy();
  });

  it('is filled from the keyboard and saves Kyiv time as UTC; Escape closes it', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(<ContentForm type={news} values={NEWS} onSubmit={onSubmit} />, { env: 'test' });
    const picker = screen.getByRole('button', { name: 'Дата (київський час)' });
    picker.focus();
    await user.keyboard('{Enter}');
    await dropdownOf(picker);
    await user.keyboard('{Escape}');
    await closed(picker);
    expect(picker.textContent).toBe('23.03.2026 10:00');

    picker.focus();
    await user.keyboard('{Enter}');
    const reopened = await dropdownOf(picker);
    within(reopened).getByRole('button', { name: '23 березня 2026' }).focus();
    await user.keyboard('{ArrowDown}{ArrowRight}{Enter}'); // a week and a day later: 31 March (summer time)
    const hours = within(reopened).getByLabelText('Години');
    await user.click(hours);
    await user.keyboard('14');
    await user.keyboard('30');
    await user.click(within(reopened).getByRole('button', { name: 'Готово' }));
    await closed(picker);
    expect(picker.textContent).toBe('31.03.2026 14:30');
    // 14:30 in Kyiv on 31 March (summer time, UTC+3) is 11:30 UTC.
    expect((await submitted(onSubmit)).date).toBe('2026-03-31T11:30:00.000Z');
  });

  it('refuses, in Ukrainian, a time Kyiv skips when summer time starts', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(
      <ContentForm type={news} values={{ ...NEWS, date: '2026-03-28T23:00:00.000Z' }} onSubmit={onSubmit} />,
      { env: 'test' },
    );
    const picker = screen.getByRole('button', { name: 'Дата (київський час)' });
    expect(picker.textContent).toBe('29.03.2026 01:00');
    await user.click(picker);
    const dialog = await dropdownOf(picker);
    await user.click(within(dialog).getByLabelText('Години'));
    await user.keyboard('03');
    await user.keyboard('30');
    await user.click(within(dialog).getByRole('button', { name: 'Готово' }));
    await waitFor(() => expect(screen.getByText(NO_SUCH_KYIV_TIME)).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(NO_SUCH_KYIV_TIME)).toBeTruthy();
  });
});

describe('date picker', () => {
  it('shows and saves a calendar date in Ukrainian', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(
      <ContentForm
        type={trainings}
        values={{ title: 'Школа гідролога', startDate: '2027-03-01', endDate: '2027-03-05' }}
        onSubmit={onSubmit}
      />,
      { env: 'test' },
    );
    const start = screen.getAllByRole('button').find((b) => b.textContent === '01.03.2027')!;
    await user.click(start);
    const dialog = await dropdownOf(start);
    expect(within(dialog).getByRole('button', { name: 'Вибрати місяць' }).textContent).toBe('березень 2027');
    await user.click(within(dialog).getByRole('button', { name: '2 березня 2027' }));
    await waitFor(() => expect(start.textContent).toBe('02.03.2027'));
    expect((await submitted(onSubmit)).startDate).toBe('2027-03-02');
  });
});

describe('an empty required date (QA finding 8)', () => {
  it('asks to fill it in, as a text field does, not for another format', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderAdmin(<ContentForm type={news} onSubmit={onSubmit} />, { env: 'test' });
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Дата: заповніть це поле')).toBeTruthy();
    expect(screen.getByText('Заголовок: заповніть це поле')).toBeTruthy();
    expect(screen.queryByText('Невірний формат дати й часу')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does so for calendar dates too', async () => {
    const user = userEvent.setup();
    renderAdmin(<ContentForm type={trainings} onSubmit={vi.fn()} />, { env: 'test' });
    await user.click(screen.getByRole('button', { name: 'Зберегти' }));
    expect(await screen.findByText('Дата початку: заповніть це поле')).toBeTruthy();
    expect(screen.getByText('Дата завершення: заповніть це поле')).toBeTruthy();
  });

  it('keeps the format message for a value that is there but is no date', () => {
    const date = news.schema.shape.date.safeParse('23.03.2026 10:00');
    expect(date.error?.issues.map((i) => i.message)).toEqual(['Невірний формат дати й часу']);
    const start = trainings.schema.shape.startDate.safeParse('2026-13-40');
    expect(start.error?.issues.map((i) => i.message)).toEqual(['Дата має бути у форматі РРРР-ММ-ДД']);
  });
});
