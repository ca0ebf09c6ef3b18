/**
 * A client navigation whose data request got no answer at all (no connection: the fetch itself
 * failed) falls back to a full page load of the address asked for, so the browser shows its own
 * offline page (or the page, once the connection is back) instead of a page that never changes.
 * A request the server answered with an error stays a fatal error: the spec's «Упс!» screen.
 */
import { transportFailure } from './transportFailure';

/** Whether `error` is a tRPC request that got no answer: the browser is offline or the fetch failed. */
export function isUnansweredRequest(error: unknown): boolean {
  const failure = transportFailure(error);
  return failure === 'offline' || failure === 'no-answer';
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
