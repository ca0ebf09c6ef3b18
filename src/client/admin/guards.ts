/**
 * Route middleware of the admin (named, as the spec's route middleware): `auth` on every
 * /edit/admin/** route (signed out: to the login page with the return URL), `adminOnly` for sections
 * only administrators may open, and `guest` on the login page (a signed-in staff member goes on to
 * the return URL or /edit/admin).
 */
import { redirect } from 'react-router';
import { resolveRouteMiddleware, type RouteMiddleware } from '../../shared/routes';
import type { AdminSession } from './session';

export const ADMIN_HOME = '/edit/admin';
export const LOGIN_PATH = '/edit/admin/Login';
/** The signed-in user's own password page, under ADMIN_HOME. */
export const CHANGE_PASSWORD_PATH = 'account/password';

/** Shown to a signed-in account without a staff role (at sign-in, on the redirect, in the shell). */
export const NO_ACCESS_MESSAGE = 'Цей обліковий запис не має доступу до адміністрування сайту.';

/** A return URL is followed only when it stays inside the admin (no open redirects). */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith(ADMIN_HOME) || value.startsWith('//') || value.startsWith(LOGIN_PATH))
    return ADMIN_HOME;
  return value;
}

export function loginUrl(returnUrl: string): string {
  return `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}

export function adminMiddleware(session: AdminSession): Record<string, RouteMiddleware> {
  return {
    auth: async ({ pathname, search }) => {
      const state = await session.ready().then(() => session.get());
      if (state.status !== 'signedIn' || !state.role) throw redirect(loginUrl(`${pathname}${search ?? ''}`));
    },
    adminOnly: () => {
      const state = session.get();
      if (state.status !== 'signedIn' || state.role !== 'admin') throw redirect(`${ADMIN_HOME}?denied=1`);
    },
    guest: async ({ search }) => {
      const query = new URLSearchParams(search ?? '');
      // A mailed link (reset, sign-in, address confirmation) is completed on the login page even when signed in.
      if (query.get('oobCode')) return;
      const state = await session.ready().then(() => session.get());
      if (state.status === 'signedIn' && state.role) throw redirect(safeReturnUrl(query.get('returnUrl')));
    },
  };
}

/** A loader running the named middleware in order (an unknown name throws "Unknown route middleware"). */
export function guardLoader(names: string[], registry: Record<string, RouteMiddleware>) {
  const chain = resolveRouteMiddleware(names, registry);
  return async ({ request, params }: { request: Request; params: Record<string, string | undefined> }) => {
    const url = new URL(request.url);
    for (const mw of chain) await mw({ pathname: url.pathname, search: url.search, params });
    return null;
  };
}
