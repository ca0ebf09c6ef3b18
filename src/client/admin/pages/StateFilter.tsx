/**
 * The list's publication-state filter: a SegmentedControl from the `sm` breakpoint (48em) up, and
 * on narrower screens (a 390 px phone, where the four options do not fit) a Select with the same
 * options. Only one of the two is displayed (Mantine's hiddenFrom / visibleFrom, CSS only).
 */
import { SegmentedControl, Select } from '@mantine/core';

export type StatusFilter = 'all' | 'draft' | 'published' | 'scheduled';

const OPTIONS: Array<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'Усі' },
  { value: 'draft', label: 'Чернетки' },
  { value: 'published', label: 'Опубліковані' },
  { value: 'scheduled', label: 'Заплановані' },
];

export function StateFilter({ value, onChange }: { value: StatusFilter; onChange: (value: StatusFilter) => void }) {
  return (
    <>
      <SegmentedControl
        visibleFrom="sm"
        aria-label="Фільтр за станом"
        value={value}
        onChange={(v) => onChange(v)}
        data={OPTIONS}
      />
      <Select
        hiddenFrom="sm"
        label="Стан"
        value={value}
        onChange={(v) => onChange(v ?? 'all')}
        data={OPTIONS}
        allowDeselect={false}
        w={200}
      />
    </>
  );
}
