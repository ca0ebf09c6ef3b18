/**
 * The form's date and date-time fields: Mantine's pickers (@mantine/dates) in Ukrainian whatever the
 * browser's language (dayjs's `uk` locale, weeks from Monday, `дд.мм.рррр`), date-times as Kyiv
 * wall-clock time stored as UTC instants (kyivTime.ts). Keyboard: Enter or Space opens the
 * calendar with the focus on the chosen day (or today), arrows move between days, Enter picks one, Tab reaches the hour and minute fields and
 * the «Готово» button; typed digits fill each box as two-digit numbers (timeEntry.ts); Escape closes, and the focus is back on the field.
 * A time Kyiv skips (summer time) is refused with a message.
 * Loaded with the edit forms only (this module and its styles are not in the login chunk).
 */
import '@mantine/dates/styles.css';
import 'dayjs/locale/uk';
import {
  DatePickerInput,
  DatesProvider,
  DateTimePicker,
  type CalendarAriaLabels,
  type DatesProviderSettings,
} from '@mantine/dates';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { FieldSpec } from './introspect';
import { fromKyivLocal, isKyivTime, toKyivLocal } from './kyivTime';
import { WHOLE_BOX_ENTRY } from './timeEntry';

/** Shown for a wall-clock time that does not happen in Kyiv (the hour skipped in spring). */
export const NO_SUCH_KYIV_TIME =
  'Такого часу в Києві немає: цієї ночі годинники переводять на годину вперед (з 03:00 одразу на 04:00). Оберіть інший час.';

const ARIA_LABELS: CalendarAriaLabels = {
  monthLevelControl: 'Вибрати місяць',
  yearLevelControl: 'Вибрати рік',
  nextMonth: 'Наступний місяць',
  previousMonth: 'Попередній місяць',
  nextYear: 'Наступний рік',
  previousYear: 'Попередній рік',
  nextDecade: 'Наступне десятиліття',
  previousDecade: 'Попереднє десятиліття',
};

const SETTINGS: DatesProviderSettings = { locale: 'uk', firstDayOfWeek: 1, weekendDays: [0, 6] };

/**
 * `getDayProps` marking the day the calendar focuses when it opens: Mantine's focus trap focuses the
 * element with `data-autofocus` (@mantine/hooks use-focus-trap) instead of the first button
 * («Попередній місяць»), so arrows move between days at once. The chosen day (`YYYY-MM-DD…`), or today.
 */
function focusOnOpen(value: string | null | undefined): (date: string) => { 'data-autofocus'?: true } {
  const day = (value || dayjs().format('YYYY-MM-DD')).slice(0, 10);
  return (date) => (date === day ? { 'data-autofocus': true } : {});
}

/** The calendar gives the focus back to its field when it closes (picked, «Готово» or Escape), not to the page. */
const RETURN_FOCUS = { returnFocus: true } as const;

interface DateFieldProps {
  spec: FieldSpec;
  error: string | undefined;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
}

/** A calendar date (`YYYY-MM-DD`, no time zone). */
export function DateField({ spec, error, value, onChange }: DateFieldProps) {
  return (
    <DatesProvider settings={SETTINGS}>
      <DatePickerInput
        label={spec.label}
        description={spec.help}
        value={value || null}
        onChange={(v) => onChange(v || (spec.nullable ? null : ''))}
        error={error}
        valueFormat="DD.MM.YYYY"
        placeholder="Оберіть дату"
        clearable={spec.nullable}
        clearButtonProps={{ 'aria-label': 'Очистити' }}
        ariaLabels={ARIA_LABELS}
        getDayProps={focusOnOpen(value)}
        popoverProps={RETURN_FOCUS}
      />
    </DatesProvider>
  );
}

/** An instant edited as Kyiv wall-clock time (the label says so), stored as UTC. */
export function DateTimeField({ spec, error, value, onChange }: DateFieldProps) {
  // A picked time that Kyiv skips: shown as picked, with its message; the form gets a value its schema refuses.
  const [skipped, setSkipped] = useState<string | null>(null);
  const change = (local: string | null) => {
    if (!local) {
      setSkipped(null);
      onChange(spec.nullable ? null : '');
    } else if (!isKyivTime(local)) {
      setSkipped(local);
      onChange(local);
    } else {
      setSkipped(null);
      onChange(fromKyivLocal(local));
    }
  };
  return (
    <DatesProvider settings={SETTINGS}>
      <DateTimePicker
        label={`${spec.label} (київський час)`}
        description={spec.help}
        value={skipped ?? (toKyivLocal(value) || null)}
        onChange={change}
        error={skipped ? NO_SUCH_KYIV_TIME : error}
        valueFormat="DD.MM.YYYY HH:mm"
        placeholder="Оберіть дату й час"
        clearable={spec.nullable}
        clearButtonProps={{ 'aria-label': 'Очистити' }}
        ariaLabels={ARIA_LABELS}
        getDayProps={focusOnOpen(skipped ?? toKyivLocal(value))}
        popoverProps={RETURN_FOCUS}
        timePickerProps={{
          hoursInputLabel: 'Години',
          minutesInputLabel: 'Хвилини',
          hoursInputProps: WHOLE_BOX_ENTRY,
          minutesInputProps: WHOLE_BOX_ENTRY,
        }}
        submitButtonProps={{ 'aria-label': 'Готово' }}
      />
    </DatesProvider>
  );
}
