/** /edit/admin: counts per section, recent changes, new book orders, quick links. */
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { contentTypeList } from '../../../shared/content/registry';
import { authorLabel } from '../../../shared/content/authors';
import { formatDateTime } from '../../../shared/dates';
import { trpc } from '../../lib/trpc';
import { useAdmin } from '../context';
import { ADMIN_HOME } from '../guards';
import { navSections } from '../sections';
import { useSessionState } from '../session';
import { PageTitle } from '../components/PageTitle';

export function Dashboard() {
  const { session } = useAdmin();
  const state = useSessionState(session);
  const [params] = useSearchParams();
  const role = state.status === 'signedIn' ? state.role : null;
  const summary = trpc.adminDashboard.summary.useQuery();
  const sections = navSections(role);
  const typeOfPath = (path: string) => contentTypeList.find((t) => `config/${t.adminSection}` === path);
  return (
    <Stack>
      <PageTitle>Огляд</PageTitle>
      {params.get('denied') ? (
        <Alert color="orange" role="alert">
          Цей розділ доступний лише адміністраторам.
        </Alert>
      ) : null}
      <Text>
        Вітаємо{state.status === 'signedIn' && state.email ? `, ${state.email}` : ''}! Оберіть розділ для роботи.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {sections.map((s) => {
          const type = typeOfPath(s.path);
          const count = type ? summary.data?.counts[type.key] : undefined;
          return (
            <Card key={s.path} component={Link} to={`${ADMIN_HOME}/${s.path}`} withBorder padding="md">
              <Text fw={600}>{s.label}</Text>
              {count ? (
                <Group gap={6} mt={4}>
                  <Text size="sm" c="dimmed">
                    {count.total}
                  </Text>
                  {count.drafts ? (
                    <Badge size="xs" color="gray" variant="light">
                      чернеток: {count.drafts}
                    </Badge>
                  ) : null}
                  {count.scheduled ? (
                    <Badge size="xs" color="orange" variant="light">
                      заплановано: {count.scheduled}
                    </Badge>
                  ) : null}
                </Group>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Нові замовлення видань
          </Title>
          {summary.data?.newBookOrders.length ? (
            <Table aria-label="Нові замовлення видань">
              <Table.Tbody>
                {summary.data.newBookOrders.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${ADMIN_HOME}/config/BookOrders/${o.id}`}>
                        {o.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{o.publicationTitle ?? ''}</Table.Td>
                    <Table.Td>{o.quantity} прим.</Table.Td>
                    <Table.Td>{formatDateTime(o.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed">Нових замовлень немає.</Text>
          )}
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Останні зміни
          </Title>
          {summary.data?.recent.length ? (
            <Stack gap={6}>
              {summary.data.recent.map((e) => (
                <Text key={e.id} size="sm">
                  {formatDateTime(e.at)} · {authorLabel(e)} · {e.title || e.documentId}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">Змін ще не було.</Text>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
