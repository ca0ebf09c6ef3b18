/** /edit/admin: the overview. */
import { Alert, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { useAdmin } from '../context';
import { ADMIN_HOME } from '../guards';
import { navSections } from '../sections';
import { useSessionState } from '../session';

export function Dashboard() {
  const { session } = useAdmin();
  const state = useSessionState(session);
  const [params] = useSearchParams();
  const role = state.status === 'signedIn' ? state.role : null;
  return (
    <>
      <Title order={1} size="h2" mb="md">
        Огляд
      </Title>
      {params.get('denied') ? (
        <Alert color="orange" mb="md" role="alert">
          Цей розділ доступний лише адміністраторам.
        </Alert>
      ) : null}
      <Text mb="lg">Вітаємо{state.status === 'signedIn' && state.email ? `, ${state.email}` : ''}! Оберіть розділ для роботи.</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {navSections(role).map((s) => (
          <Card key={s.section} component={Link} to={`${ADMIN_HOME}/config/${s.section}`} withBorder padding="lg">
            <Text fw={600}>{s.label}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
