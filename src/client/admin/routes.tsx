/**
 * The admin's routes (client-only bundle under /edit/admin): the login page in the empty layout with
 * the `guest` guard, everything else in the admin layout behind the `auth` guard.
 */
import { isRouteErrorResponse, Link, useRouteError, type RouteObject } from 'react-router';
import type { RouteMiddleware } from '../../shared/routes';
import { useEffect } from 'react';
import { ERROR_SCREEN_TITLE, ErrorScreenView } from '../components/ErrorScreen';
import { recoverFromChunkLoadError } from '../lib/buildUpdates';
import { useAdmin } from './context';
import { ADMIN_HOME, CHANGE_PASSWORD_PATH, guardLoader } from './guards';
import { LoadingScreen } from './login/ui';
import { useAdminTitle } from './useAdminTitle';

/*
 * Every page is its own chunk, loaded when its route is entered (issue 13): the login page loads
 * neither Mantine nor the layout, the editor (Tiptap), the media library or the other pages. The
 * Mantine shell (provider, notifications, tRPC and react-query) comes with the layout, after sign-in.
 * What this file renders itself (loading, route errors) is plain React, as the login page.
 */
const LoginPage = () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage }));
const AdminLayout = () => import('./AdminShell').then((m) => ({ Component: m.AdminShell }));
const Dashboard = () => import('./pages/Dashboard').then((m) => ({ Component: m.Dashboard }));
const AuthUsersPage = () => import('./pages/AuthUsersPage').then((m) => ({ Component: m.AuthUsersPage }));
const ChangePasswordPage = () =>
  import('./pages/ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage }));
const AuditPage = () => import('./pages/AuditPage').then((m) => ({ Component: m.AuditPage }));
const MediaLibraryPage = () => import('./media/MediaLibraryPage').then((m) => ({ Component: m.MediaLibraryPage }));
const SectionIndexRoute = () => import('./pages/SectionRoutes').then((m) => ({ Component: m.SectionIndexRoute }));
const SectionDocumentRoute = () => import('./pages/SectionRoutes').then((m) => ({ Component: m.SectionDocumentRoute }));
const ChildDocumentRoute = () => import('./pages/SectionRoutes').then((m) => ({ Component: m.ChildDocumentRoute }));
const AdminNotFound = () => import('./pages/AdminNotFound').then((m) => ({ Component: m.AdminNotFound }));

const NOT_FOUND_TITLE = 'Розділ не знайдено';

/**
 * A route error: «Розділ не знайдено» for a 404, else the spec's error screen (details in the
 * console). A chunk-load error (a deploy replaced the chunks this tab knows) checks for the new build
 * at once and reloads, at most once per 10 s.
 */
function AdminError() {
  const error = useRouteError();
  const { config } = useAdmin();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) void recoverFromChunkLoadError(error, config.buildId);
  }, [error, notFound, config.buildId]);
  useAdminTitle(notFound ? NOT_FOUND_TITLE : ERROR_SCREEN_TITLE);
  return (
    <main className="login-screen">
      <div className="login-card login-stack">
        {notFound ? (
          <>
            <h1>{NOT_FOUND_TITLE}</h1>
            <p>Такого розділу адміністрування немає.</p>
            <Link className="login-button" to={ADMIN_HOME}>
              До огляду
            </Link>
          </>
        ) : (
          <ErrorScreenView
            error={error}
            supportEmail={config.supportEmail}
            home={{ href: ADMIN_HOME, label: 'До огляду' }}
            className="admin-error"
          />
        )}
      </div>
    </main>
  );
}

export function createAdminRoutes(middleware: Record<string, RouteMiddleware>): RouteObject[] {
  return [
    {
      path: '/edit/admin/Login',
      loader: guardLoader(['guest'], middleware),
      lazy: LoginPage,
      ErrorBoundary: AdminError,
      HydrateFallback: LoadingScreen,
    },
    {
      path: ADMIN_HOME,
      loader: guardLoader(['auth'], middleware),
      lazy: AdminLayout,
      ErrorBoundary: AdminError,
      HydrateFallback: LoadingScreen,
      children: [
        { index: true, lazy: Dashboard },
        { path: 'config/AuthUsers', loader: guardLoader(['auth', 'adminOnly'], middleware), lazy: AuthUsersPage },
        { path: 'audit', loader: guardLoader(['auth', 'adminOnly'], middleware), lazy: AuditPage },
        { path: 'media', lazy: MediaLibraryPage },
        { path: CHANGE_PASSWORD_PATH, lazy: ChangePasswordPage },
        { path: 'config/:section', lazy: SectionIndexRoute },
        { path: 'config/:section/:id', lazy: SectionDocumentRoute },
        { path: 'config/:section/:id/:childKey/:childId', lazy: ChildDocumentRoute },
        { path: '*', lazy: AdminNotFound },
      ],
    },
  ];
}
