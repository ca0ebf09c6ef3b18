/**
 * The signed-in state of the admin, kept in step with the server (spec section 4): on every sign-in
 * state change and every token change the current ID token (empty when signed out) is posted to
 * POST /api/__session, which sets or clears the `__session` cookie the tRPC calls use.
 */
import { onIdTokenChanged, type Auth, type User } from 'firebase/auth';
import { useSyncExternalStore } from 'react';

export type StaffRole = 'admin' | 'editor';

export type SessionState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; user: User; email: string | null; role: StaffRole | null };

export interface AdminSession {
  get(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Resolves once the first state (signed in with the cookie set, or signed out) is known. */
  ready(): Promise<SessionState>;
  /** Resolves with the first state (the current one included) that satisfies `test`. */
  waitFor(test: (state: SessionState) => boolean): Promise<SessionState>;
}

/** Posts the token to the server; resolves to the role the server sees, or null. */
export async function syncSession(token: string): Promise<StaffRole | null> {
  const res = await fetch('/api/__session', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { user: { role: StaffRole | null } | null };
  return body.user?.role ?? null;
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

  onIdTokenChanged(auth, async (user) => {
    const mine = ++generation;
    try {
      if (!user) {
        await syncSession('');
        if (mine === generation) set({ status: 'signedOut' });
        return;
      }
      const role = await syncSession(await user.getIdToken());
      if (mine === generation) set({ status: 'signedIn', user, email: user.email, role });
    } catch (err) {
      console.error('[session] could not sync the session', err);
      if (mine === generation) set(user ? { status: 'signedIn', user, email: user.email, role: null } : { status: 'signedOut' });
    }
  });

  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => readyPromise,
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
