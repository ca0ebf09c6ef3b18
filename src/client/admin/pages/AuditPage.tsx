/** /edit/admin/audit (administrators): who changed which document, when and how. */
import { Alert, Button, Group, Select, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { contentTypeList } from '../../../shared/content/registry';
import { authorLabel } from '../../../shared/content/authors';
import { formatDateTime } from '../../../shared/dates';
import { trpc } from '../../lib/trpc';
import { ADMIN_HOME } from '../guards';
import { trpcErrorMessage } from '../trpcErrors';
import type { AuditEntry } from '../../../server/content/history';
import { PageTitle } from '../components/PageTitle';

const ACTIONS: Record<string, string> = {
  create: 'Створення',
  update: 'Зміна',
  delete: 'Видалення',
  restore: 'Відновлення версії',
  publish: 'Публікація',
  unpublish: 'Зняття з публікації',
  detach: 'Відв’язування',
  'mail-sent': 'Лист надіслано',
  'mail-failed': 'Лист не надіслано',
};

/** Audit-log collections that are not content types (mail about sign-in accounts). */
const OTHER_COLLECTIONS: Record<string, string> = { accounts: 'Облікові записи' };

export function AuditPage() {
  const [collection, setCollection] = useState<string | null>(null);
  const [cursors, setCursors] = useState<string[]>([]);
  const list = trpc.adminAudit.list.useQuery({
    collection: collection ?? undefined,
    cursor: cursors[cursors.length - 1],
    limit: 50,
  });
  const label = (key: string) =>
    contentTypeList.find((t) => t.key === key)?.labels.plural ?? OTHER_COLLECTIONS[key] ?? key;
  const link = (e: AuditEntry) => {
    const type = contentTypeList.find((t) => t.key === e.collection);
    if (!type?.adminSection || e.action === 'delete') return null;
    return type.kind === 'singleton'
      ? `${ADMIN_HOME}/config/${type.adminSection}`
      : `${ADMIN_HOME}/config/${type.adminSection}/${e.documentId}`;
  };
  return (
    <>
      <PageTitle mb="md">Журнал змін</PageTitle>
      <Select
        label="Розділ"
        clearable
        placeholder="Усі розділи"
        data={contentTypeList.map((t) => ({ value: t.key, label: t.labels.plural }))}
        value={collection}
        onChange={(v) => (setCollection(v), setCursors([]))}
        maw={320}
        mb="md"
      />
      {list.error ? (
        <Alert color="red" role="alert">
          {trpcErrorMessage(list.error)}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={720}>
        <Table striped aria-label="Журнал змін">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Коли</Table.Th>
              <Table.Th>Хто</Table.Th>
              <Table.Th>Дія</Table.Th>
              <Table.Th>Розділ</Table.Th>
              <Table.Th>Документ</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.entries ?? []).map((e) => {
              const to = link(e);
              return (
                <Table.Tr key={e.id}>
                  <Table.Td>{formatDateTime(e.at)}</Table.Td>
                  <Table.Td>{authorLabel(e)}</Table.Td>
                  <Table.Td>{ACTIONS[e.action] ?? e.action}</Table.Td>
                  <Table.Td>{label(e.collection)}</Table.Td>
                  <Table.Td>{to ? <Link to={to}>{e.title || e.documentId}</Link> : e.title || e.documentId}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && !list.data.entries.length ? <Text c="dimmed">Записів немає.</Text> : null}
      <Group mt="md">
        <Button
          variant="default"
          size="xs"
          disabled={!cursors.length}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          ← Новіші
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={!list.data?.nextCursor}
          onClick={() => {
            const next = list.data?.nextCursor;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          Старіші →
        </Button>
      </Group>
    </>
  );
}
