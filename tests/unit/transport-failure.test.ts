/**
 * The one classification of a failed tRPC call that the navigation fallback, the book order form and
 * the admin share: real tRPC client errors from a loopback proxy's 502 HTML page (not our API's) and
 * from a port nothing listens on (no answer); the browser's offline flag; anything else is not a
 * transport failure.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { transportFailure } from '../../src/client/lib/transportFailure';
import { failedCall, proxyErrorPage, unansweredOrigin } from '../support/trpcFailures';

let proxy: Awaited<ReturnType<typeof proxyErrorPage>>;

beforeAll(async () => {
  proxy = await proxyErrorPage();
});

afterAll(() => proxy.close());
afterEach(() => vi.unstubAllGlobals());

describe('transportFailure', () => {
  it('reads a proxy’s HTML error page as an answer that is not our API’s', async () => {
    expect(transportFailure(await failedCall(proxy.origin))).toBe('not-our-api');
  });

  it('reads a request to a closed port as one that got no answer', async () => {
    expect(transportFailure(await failedCall(await unansweredOrigin()))).toBe('no-answer');
  });

  it('reads a request that got no answer while the browser says it is offline as offline', async () => {
    const error = await failedCall(await unansweredOrigin());
    vi.stubGlobal('navigator', { onLine: false });
    expect(transportFailure(error)).toBe('offline');
  });

  it('does not classify errors that are not a tRPC call’s (a bug’s TypeError stays a bug)', () => {
    expect(transportFailure(new TypeError('x is undefined'))).toBeNull();
    expect(transportFailure(new Error('other'))).toBeNull();
  });
});
