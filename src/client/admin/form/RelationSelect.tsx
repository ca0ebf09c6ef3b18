/** Picks a document of another type (relation field) by searching its titles. */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
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
  const api = collectionApi(to);
  const list = api.list.useQuery({ search: debounced || undefined, limit: 50 });
  const current = api.get.useQuery({ id: value ?? '' }, { enabled: !!value });
  const options = new Map<string, string>();
  if (current.data) options.set(current.data.id, String(current.data[type.useAsTitle] ?? current.data.id));
  for (const d of list.data?.items ?? []) options.set(d.id, String(d[type.useAsTitle] ?? d.id));
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
