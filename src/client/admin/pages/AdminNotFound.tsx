/** An unknown address under /edit/admin, shown inside the admin layout. */
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_HOME } from '../guards';

export function AdminNotFound() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Розділ не знайдено
      </Title>
      <Text>Такого розділу адміністрування немає.</Text>
      <Button component={Link} to={ADMIN_HOME} w="fit-content">
        До огляду
      </Button>
    </Stack>
  );
}
