/**
 * The admin's routes (client-only bundle under /edit/admin): the login page in the empty layout with
 * the `guest` guard, everything else in the admin layout behind the `auth` guard.
 */
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError, type RouteObject } from 'react-router';
import type { RouteMiddleware } from '../../shared/routes';
import { handleChunkLoadError } from '../lib/buildUpdates';
import { ADMIN_HOME, CHANGE_PASSWORD_PATH, guardLoader } from './guards';

/*
 * Every page is its own chunk, loaded when its route is entered (issue 13): the login page does not
 * load the layout, the editor (Tiptap), the media library or the other pages.
 */
const LoginPage = () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage }));
const AdminLayout = () => import('./AdminLayout').then((m) => ({ Component: m.AdminLayout }));
const Dashboard = () => import('./pages/Dashboard').then((m) => ({ Component: m.Dashboard }));
const AuthUsersPage = () => import('./pages/AuthUsersPage').then((m) => ({ Component: m.AuthUsersPage }));
const ChangePasswordPage = () => import('./pages/ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage }));
const AuditPage = () => import('./pages/AuditPage').then((m) => ({ Component: m.AuditPage }));
const MediaLibraryPage = () => import('./media/MediaLibraryPage').then((m) => ({ Component: m.MediaLibraryPage }));
const SectionIndexRoute = () => import('./pages/SectionRoutes').then((m) => ({ Component: m.SectionIndexRoute }));
const SectionDocumentRoute = () => import('./pages/SectionRoutes').then((m) => ({ Component: m.SectionDocumentRoute }));
const ChildDocumentRoute = () => import('./pages/SectionRoutes').then((m) => ({ Component: m.ChildDocumentRoute }));

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
    { path: '/edit/admin/Login', loader: guardLoader(['guest'], middleware), lazy: LoginPage, ErrorBoundary: AdminError, HydrateFallback: AdminLoading },
    {
      path: ADMIN_HOME,
      loader: guardLoader(['auth'], middleware),
      lazy: AdminLayout,
      ErrorBoundary: AdminError,
      HydrateFallback: AdminLoading,
      children: [
        { index: true, lazy: Dashboard },
        { path: 'config/AuthUsers', loader: guardLoader(['auth', 'adminOnly'], middleware), lazy: AuthUsersPage },
        { path: 'audit', loader: guardLoader(['auth', 'adminOnly'], middleware), lazy: AuditPage },
        { path: 'media', lazy: MediaLibraryPage },
        { path: CHANGE_PASSWORD_PATH, lazy: ChangePasswordPage },
        { path: 'config/:section', lazy: SectionIndexRoute },
        { path: 'config/:section/:id', lazy: SectionDocumentRoute },
        { path: 'config/:section/:id/:childKey/:childId', lazy: ChildDocumentRoute },
        { path: '*', Component: AdminNotFound },
      ],
    },
  ];
}
