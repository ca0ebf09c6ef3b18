/** The admin layout: header with the user, «Змінити пароль» and sign-out, navigation by section, the screen. */
import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { signOut } from 'firebase/auth';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../shared/authUsers';
import { useAdmin } from './context';
import { ADMIN_HOME, CHANGE_PASSWORD_PATH, loginUrl } from './guards';
import { navSections } from './sections';
import { serverSignOut, syncSession, useSessionState } from './session';

export function AdminLayout() {
  const { auth, session } = useAdmin();
  const state = useSessionState(session);
  const [opened, { toggle }] = useDisclosure();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const role = state.status === 'signedIn' ? state.role : null;

  const leaving = useRef(false);
  // A session that ends while a screen is open (account disabled, signed out elsewhere) goes to the login page.
  useEffect(() => {
    if (state.status === 'signedOut' && !leaving.current)
      void navigate(loginUrl(`${pathname}${search}`), { replace: true });
  }, [state.status, navigate, pathname, search]);

  const leave = async () => {
    leaving.current = true;
    // First on the server (revokes the session's tokens), then in the SDK.
    await serverSignOut();
    await signOut(auth);
    await syncSession('');
    window.location.assign('/');
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
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
            <Button variant="subtle" size="xs" component={Link} to={`${ADMIN_HOME}/${CHANGE_PASSWORD_PATH}`}>
              Змінити пароль
            </Button>
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
            <NavLink
              key={s.path}
              component={Link}
              to={`${ADMIN_HOME}/${s.path}`}
              label={s.label}
              active={pathname.startsWith(`${ADMIN_HOME}/${s.path}`)}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
