/** Picks a document of another type (relation field) by searching its titles. */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ADMIN_SEARCH_MAX } from '../../../shared/content/adminInput';
import { getContentType } from '../../../shared/content/registry';

import { collectionApi } from '../contentApi';

export function RelationSelect({
  to,
  label,
  value,
  onChange,
  nullable,
  error,
}: {
  to: string;
  label: string;
  value: string | null;
  onChange: (v: string | null) => void;
  nullable: boolean;
  error?: string;
}) {
  const type = getContentType(to);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  // `options` (id and title only) is open to all staff, also for admin-only types such as the staff directory.
  const api = collectionApi(to);
  const found = api.options.useQuery({ search: debounced.slice(0, ADMIN_SEARCH_MAX) || undefined, limit: 50 });
  const current = api.options.useQuery({ ids: value ? [value] : [] }, { enabled: !!value });
  const options = new Map<string, string>();
  for (const d of [...(current.data ?? []), ...(found.data ?? [])]) options.set(d.id, d.title);
  return (
    <Select
      label={label}
      searchable
      clearable={nullable}
      data={[...options].map(([v, l]) => ({ value: v, label: l }))}
      value={value}
      onChange={(v) => onChange(v)}
      onSearchChange={setSearch}
      nothingFoundMessage="Нічого не знайдено"
      placeholder={`Оберіть: ${type.labels.singular.toLowerCase()}`}
      error={error}
    />
  );
}
