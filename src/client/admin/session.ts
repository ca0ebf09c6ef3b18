/**
 * The signed-in state of the admin, kept in step with the server (spec section 4): on every sign-in
 * state change and every token change the current ID token (empty when signed out) is posted to
 * POST /api/__session, which sets or clears the `__session` cookie the tRPC calls use.
 */
import { onIdTokenChanged, signOut, type Auth, type User } from 'firebase/auth';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { StaffRole } from '../../shared/authUsers';
import { USER_DISABLED, type SessionReply } from '../../shared/sessionReply';

export type { StaffRole };

export type SessionState =
  | { status: 'loading' }
  /** `reason: 'disabled'`: the session ended because its account was disabled (the login page says so). */
  | { status: 'signedOut'; reason?: 'disabled' }
  | { status: 'signedIn'; user: User; email: string | null; role: StaffRole | null };

export interface AdminSession {
  // Properties, not methods: they are handed to useSyncExternalStore unbound.
  get: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  /** Resolves once the first state (signed in with the cookie set, or signed out) is known. */
  ready(): Promise<SessionState>;
  /** Resolves with the first state (the current one included) that satisfies `test`. */
  waitFor(test: (state: SessionState) => boolean): Promise<SessionState>;
  /**
   * Asks the server again about the current sign-in (after a request was refused as unauthorized or
   * forbidden): a disabled account, or a session ended elsewhere, signs out here too; a changed role
   * (none included) replaces the state's.
   */
  recheck(): Promise<void>;
}

/**
 * Posts the token to the server; resolves to the role the server sees, null when it sees none (or
 * refuses the token), or `'disabled'` when the token (or, for an empty one, the cookie it clears) is
 * good but its account was disabled.
 */
export async function syncSession(token: string): Promise<StaffRole | null | 'disabled'> {
  const res = await fetch('/api/__session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (res.status !== 200 && res.status !== 401) return null;
  const body = (await res.json().catch(() => null)) as SessionReply | null;
  if (body?.reason === USER_DISABLED) return 'disabled';
  return res.ok ? (body?.user?.role ?? null) : null;
}

/**
 * Ends the session on the server (POST /api/__session/signout: the account's refresh tokens and ID
 * tokens so far are revoked, the cookie cleared). Call it before the SDK's signOut, while the cookie
 * still names the session. Resolves whether or not the server could be reached.
 */
export async function serverSignOut(): Promise<void> {
  try {
    await fetch('/api/__session/signout', { method: 'POST', credentials: 'same-origin' });
  } catch (err) {
    console.error('[session] could not sign out on the server', err);
  }
}

export function createAdminSession(auth: Auth): AdminSession {
  let state: SessionState = { status: 'loading' };
  const listeners = new Set<() => void>();
  let resolveReady: (s: SessionState) => void;
  const readyPromise = new Promise<SessionState>((r) => (resolveReady = r));
  let generation = 0;

  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((l) => l());
    if (next.status !== 'loading') resolveReady(next);
  };

  /** Why the last sign-out happened, when it was the account being disabled (cleared at the next sign-in). */
  let signedOutReason: 'disabled' | undefined;
  const signedOut = (): SessionState =>
    signedOutReason ? { status: 'signedOut', reason: signedOutReason } : { status: 'signedOut' };
  /** The account was disabled: sign out of the SDK (its null callback reports the reason). */
  const endDisabled = async () => {
    signedOutReason = 'disabled';
    if (auth.currentUser) await signOut(auth);
    else if (state.status !== 'loading') set(signedOut());
  };

  const onUser = async (user: User | null) => {
    const mine = ++generation;
    try {
      if (!user) {
        // Also when the SDK itself dropped a stored sign-in at start-up: the server tells if it was disabled.
        if ((await syncSession('')) === 'disabled') signedOutReason = 'disabled';
        if (mine === generation) set(signedOut());
        return;
      }
      const role = await syncSession(await user.getIdToken());
      if (role === 'disabled') return void (await endDisabled());
      signedOutReason = undefined;
      if (mine === generation) set({ status: 'signedIn', user, email: user.email, role });
    } catch (err) {
      // A refresh refused as USER_DISABLED: the SDK signs out by itself.
      if ((err as { code?: string } | null)?.code === 'auth/user-disabled') return void (await endDisabled());
      console.error('[session] could not sync the session', err);
      if (mine === generation) set(user ? { status: 'signedIn', user, email: user.email, role: null } : signedOut());
    }
  };
  onIdTokenChanged(auth, (user) => void onUser(user));

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => readyPromise,
    async recheck() {
      const user = auth.currentUser;
      if (!user) return;
      try {
        const role = await syncSession(await user.getIdToken());
        if (role === 'disabled') await endDisabled();
        // A role changed meanwhile (a 403 on a save): the header and the menu follow it.
        else if (role !== null && state.status === 'signedIn' && state.role !== role) set({ ...state, role });
        // Refused otherwise (revoked elsewhere): a forced refresh tells, and the SDK signs out if so.
        else if (role === null) {
          await user.getIdToken(true);
          // Still signed in with a good token but no role (set to «Без доступу»): no access any more.
          if (auth.currentUser === user && state.status === 'signedIn' && state.role) set({ ...state, role: null });
        }
      } catch (err) {
        if ((err as { code?: string } | null)?.code === 'auth/user-disabled') await endDisabled();
      }
    },
    waitFor(test) {
      if (test(state)) return Promise.resolve(state);
      return new Promise((resolve) => {
        const check = () => {
          if (!test(state)) return;
          listeners.delete(check);
          resolve(state);
        };
        listeners.add(check);
      });
    },
  };
}

export function useSessionState(session: AdminSession): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

// Read structurally (a TRPCClientError's `data.code`): the login page, which loads this module, does
// not carry the tRPC client (issue 13).
const isUnauthorized = (error: unknown) =>
  ['UNAUTHORIZED', 'FORBIDDEN'].includes((error as { data?: { code?: string } } | null)?.data?.code ?? '');

/**
 * Rechecks the session whenever a query or mutation is refused as UNAUTHORIZED or FORBIDDEN, so an
 * account disabled (or signed out elsewhere) while a screen is open ends here with the login page's
 * message, and a role changed meanwhile shows in the header and the menu.
 */
export function recheckSessionOnUnauthorized(queryClient: QueryClient, session: AdminSession): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
      void session.recheck();
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isUnauthorized(event.action.error))
      void session.recheck();
  });
}
