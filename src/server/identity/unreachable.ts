/**
 * Firebase Authentication that cannot be reached at start (an Auth emulator that is not running, no
 * network or no credentials for the real service): the first firebase-admin call of a start
 * (ensureFirstAdmin's count of accounts) fails with firebase-admin's `app/network-error`, which
 * becomes one error whose message is one line naming the endpoint, the reason and the remedy, so
 * main.ts prints it without a stack (as storage/unreachable.ts does for the bucket).
 */
import { unreachableReason } from '../storage/unreachable';

/** firebase-admin's identity service, when no emulator is named. */
export const AUTH_SERVICE_ENDPOINT = 'https://identitytoolkit.googleapis.com';

/** What to set so accounts can be read, for an emulator endpoint and for the real service. */
const REMEDY = {
  emulator:
    "set FIREBASE_AUTH_EMULATOR_HOST to a running Auth emulator (npm run emulators), or unset it to use the project's Firebase Authentication with credentials (GOOGLE_APPLICATION_CREDENTIALS)",
  service:
    'check the network and the credentials (GOOGLE_APPLICATION_CREDENTIALS), or set FIREBASE_AUTH_EMULATOR_HOST to an Auth emulator',
};

/** Firebase Authentication at `endpoint` could not be reached while `doing`; `reason` is the cause's first line. */
export class AuthUnreachableError extends Error {
  constructor(
    readonly endpoint: string,
    readonly reason: string,
    doing: string,
    emulated: boolean,
  ) {
    super(
      `${doing}Firebase Authentication at ${endpoint} cannot be reached: ${reason}; ${emulated ? REMEDY.emulator : REMEDY.service}`,
    );
    this.name = 'AuthUnreachableError';
  }
}

/**
 * Runs an identity call of the start (`doing`: `Cannot …: `), rethrowing a failure to reach
 * Firebase Authentication as AuthUnreachableError; `emulator` is FIREBASE_AUTH_EMULATOR_HOST's
 * `http://host:port`, or undefined for the real service. Any other error passes unchanged.
 */
export async function reachingAuth<T>(emulator: string | undefined, doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const reason = unreachableReason(err);
    if (!reason) throw err;
    throw new AuthUnreachableError(emulator ?? AUTH_SERVICE_ENDPOINT, reason, doing, Boolean(emulator));
  }
}
