/**
 * The paging shared by the panels of an edit page that list documents pointing at it (ChildrenPanel,
 * RelatedPanel): the list read 100 at a time through its cursor, «Показано X з N» and «Показати ще».
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import type { AnyContentType } from '../../../shared/content/define';
import { collectionApi, type AdminDoc } from '../contentApi';
import { trpcErrorMessage } from '../trpcErrors';

/** Documents read per page (the admin list's largest page). */
export const PANEL_PAGE_SIZE = 100;

/**
 * The documents of `type` whose `field` holds `parentId`, in pages of PANEL_PAGE_SIZE (`sortByOrder`:
 * by the `order` field, ascending; otherwise the list's default order). `items` are the pages read so
 * far, `total` the count of all of them (0 until the first page arrives).
 */
export function usePagedPanel(type: AnyContentType, field: string, parentId: string, sortByOrder = false) {
  const list = collectionApi(type.key).list.useInfiniteQuery(
    {
      filter: { [field]: parentId },
      sort: sortByOrder ? { field: 'order', direction: 'asc' } : undefined,
      limit: PANEL_PAGE_SIZE,
    },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const items: AdminDoc[] = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  return { list, items, total };
}

export type PagedPanel = ReturnType<typeof usePagedPanel>;

/** The list's error, or «Поки немає.» once it has read none. */
export function PanelNotice({ paged }: { paged: PagedPanel }) {
  const { list, items } = paged;
  if (list.error)
    return (
      <Alert color="red" role="alert">
        {trpcErrorMessage(list.error)}
      </Alert>
    );
  return !items.length && list.data ? <Text c="dimmed">Поки немає.</Text> : null;
}

/** «Показано X з N» and, while more remain, «Показати ще» (the next page through the cursor); nothing while empty. */
export function PanelMore({ paged }: { paged: PagedPanel }) {
  const { list, items, total } = paged;
  if (!items.length) return null;
  return (
    <Group gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Показано {items.length} з {Math.max(total, items.length)}
      </Text>
      {list.hasNextPage ? (
        <Button size="xs" variant="default" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Показати ще
        </Button>
      ) : null}
    </Group>
  );
}
