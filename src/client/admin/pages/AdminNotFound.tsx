/** An unknown address under /edit/admin, shown inside the admin layout. */
import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_HOME } from '../guards';
import { PageTitle } from '../components/PageTitle';

export function AdminNotFound() {
  return (
    <Stack>
      <PageTitle>Розділ не знайдено</PageTitle>
      <Text>Такого розділу адміністрування немає.</Text>
      <Button component={Link} to={ADMIN_HOME} w="fit-content">
        До огляду
      </Button>
    </Stack>
  );
}
