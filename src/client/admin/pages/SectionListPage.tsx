/**
 * The list screen of a content section, generated from the registry: search, filter by status,
 * sort by a column, cursor pagination, bulk publish / unpublish / delete with confirmation, and the
 * deleted documents that can be brought back.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AnyContentType } from '../../../shared/content/define';
import { formatDateTime } from '../../../shared/dates';
import { ConfirmModal } from '../components/ConfirmModal';
import { collectionApi, useInvalidateType, type AdminListInput } from '../contentApi';
import { ADMIN_HOME } from '../guards';
import { sectionScreenOf } from '../sections';
import { trpcErrorMessage } from '../trpcErrors';
import { CellValue } from './cellValue';
import { DeletedDrawer } from './DeletedDrawer';
import { fieldText } from '../../../shared/fieldText';

type StatusFilter = 'all' | 'draft' | 'published' | 'scheduled';

export function SectionListPage({ type }: { type: AnyContentType }) {
  const api = collectionApi(type.key);
  const screen = useMemo(() => sectionScreenOf(type), [type]);
  const specs = useMemo(() => new Map(screen.fields.map((f) => [f.name, f])), [screen]);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<{ field: string; direction: 'asc' | 'desc' }>({
    field: 'updatedAt',
    direction: 'desc',
  });
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showDeleted, setShowDeleted] = useState(false);
  const invalidate = useInvalidateType();
  const bulk = api.bulk.useMutation();

  const input: AdminListInput = {
    search: debounced || undefined,
    status: status === 'all' ? undefined : status,
    sort,
    cursor: cursors[cursors.length - 1],
    limit: 25,
  };
  const list = api.list.useQuery(input, { placeholderData: keepPreviousData });
  const items = list.data?.items ?? [];
  const base = `${ADMIN_HOME}/config/${type.adminSection}`;
  const resetPaging = () => {
    setCursors([]);
    setSelected(new Set());
  };

  const runBulk = async (action: 'publish' | 'unpublish' | 'delete') => {
    try {
      const result = await bulk.mutateAsync({ ids: [...selected], action });
      await invalidate(type.key);
      setSelected(new Set());
      notifications.show({
        color: result.failed.length ? 'orange' : 'green',
        message: `Виконано: ${result.done}${result.failed.length ? `, не вдалося: ${result.failed.length}` : ''}`,
      });
      for (const f of result.failed.slice(0, 3)) notifications.show({ color: 'red', message: f.message });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Помилка', message: trpcErrorMessage(err) });
    }
  };

  // Sorting by a column shows every state (a state filter has one order: adminListCombinationError).
  const sortBy = (field: string) => {
    setSort((s) => ({ field, direction: s.field === field && s.direction === 'asc' ? 'desc' : 'asc' }));
    setStatus('all');
    resetPaging();
  };
  const columns = screen.columns;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {screen.title}
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => setShowDeleted(true)}>
            Видалені
          </Button>
          <Button component={Link} to={`${base}/new`}>
            Створити
          </Button>
        </Group>
      </Group>
      <DeletedDrawer type={type} base={base} opened={showDeleted} onClose={() => setShowDeleted(false)} />
      <Group align="flex-end">
        <TextInput
          label="Пошук"
          placeholder="Пошук за назвою"
          value={search}
          onChange={(e) => (setSearch(e.currentTarget.value), resetPaging())}
          w={320}
        />
        {type.publishable ? (
          <SegmentedControl
            aria-label="Фільтр за станом"
            value={status}
            onChange={(v) => {
              // A state filter lists by the last update, newest first (the only order it has indexes for).
              setStatus(v);
              if (v !== 'all') setSort({ field: 'updatedAt', direction: 'desc' });
              resetPaging();
            }}
            data={[
              { value: 'all', label: 'Усі' },
              { value: 'draft', label: 'Чернетки' },
              { value: 'published', label: 'Опубліковані' },
              { value: 'scheduled', label: 'Заплановані' },
            ]}
          />
        ) : null}
        {list.data ? (
          <Text size="sm" c="dimmed">
            Усього: {list.data.total}
            {list.data.partial ? ' (пошук охопив лише останні змінені записи: уточніть запит)' : ''}
          </Text>
        ) : null}
      </Group>
      {selected.size > 0 ? (
        <Group gap="xs" role="region" aria-label="Дії з вибраними">
          <Text size="sm">Вибрано: {selected.size}</Text>
          {type.publishable ? (
            <>
              <Button size="xs" variant="light" onClick={() => void runBulk('publish')} loading={bulk.isPending}>
                Опублікувати
              </Button>
              <Button size="xs" variant="light" onClick={() => void runBulk('unpublish')} loading={bulk.isPending}>
                Зняти з публікації
              </Button>
            </>
          ) : null}
          <Button size="xs" variant="light" color="red" onClick={() => setConfirmDelete(true)}>
            Видалити
          </Button>
        </Group>
      ) : null}
      {list.error ? (
        <Alert color="red" role="alert">
          {trpcErrorMessage(list.error)}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={700}>
        <Table striped highlightOnHover aria-label={type.labels.plural}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Вибрати всі на сторінці"
                  checked={items.length > 0 && items.every((i) => selected.has(i.id))}
                  onChange={(e) => setSelected(e.currentTarget.checked ? new Set(items.map((i) => i.id)) : new Set())}
                />
              </Table.Th>
              {columns.map(({ field: c, label }) => (
                <Table.Th
                  key={c}
                  aria-sort={sort.field === c ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <UnstyledButton onClick={() => sortBy(c)} fw={700} fz="sm">
                    {label} {sort.field === c ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                  </UnstyledButton>
                </Table.Th>
              ))}
              {type.publishable ? <Table.Th>Стан</Table.Th> : null}
              <Table.Th
                aria-sort={
                  sort.field === 'updatedAt' ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined
                }
              >
                <UnstyledButton onClick={() => sortBy('updatedAt')} fw={700} fz="sm">
                  Змінено {sort.field === 'updatedAt' ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
                </UnstyledButton>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((doc) => (
              <Table.Tr key={doc.id}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Вибрати: ${fieldText(doc[type.useAsTitle], doc.id)}`}
                    checked={selected.has(doc.id)}
                    onChange={(e) => {
                      const next = new Set(selected);
                      if (e.currentTarget.checked) next.add(doc.id);
                      else next.delete(doc.id);
                      setSelected(next);
                    }}
                  />
                </Table.Td>
                {columns.map(({ field: c }) =>
                  c === type.useAsTitle ? (
                    <Table.Td key={c}>
                      <Link to={`${base}/${doc.id}`}>{fieldText(doc[c], doc.id)}</Link>
                    </Table.Td>
                  ) : (
                    <Table.Td key={c}>
                      <CellValue
                        spec={specs.get(c)}
                        value={doc[c]}
                        doc={doc}
                        relationTitles={list.data?.relationTitles[c]}
                      />
                    </Table.Td>
                  ),
                )}
                {type.publishable ? (
                  <Table.Td>
                    <CellValue spec={specs.get('status')} value={doc.status} doc={doc} />
                  </Table.Td>
                ) : null}
                <Table.Td>{formatDateTime(doc.updatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && !items.length ? <Text c="dimmed">Нічого не знайдено.</Text> : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          disabled={!cursors.length}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          ← Попередня
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={!list.data?.nextCursor}
          onClick={() => list.data?.nextCursor && setCursors((c) => [...c, list.data!.nextCursor!])}
        >
          Наступна →
        </Button>
        {list.isFetching ? <Badge variant="light">Завантаження…</Badge> : null}
      </Group>
      <ConfirmModal
        opened={confirmDelete}
        title="Видалити вибрані?"
        confirmLabel="Видалити"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => (setConfirmDelete(false), void runBulk('delete'))}
      >
        <Text>Буде видалено документів: {selected.size}. Документи, на які посилаються інші, видалено не буде.</Text>
      </ConfirmModal>
    </Stack>
  );
}
