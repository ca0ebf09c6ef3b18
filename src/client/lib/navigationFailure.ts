/**
 * A client navigation whose data request got no usable answer (no connection, a proxy's error page,
 * the server failing with 5xx) falls back to a full page load of the address asked for: the browser
 * then shows the server's own page, or its own offline page, instead of a page that never changes or
 * an unexplained error screen. A page loaded in full at that address shows the error screen as before.
 */
import { TRPCClientError } from '@trpc/client';

/** Whether `error` is a tRPC request that got no answer from the API: a network failure, an unparsable reply or a 5xx. */
export function isUnansweredRequest(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus;
  return typeof status !== 'number' || status >= 500;
}

/** The address the document was loaded at in full (not changed since by client navigations). */
function documentLoadedAt(): string | null {
  const entry = performance.getEntriesByType?.('navigation')[0];
  return entry ? entry.name : null;
}

/**
 * Whether a route error should become a full page load of `href` (absolute URL): in the browser, for
 * an unanswered request, when the document was loaded at another address (so it never loops).
 */
export function shouldLoadInFull(error: unknown, href: string): boolean {
  if (typeof window === 'undefined' || !isUnansweredRequest(error)) return false;
  const loaded = documentLoadedAt();
  return loaded !== null && loaded !== href;
}
