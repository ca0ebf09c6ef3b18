/** The admin layout: header with the user and sign-out, navigation by section, the screen. */
import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { signOut } from 'firebase/auth';
import { Link, Outlet, useLocation } from 'react-router';
import { ROLE_LABELS } from '../../shared/authUsers';
import { useAdmin } from './context';
import { ADMIN_HOME } from './guards';
import { navSections } from './sections';
import { serverSignOut, syncSession, useSessionState } from './session';

export function AdminLayout() {
  const { auth, session } = useAdmin();
  const state = useSessionState(session);
  const [opened, { toggle }] = useDisclosure();
  const { pathname } = useLocation();
  const role = state.status === 'signedIn' ? state.role : null;

  const leave = async () => {
    // First on the server (revokes the session's tokens), then in the SDK.
    await serverSignOut();
    await signOut(auth);
    await syncSession('');
    window.location.assign('/');
  };

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Меню розділів" />
            <Text fw={700} component={Link} to={ADMIN_HOME} c="blue.8" td="none">
              УкрГМІ · адміністрування
            </Text>
          </Group>
          <Group gap="sm">
            {state.status === 'signedIn' ? (
              <Text size="sm" c="dimmed" visibleFrom="sm">
                {state.email} · {role ? ROLE_LABELS[role] : ''}
              </Text>
            ) : null}
            <Button variant="light" size="xs" component="a" href="/">
              На сайт
            </Button>
            <Button variant="default" size="xs" onClick={() => void leave()}>
              Вийти
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Розділи адміністрування">
        <ScrollArea>
          <NavLink component={Link} to={ADMIN_HOME} label="Огляд" active={pathname === ADMIN_HOME} />
          {navSections(role).map((s) => (
            <NavLink key={s.path} component={Link} to={`${ADMIN_HOME}/${s.path}`} label={s.label} active={pathname.startsWith(`${ADMIN_HOME}/${s.path}`)} />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
