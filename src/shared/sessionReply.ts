/**
 * The JSON body of POST /api/__session (the cookie session the admin keeps beside the SDK's sign-in):
 * the signed-in user's role on success, `user: null` after a sign-out, and a `reason` the admin
 * explains to the user. Shared so that the server's answer and the admin's check cannot drift apart.
 */

import type { StaffRole } from './authUsers';

/** Why a session ended or was refused: the account was disabled since it signed in. */
export type SessionEndReason = 'user-disabled';

/** 200 `{ user }` (null after a sign-out) or 401 `{ error }`, either with an optional `reason`. */
export interface SessionReply {
  user?: { role: StaffRole | null } | null;
  error?: string;
  reason?: SessionEndReason;
}

/** The reply's `reason` when a disabled account's session ends or its token is refused. */
export const USER_DISABLED: SessionEndReason = 'user-disabled';
