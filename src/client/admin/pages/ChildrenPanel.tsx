/**
 * Documents edited inside their parent (theses inside their conference): listed in programme order,
 * added, opened for editing and reordered (the `order` field) from the parent's screen, 100 at a
 * time with «Показати ще» (↓ on the last shown row loads the next page and moves across). On a
 * phone each row stacks (childrenPanel.css). Documents of other sections that refer to the parent
 * (RelatedPanel) are listed read-only, paged the same way (pagedPanel.tsx).
 */
import { ActionIcon, Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import type { AnyContentType } from '../../../shared/content/define';
import { contentTypeList } from '../../../shared/content/registry';
import { collectionApi, useFetchDocument, useInvalidateType, type AdminDoc } from '../contentApi';
import { PanelMore, PanelNotice, usePagedPanel } from './pagedPanel';
import { dataOf } from '../form/defaults';
import { trpcErrorMessage } from '../trpcErrors';
import { fieldText } from '../../../shared/fieldText';
import './childrenPanel.css';

export interface ChildRelation {
  type: AnyContentType;
  field: string;
}

/** Types with no admin section of their own whose documents point at `parent`. */
export function childTypesOf(parent: AnyContentType): ChildRelation[] {
  return contentTypeList.flatMap((t) =>
    t.adminSection ? [] : t.relations.filter((r) => r.to === parent.key).map((r) => ({ type: t, field: r.field })),
  );
}

export function ChildrenPanel({
  parent,
  relation,
  basePath,
}: {
  parent: AdminDoc;
  relation: ChildRelation;
  basePath: string;
}) {
  const { type, field } = relation;
  const hasOrder = 'order' in type.schema.shape;
  const paged = usePagedPanel(type, field, parent.id, hasOrder);
  const { list, items } = paged;
  const update = collectionApi(type.key).update.useMutation();
  const invalidate = useInvalidateType();
  const fetchDocument = useFetchDocument();

  /** Moves the last shown row down: loads the next page first, then swaps with its first child. */
  const moveLastDown = async (doc: AdminDoc, i: number) => {
    const next = await list.fetchNextPage();
    const below = next.data?.pages.flatMap((p) => p.items)[i + 1];
    if (below) await swap(doc, below, 'down');
  };

  /** Moves `a` to `b`'s place (b is the neighbour above for 'up', below for 'down'); rows hold only list fields, so each whole document is read first. */
  const swap = async (rowA: AdminDoc, rowB: AdminDoc, direction: 'up' | 'down') => {
    try {
      const [a, b] = await Promise.all([fetchDocument(type.key, rowA.id), fetchDocument(type.key, rowB.id)]);
      const ao = Number(a.order ?? 0);
      const bo = Number(b.order ?? 0);
      const [first, second] = ao !== bo ? [bo, ao] : direction === 'up' ? [bo, bo + 1] : [bo + 1, bo];
      await update.mutateAsync({ id: a.id, version: a.version, data: { ...dataOf(type, a), order: first } });
      await update.mutateAsync({ id: b.id, version: b.version, data: { ...dataOf(type, b), order: second } });
      await invalidate(type.key);
    } catch (err) {
      notifications.show({ color: 'red', message: trpcErrorMessage(err) });
      await invalidate(type.key);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {type.labels.plural}
          </Title>
          <Button size="xs" component={Link} to={`${basePath}/${type.key}/new`}>
            Додати
          </Button>
        </Group>
        <PanelNotice paged={paged} />
        <Table aria-label={type.labels.plural} className="children-table">
          <Table.Tbody>
            {items.map((doc, i) => (
              <Table.Tr key={doc.id}>
                <Table.Td w={40}>{hasOrder ? fieldText(doc.order) : i + 1}</Table.Td>
                <Table.Td className="children-title">
                  <Link to={`${basePath}/${type.key}/${doc.id}`}>{fieldText(doc[type.useAsTitle], doc.id)}</Link>
                </Table.Td>
                <Table.Td className="children-state">
                  {doc.status === 'published' ? 'Опубліковано' : 'Чернетка'}
                </Table.Td>
                {hasOrder ? (
                  <Table.Td w={90}>
                    <Group gap={4}>
                      <ActionIcon
                        variant="default"
                        aria-label={`Вище: ${String(doc[type.useAsTitle])}`}
                        disabled={i === 0}
                        onClick={() => void swap(doc, items[i - 1]!, 'up')}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="default"
                        aria-label={`Нижче: ${String(doc[type.useAsTitle])}`}
                        disabled={i === items.length - 1 && !list.hasNextPage}
                        onClick={() =>
                          void (i < items.length - 1 ? swap(doc, items[i + 1]!, 'down') : moveLastDown(doc, i))
                        }
                      >
                        ↓
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <PanelMore paged={paged} />
      </Stack>
    </Paper>
  );
}

/** Types with their own admin section whose documents point at `parent` through a filterable field. */
export function relatedTypesOf(parent: AnyContentType): ChildRelation[] {
  return contentTypeList.flatMap((t) =>
    t.adminSection
      ? t.relations
          .filter((r) => r.to === parent.key && t.filters.includes(r.field))
          .map((r) => ({ type: t, field: r.field }))
      : [],
  );
}

/**
 * A read-only list of documents of other sections that refer to this one (a department's staff, a
 * publication's orders), 100 at a time with «Показано X з N» and «Показати ще».
 */
export function RelatedPanel({ parent, relation }: { parent: AdminDoc; relation: ChildRelation }) {
  const { type, field } = relation;
  const paged = usePagedPanel(type, field, parent.id);
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {type.labels.plural}
        </Title>
        <PanelNotice paged={paged} />
        {paged.items.map((doc) => (
          <Link key={doc.id} to={`/edit/admin/config/${type.adminSection}/${doc.id}`}>
            {fieldText(doc[type.useAsTitle], doc.id)}
          </Link>
        ))}
        <PanelMore paged={paged} />
      </Stack>
    </Paper>
  );
}
