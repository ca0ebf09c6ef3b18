/**
 * The admin's routes (client-only bundle under /edit/admin): the login page in the empty layout with
 * the `guest` guard, everything else in the admin layout behind the `auth` guard.
 */
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError, type RouteObject } from 'react-router';
import type { RouteMiddleware } from '../../shared/routes';
import { handleChunkLoadError } from '../lib/buildUpdates';
import { AdminLayout } from './AdminLayout';
import { ADMIN_HOME, guardLoader } from './guards';
import { AuthUsersPage } from './pages/AuthUsersPage';
import { Dashboard } from './pages/Dashboard';
import { LoginPage } from './pages/LoginPage';
import { AuditPage } from './pages/AuditPage';
import { MediaLibraryPage } from './media/MediaLibraryPage';
import { ChildDocumentRoute, SectionDocumentRoute, SectionIndexRoute } from './pages/SectionRoutes';

function AdminNotFound() {
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

function AdminLoading() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Завантаження" />
    </Center>
  );
}

function AdminError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <AdminNotFound />;
  console.error(error);
  handleChunkLoadError(error);
  return (
    <Center p="xl">
      <Alert color="red" title="Упс!" role="alert" maw={520}>
        Щось пішло не так. Оновіть сторінку; якщо помилка повториться, повідомте адміністратора сайту.
      </Alert>
    </Center>
  );
}

export function createAdminRoutes(middleware: Record<string, RouteMiddleware>): RouteObject[] {
  return [
    { path: '/edit/admin/Login', loader: guardLoader(['guest'], middleware), Component: LoginPage, ErrorBoundary: AdminError, HydrateFallback: AdminLoading },
    {
      path: ADMIN_HOME,
      loader: guardLoader(['auth'], middleware),
      Component: AdminLayout,
      ErrorBoundary: AdminError,
      HydrateFallback: AdminLoading,
      children: [
        { index: true, Component: Dashboard },
        { path: 'config/AuthUsers', loader: guardLoader(['auth', 'adminOnly'], middleware), Component: AuthUsersPage },
        { path: 'audit', loader: guardLoader(['auth', 'adminOnly'], middleware), Component: AuditPage },
        { path: 'media', Component: MediaLibraryPage },
        { path: 'config/:section', Component: SectionIndexRoute },
        { path: 'config/:section/:id', Component: SectionDocumentRoute },
        { path: 'config/:section/:id/:childKey/:childId', Component: ChildDocumentRoute },
        { path: '*', Component: AdminNotFound },
      ],
    },
  ];
}
