/**
 * The storage access rules of the embedded backend, in one place. `storage.rules` at the repository
 * root states the same rules in the Firebase Security Rules language for firebase mode; change both
 * together.
 *
 * - Anyone may read (get, download, list) objects under `public/`.
 * - Staff (ID token claim `role` = editor or admin) may read, list, write and delete anywhere.
 * - Anyone holding one of an object's download tokens may download it (as Cloud Storage for
 *   Firebase does: token URLs bypass the rules).
 *
 * Outcomes follow Cloud Storage for Firebase, as the SDK maps them (spec section 8): a request that
 * needs a user and has none, or presents a bad token, is refused with 401 (storage/unauthenticated)
 * for writes; a signed-in user without a staff role gets 403 (storage/unauthorized). A read refused
 * without any token is 403, as the emulator answers; with a bad token it is 401.
 */
import type { AuthUser, IdentityBackend } from '../identity/types';

/** Objects anyone may read by name (seeded and published files). */
export const PUBLIC_PREFIX = 'public/';

/** The folder of dataset archives `/data_repo/{name}.zip` redirects to when ARCHIVE_BASE_URL is not set. */
export const ARCHIVE_PREFIX = `${PUBLIC_PREFIX}data_repo/`;

export type StorageAction = 'read' | 'list' | 'write' | 'delete';

/** Who is asking: no Authorization header, a verified user, or a token that did not verify. */
export type Requester = { kind: 'anonymous' } | { kind: 'user'; user: AuthUser } | { kind: 'invalid-token' };

export interface AccessRequest {
  action: StorageAction;
  /** Object name (read, write, delete) or listing prefix (list). */
  path: string;
  requester: Requester;
  /** A download token of the object was given and matches (downloads only). */
  downloadToken?: boolean;
}

export type Decision = { allow: true } | { allow: false; status: 401 | 403; message: string };

export function isStaff(requester: Requester): boolean {
  return requester.kind === 'user' && (requester.user.role === 'editor' || requester.user.role === 'admin');
}

/** True when the path lies under the public prefix (for listings: the prefix itself or deeper). */
export function isPublicPath(path: string): boolean {
  return path.startsWith(PUBLIC_PREFIX);
}

const ALLOW: Decision = { allow: true };

/** Decides one storage request (see the module comment for the rules and the status codes). */
export function authorize(request: AccessRequest): Decision {
  const { action, path, requester } = request;
  if (isStaff(requester)) return ALLOW;
  const reading = action === 'read' || action === 'list';
  if (reading && (isPublicPath(path) || request.downloadToken)) return ALLOW;
  if (requester.kind === 'invalid-token') {
    return { allow: false, status: 401, message: 'Invalid or expired authentication token.' };
  }
  if (requester.kind === 'anonymous' && !reading) {
    return { allow: false, status: 401, message: 'Authentication required: sign in with a staff account.' };
  }
  return { allow: false, status: 403, message: 'Permission denied. Could not perform this operation.' };
}

/**
 * Reads `Authorization: Firebase <idToken>` (the header the SDK sends; `Bearer` is accepted too) and
 * verifies the token with revocation checks. Never throws.
 */
export async function requesterFrom(header: string | undefined, identity: IdentityBackend): Promise<Requester> {
  if (!header) return { kind: 'anonymous' };
  const m = /^(?:Firebase|Bearer)\s+(\S+)$/i.exec(header.trim());
  if (!m) return { kind: 'invalid-token' };
  try {
    return { kind: 'user', user: await identity.verifyIdToken(m[1]!, true) };
  } catch {
    return { kind: 'invalid-token' };
  }
}
