/**
 * The list screen of a content section, generated from the registry: search, filter by status,
 * sort by a column, cursor pagination, bulk publish / unpublish / delete with confirmation, and the
 * deleted documents that can be brought back.
 */
import { Alert, Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { Link } from 'react-router';
import type { AdminListPage } from '../../../server/content/admin';
import { ADMIN_SEARCH_MAX } from '../../../shared/content/adminInput';
import type { AnyContentType } from '../../../shared/content/define';
import { formatDateTime } from '../../../shared/dates';
import { ConfirmModal } from '../components/ConfirmModal';
import { collectionApi, useInvalidateType, type AdminDoc, type AdminListInput } from '../contentApi';
import type { FieldSpec } from '../form/introspect';
import { ADMIN_HOME } from '../guards';
import { sectionScreenOf } from '../sections';
import { trpcErrorMessage } from '../trpcErrors';
import { CellValue } from './cellValue';
import { DeletedDrawer } from './DeletedDrawer';
import { StateFilter, type StatusFilter } from './StateFilter';
import { fieldText } from '../../../shared/fieldText';
import { PageTitle } from '../components/PageTitle';

type Sort = { field: string; direction: 'asc' | 'desc' };
type BulkAction = 'publish' | 'unpublish' | 'delete';
type ListPage = AdminListPage<AdminDoc>;

export function SectionListPage({ type }: { type: AnyContentType }) {
  const api = collectionApi(type.key);
  const screen = useMemo(() => sectionScreenOf(type), [type]);
  const specs = useMemo(() => new Map(screen.fields.map((f) => [f.name, f])), [screen]);
  const state = useListState();
  const { selected, setSelected } = state;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showDeleted, setShowDeleted] = useState(false);
  const bulk = useBulkActions(type, selected, setSelected);
  const list = api.list.useQuery(state.input, { placeholderData: keepPreviousData });
  const base = `${ADMIN_HOME}/config/${type.adminSection}`;

  return (
    <Stack>
      <ListHeading title={screen.title} newPath={`${base}/new`} onShowDeleted={() => setShowDeleted(true)} />
      <DeletedDrawer type={type} base={base} opened={showDeleted} onClose={() => setShowDeleted(false)} />
      <ListFilters type={type} state={state} page={list.data} />
      {selected.size > 0 ? (
        <BulkBar
          publishable={type.publishable}
          count={selected.size}
          pending={bulk.pending}
          onBulk={(action) => void bulk.run(action)}
          onDelete={() => setConfirmDelete(true)}
        />
      ) : null}
      {list.error ? (
        <Alert color="red" role="alert">
          {trpcErrorMessage(list.error)}
        </Alert>
      ) : null}
      <ListTable type={type} columns={screen.columns} specs={specs} page={list.data} state={state} base={base} />
      {list.data && !list.data.items.length ? <Text c="dimmed">Нічого не знайдено.</Text> : null}
      <Pager
        hasPrevious={state.cursors.length > 0}
        nextCursor={list.data?.nextCursor}
        fetching={list.isFetching}
        setCursors={state.setCursors}
      />
      <ConfirmModal
        opened={confirmDelete}
        title="Видалити вибрані?"
        confirmLabel="Видалити"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => (setConfirmDelete(false), void bulk.run('delete'))}
      >
        <Text>Буде видалено документів: {selected.size}. Документи, на які посилаються інші, видалено не буде.</Text>
      </ConfirmModal>
    </Stack>
  );
}

type ListState = ReturnType<typeof useListState>;

/**
 * What the list asks for: the search (debounced), the state filter, the sort and the cursors of
 * the pages so far; and the selected documents. A new search, filter or sort starts from the first
 * page with nothing selected.
 */
function useListState() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<Sort>({ field: 'updatedAt', direction: 'desc' });
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const resetPaging = () => {
    setCursors([]);
    setSelected(new Set());
  };
  const input: AdminListInput = {
    search: debounced || undefined,
    status: status === 'all' ? undefined : status,
    sort,
    cursor: cursors[cursors.length - 1],
    limit: 25,
  };
  const onSearch = (value: string) => (setSearch(value), resetPaging());
  const onStatus = (value: StatusFilter) => {
    // A state filter lists by the last update, newest first (the only order it has indexes for).
    setStatus(value);
    if (value !== 'all') setSort({ field: 'updatedAt', direction: 'desc' });
    resetPaging();
  };
  // Sorting by a column shows every state (a state filter has one order: adminListCombinationError).
  const sortBy = (field: string) => {
    setSort((s) => ({ field, direction: s.field === field && s.direction === 'asc' ? 'desc' : 'asc' }));
    setStatus('all');
    resetPaging();
  };
  return { input, search, onSearch, status, onStatus, sort, sortBy, cursors, setCursors, selected, setSelected };
}

