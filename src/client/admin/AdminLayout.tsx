/**
 * The admin layout: header with the user, «Змінити пароль» and sign-out, navigation by section, the
 * screen. On a phone the sections (with «Змінити пароль» and «На сайт») are behind the burger, and the
 * menu closes when a section is chosen.
 */
import { Alert, AppShell, Burger, Button, Divider, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { signOut } from 'firebase/auth';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../shared/authUsers';
import { useAdmin } from './context';
import { ADMIN_HOME, CHANGE_PASSWORD_PATH, loginUrl, NO_ACCESS_MESSAGE } from './guards';
import { navSections } from './sections';
import { serverSignOut, syncSession, useSessionState } from './session';

const NAV_ID = 'admin-sections';

export function AdminLayout() {
  const { auth, session } = useAdmin();
  const state = useSessionState(session);
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname, search } = useLocation();
  // Choosing a section (or any other navigation) closes the phone's menu.
  useEffect(close, [pathname, close]);
  const navigate = useNavigate();
  const role = state.status === 'signedIn' ? state.role : null;

  const leaving = useRef(false);
  // A session that ends while a screen is open (account disabled, signed out elsewhere) goes to the login page.
  useEffect(() => {
    if (state.status === 'signedOut' && !leaving.current)
      void navigate(`${loginUrl(`${pathname}${search}`)}&ended=1`, { replace: true });
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
        {/* One row at any width: the title gives way (truncated), the buttons keep their size. */}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Меню розділів"
              aria-expanded={opened}
              aria-controls={NAV_ID}
            />
            <Text fw={700} component={Link} to={ADMIN_HOME} c="blue.8" td="none" truncate>
              УкрГМІ · адміністрування
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            {state.status === 'signedIn' ? (
              <Text size="sm" c="dimmed" visibleFrom="md">
                {state.email} · {role ? ROLE_LABELS[role] : ''}
              </Text>
            ) : null}
            <Button
              variant="subtle"
              size="xs"
              component={Link}
              to={`${ADMIN_HOME}/${CHANGE_PASSWORD_PATH}`}
              visibleFrom="sm"
            >
              Змінити пароль
            </Button>
            <Button variant="light" size="xs" component="a" href="/" visibleFrom="sm">
              На сайт
            </Button>
            <Button variant="default" size="xs" onClick={() => void leave()}>
              Вийти
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" id={NAV_ID} aria-label="Розділи адміністрування">
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
          <Divider my="xs" hiddenFrom="sm" />
          <NavLink
            component={Link}
            to={`${ADMIN_HOME}/${CHANGE_PASSWORD_PATH}`}
            label="Змінити пароль"
            hiddenFrom="sm"
          />
          <NavLink component="a" href="/" label="На сайт" hiddenFrom="sm" />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        {state.status === 'signedIn' && !role ? (
          <Alert color="red" mb="md" role="alert">
            {NO_ACCESS_MESSAGE}
          </Alert>
        ) : null}
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
