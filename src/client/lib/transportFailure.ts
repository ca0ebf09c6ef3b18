/**
 * One classification of a failed tRPC call by what came back, shared by the public site's
 * navigation fallback (navigationFailure.ts), the book order form (bookOrderSubmit.ts) and the
 * admin's messages (admin/trpcErrors.ts); each says it in its own Ukrainian words.
 */
import { TRPCClientError } from '@trpc/client';

/**
 * How a tRPC call failed without an answer of our API:
 * - `offline`: the browser says it has no network (`navigator.onLine === false`);
 * - `no-answer`: the request got no response at all (fetch rejects with a `TypeError`, which the
 *   client keeps as the error's `cause`: connection refused, DNS, offline without the browser knowing);
 * - `not-our-api`: a response came, but not from our API (a reverse proxy's HTML error page while the
 *   server restarts): every answer of ours carries `data` (the server's formatError sets it).
 */
export type TransportFailure = 'offline' | 'no-answer' | 'not-our-api';

/** How `error` failed in transport; null for an answer of our API (it has `data`) or an error that is not a tRPC call's. */
export function transportFailure(error: unknown): TransportFailure | null {
  if (!(error instanceof TRPCClientError) || error.data) return null;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  return error.cause instanceof TypeError ? 'no-answer' : 'not-our-api';
}