/** Publishes, unpublishes or deletes the selected documents, each on its own, and reports what failed. */
function useBulkActions(type: AnyContentType, selected: Set<string>, setSelected: (ids: Set<string>) => void) {
  const bulk = collectionApi(type.key).bulk.useMutation();
  const invalidate = useInvalidateType();
  const run = async (action: BulkAction) => {
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
  return { run, pending: bulk.isPending };
}

function ListHeading({ title, newPath, onShowDeleted }: { title: string; newPath: string; onShowDeleted: () => void }) {
  return (
    <Group justify="space-between">
      <PageTitle>{title}</PageTitle>
      <Group gap="xs">
        <Button variant="default" onClick={onShowDeleted}>
          Видалені
        </Button>
        <Button component={Link} to={newPath}>
          Створити
        </Button>
      </Group>
    </Group>
  );
}

/** The search, the state filter (publishable types) and the number of matches. */
function ListFilters({ type, state, page }: { type: AnyContentType; state: ListState; page: ListPage | undefined }) {
  return (
    <Group align="flex-end">
      <TextInput
        label="Пошук"
        placeholder="Пошук за назвою"
        value={state.search}
        onChange={(e) => state.onSearch(e.currentTarget.value)}
        maxLength={ADMIN_SEARCH_MAX}
        w={320}
      />
      {type.publishable ? <StateFilter value={state.status} onChange={state.onStatus} /> : null}
      {page ? (
        <Text size="sm" c="dimmed">
          Усього: {page.total}
          {page.partial ? ' (пошук охопив лише останні змінені записи: уточніть запит)' : ''}
        </Text>
      ) : null}
    </Group>
  );
}

/** The actions on the selected documents. */
function BulkBar({
  publishable,
  count,
  pending,
  onBulk,
  onDelete,
}: {
  publishable: boolean;
  count: number;
  pending: boolean;
  onBulk: (action: BulkAction) => void;
  /** Asks to confirm the delete. */
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" role="region" aria-label="Дії з вибраними">
      <Text size="sm">Вибрано: {count}</Text>
      {publishable ? (
        <>
          <Button size="xs" variant="light" onClick={() => onBulk('publish')} loading={pending}>
            Опублікувати
          </Button>
          <Button size="xs" variant="light" onClick={() => onBulk('unpublish')} loading={pending}>
            Зняти з публікації
          </Button>
        </>
      ) : null}
      <Button size="xs" variant="light" color="red" onClick={onDelete}>
        Видалити
      </Button>
    </Group>
  );
}

/** A column header that sorts by its field (ascending first, then descending). */
function SortableTh({ field, label, state }: { field: string; label: string; state: ListState }) {
  const { sort } = state;
  const current = sort.field === field;
  return (
    <Table.Th aria-sort={current ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => state.sortBy(field)} fw={700} fz="sm">
        {label} {current ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** What the list's table and each of its rows render from. */
interface ListTableProps {
  type: AnyContentType;
  columns: Array<{ field: string; label: string }>;
  specs: Map<string, FieldSpec>;
  page: ListPage | undefined;
  state: ListState;
  base: string;
}

/** One page of documents: a checkbox each, the type's columns (the title links), the state and the last change. */
function ListTable(props: ListTableProps) {
  const { type, columns, state, page } = props;
  const items = page?.items ?? [];
  const { selected, setSelected } = state;
  return (
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
            {columns.map(({ field, label }) => (
              <SortableTh key={field} field={field} label={label} state={state} />
            ))}
            {type.publishable ? <Table.Th>Стан</Table.Th> : null}
            <SortableTh field="updatedAt" label="Змінено" state={state} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((doc) => (
            <ListRow key={doc.id} {...props} doc={doc} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ListRow({ type, columns, specs, doc, page, state, base }: ListTableProps & { doc: AdminDoc }) {
  const { selected, setSelected } = state;
  return (
    <Table.Tr>
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
            <CellValue spec={specs.get(c)} value={doc[c]} doc={doc} relationTitles={page?.relationTitles[c]} />
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
  );
}

/** Previous and next page (the cursors of the pages before this one are kept), and a loading badge. */
function Pager({
  hasPrevious,
  nextCursor,
  fetching,
  setCursors,
}: {
  hasPrevious: boolean;
  nextCursor: string | null | undefined;
  fetching: boolean;
  setCursors: Dispatch<SetStateAction<string[]>>;
}) {
  return (
    <Group>
      <Button variant="default" size="xs" disabled={!hasPrevious} onClick={() => setCursors((c) => c.slice(0, -1))}>
        ← Попередня
      </Button>
      <Button
        variant="default"
        size="xs"
        disabled={!nextCursor}
        onClick={() => nextCursor && setCursors((c) => [...c, nextCursor])}
      >
        Наступна →
      </Button>
      {fetching ? <Badge variant="light">Завантаження…</Badge> : null}
    </Group>
  );
}
