/**
 * The list screen of a content section, generated from the registry: search, filter by status,
 * sort by a column, cursor pagination, bulk publish / unpublish / delete with confirmation, and the
 * deleted documents that can be brought back.
 */
import { Alert, Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { AdminListPage } from '../../../server/content/admin';
import { ADMIN_PAGE_SIZE, ADMIN_SEARCH_MAX, adminListCombinationError } from '../../../shared/content/adminInput';
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
/** Documents per page of the list. */
const PAGE_SIZE = ADMIN_PAGE_SIZE;

export function SectionListPage({ type }: { type: AnyContentType }) {
  const api = collectionApi(type.key);
  const screen = useMemo(() => sectionScreenOf(type), [type]);
  const specs = useMemo(() => new Map(screen.fields.map((f) => [f.name, f])), [screen]);
  const state = useListState(type);
  const { selected } = state;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [showDeleted, setShowDeleted] = useState(false);
  const bulk = useBulkActions(type, state);
  const list = api.list.useQuery(state.input, { placeholderData: keepPreviousData });
  const page = state.onLast && list.data ? { ...list.data, items: [...list.data.items].reverse() } : list.data;
  const base = `${ADMIN_HOME}/config/${type.adminSection}`;

  return (
    <Stack>
      <ListHeading title={screen.title} newPath={`${base}/new`} onShowDeleted={() => setShowDeleted(true)} />
      <DeletedDrawer type={type} base={base} opened={showDeleted} onClose={() => setShowDeleted(false)} />
      <ListFilters type={type} state={state} page={page} />
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
      {bulk.note ? (
        <Alert color="blue" role="status" withCloseButton onClose={() => state.setChanged(new Set())}>
          {bulk.note}
        </Alert>
      ) : null}
      <ListTable type={type} columns={screen.columns} specs={specs} page={page} state={state} base={base} />
      {page && !page.items.length ? <Text c="dimmed">Нічого не знайдено.</Text> : null}
      <Pager state={state} total={page?.total} nextCursor={list.data?.nextCursor} fetching={list.isFetching} />
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
function useListState(type: AnyContentType) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<Sort>({ field: 'updatedAt', direction: 'desc' });
  const [cursors, setCursors] = useState<string[]>([]);
  /**
   * Reading from the end (after «Остання»): the list in the reverse order, the last page's `size`
   * rows first, then whole pages backwards through `cursors` (its own, of the reversed list).
   */
  const [fromEnd, setFromEnd] = useState<{ size: number; cursors: string[] } | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  /** Documents a bulk action just changed, marked in the list. */
  const [changed, setChanged] = useState<Set<string>>(new Set());
  const resetPaging = () => {
    setCursors([]);
    setFromEnd(null);
    setSelected(new Set());
    setChanged(new Set());
  };
  const reversed = { field: sort.field, direction: sort.direction === 'asc' ? 'desc' : 'asc' } as const;
  const input: AdminListInput = {
    search: debounced || undefined,
    status: status === 'all' ? undefined : status,
    sort: fromEnd ? reversed : sort,
    cursor: fromEnd ? fromEnd.cursors[fromEnd.cursors.length - 1] : cursors[cursors.length - 1],
    limit: fromEnd && !fromEnd.cursors.length ? fromEnd.size : PAGE_SIZE,
  };
  // The reverse order is refused with a state filter and no search (adminListCombinationError).
  const canReverse =
    adminListCombinationError(type, { ...input, sort: { ...sort, direction: 'asc' } }) === null &&
    adminListCombinationError(type, { ...input, sort: { ...sort, direction: 'desc' } }) === null;
  /**
   * Moves through the pages: «Перша»; `previous` and `next` in the list's order (`cursor`: the
   * answer's `nextCursor`, which reads on in the direction the list is being read); the last page of
   * `total` documents.
   */
  const goTo = (target: 'first' | 'previous' | 'next' | 'last', arg?: string | number) => {
    setSelected(new Set());
    if (target === 'first') return (setCursors([]), setFromEnd(null));
    if (fromEnd && target === 'previous' && typeof arg === 'string')
      return setFromEnd({ ...fromEnd, cursors: [...fromEnd.cursors, arg] });
    if (fromEnd && target === 'next') return setFromEnd({ ...fromEnd, cursors: fromEnd.cursors.slice(0, -1) });
    if (target === 'previous') return setCursors((c) => c.slice(0, -1));
    if (target === 'next' && typeof arg === 'string') return setCursors((c) => [...c, arg]);
    if (target === 'last' && typeof arg === 'number') setFromEnd({ size: arg % PAGE_SIZE || PAGE_SIZE, cursors: [] });
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
  return {
    input,
    search,
    onSearch,
    status,
    onStatus,
    sort,
    sortBy,
    cursors,
    goTo,
    /** The list is read from its end (the rows come in the reverse order). */
    onLast: fromEnd !== null,
    /** How many pages before the last the shown page is, when reading from the end. */
    pagesBeforeLast: fromEnd?.cursors.length ?? 0,
    canReverse,
    selected,
    setSelected,
    changed,
    setChanged,
  };
}

/**
 * Publishes, unpublishes or deletes the selected documents, each on its own, and reports what failed.
 * The changed documents stay in sight: in a list by the last change they move to the first page,
 * so the list goes there and marks them (with a note); in any other order they stay where they were.
 */
function useBulkActions(type: AnyContentType, state: ListState) {
  const bulk = collectionApi(type.key).bulk.useMutation();
  const invalidate = useInvalidateType();
  const { selected, setSelected, sort, setChanged } = state;
  const byLastChange = sort.field === 'updatedAt' && sort.direction === 'desc';
  const note =
    state.changed.size && byLastChange
      ? `Змінені документи (${state.changed.size}) тепер на першій сторінці — їх позначено.`
      : null;
  const run = async (action: BulkAction) => {
    try {
      const result = await bulk.mutateAsync({ ids: [...selected], action });
      await invalidate(type.key);
      setSelected(new Set());
      if (action !== 'delete') {
        const failed = new Set(result.failed.map((f) => f.id));
        if (byLastChange) state.goTo('first');
        setChanged(new Set([...selected].filter((id) => !failed.has(id))));
      }
      notifications.show({
        color: result.failed.length ? 'orange' : 'green',
        message: `Виконано: ${result.done}${result.failed.length ? `, не вдалося: ${result.failed.length}` : ''}`,
      });
      for (const f of result.failed.slice(0, 3)) notifications.show({ color: 'red', message: f.message });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Помилка', message: trpcErrorMessage(err) });
    }
  };
  return { run, pending: bulk.isPending, note };
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
  const changed = state.changed.has(doc.id);
  return (
    <Table.Tr bg={changed ? 'var(--mantine-color-blue-light)' : undefined} data-changed={changed || undefined}>
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
            {changed ? (
              <Badge ml="xs" size="xs" variant="light">
                змінено
              </Badge>
            ) : null}
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

/**
 * «Перша», previous, «Сторінка N з M», next and «Остання» (the last page reads the list in the
 * reverse order, where the server allows it), and a loading badge.
 */
function Pager({
  state,
  total,
  nextCursor,
  fetching,
}: {
  state: ListState;
  total: number | undefined;
  nextCursor: string | null | undefined;
  fetching: boolean;
}) {
  const pages = Math.max(1, Math.ceil((total ?? 0) / PAGE_SIZE));
  const current = state.onLast ? pages - state.pagesBeforeLast : state.cursors.length + 1;
  // Read from the end, the answer's cursor leads to the page before; read from the start, to the next.
  const atEnd = state.onLast ? state.pagesBeforeLast === 0 : !nextCursor;
  const atStart = current === 1 || (state.onLast && !nextCursor);
  return (
    <Group gap="xs" role="navigation" aria-label="Сторінки списку">
      <Button variant="default" size="xs" disabled={current === 1} onClick={() => state.goTo('first')}>
        « Перша
      </Button>
      <Button
        variant="default"
        size="xs"
        disabled={atStart}
        onClick={() => state.goTo('previous', state.onLast ? (nextCursor ?? undefined) : undefined)}
      >
        ← Попередня
      </Button>
      {total !== undefined ? (
        <Text size="sm" aria-live="polite">
          Сторінка {current} з {pages}
        </Text>
      ) : null}
      <Button
        variant="default"
        size="xs"
        disabled={atEnd}
        onClick={() => state.goTo('next', state.onLast ? undefined : (nextCursor ?? undefined))}
      >
        Наступна →
      </Button>
      {state.canReverse ? (
        <Button
          variant="default"
          size="xs"
          disabled={atEnd || current === pages || total === undefined}
          onClick={() => total !== undefined && state.goTo('last', total)}
        >
          Остання »
        </Button>
      ) : null}
      {fetching ? <Badge variant="light">Завантаження…</Badge> : null}
    </Group>
  );
}
