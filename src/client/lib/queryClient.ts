/** The react-query client settings shared by the server render and the browser. */
import { QueryClient } from '@tanstack/react-query';

/** Client errors (4xx: not found, bad input, no access) are answers, not failures: never retried. */
function isClientError(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * `server`: the server render, which never retries (a page answers at once, e.g. with its 404).
 * `failOffline`: requests go out even when the browser says it is offline (networkMode 'always'), so
 * they fail at once instead of pausing until the connection returns (the public site: a navigation
 * then loads in full, the order form says it could not send).
 */
export function createQueryClient(opts: { server?: boolean; failOffline?: boolean } = {}): QueryClient {
  const network = opts.failOffline ? { networkMode: 'always' as const } : {};
  return new QueryClient({
    defaultOptions: {
      mutations: network,
      queries: {
        ...network,
        // Data prefetched by the server or a route loader stays fresh for a while, so hydration
        // and back-navigation do not refetch at once.
        staleTime: 60_000,
        retry: opts.server ? false : (failures, error) => failures < 1 && !isClientError(error),
        refetchOnWindowFocus: false,
      },
    },
  });
}
