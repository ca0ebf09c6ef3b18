/**
 * The admin's routes (client-only bundle under /edit/admin): the login page in the empty layout with
 * the `guest` guard, everything else in the admin layout behind the `auth` guard.
 */
import { isRouteErrorResponse, Link, useRouteError, type RouteObject } from 'react-router';
import type { RouteMiddleware } from '../../shared/routes';
import { handleChunkLoadError } from '../lib/buildUpdates';
import { ADMIN_HOME, CHANGE_PASSWORD_PATH, guardLoader } from './guards';
import { LoadingScreen } from './login/ui';

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

function AdminError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) {
    console.error(error);
    handleChunkLoadError(error);
  }
  return (
    <main className="login-screen">
      <div className="login-card login-stack">
        {notFound ? (
          <>
            <h1>Розділ не знайдено</h1>
            <p>Такого розділу адміністрування немає.</p>
            <Link className="login-button" to={ADMIN_HOME}>
              До огляду
            </Link>
          </>
        ) : (
          <div className="login-alert" role="alert">
            <strong>Упс!</strong>
            Щось пішло не так. Оновіть сторінку; якщо помилка повториться, повідомте адміністратора сайту.
          </div>
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
