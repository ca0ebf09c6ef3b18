/** The react-query client settings shared by the server render and the browser. */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data prefetched by the server or a route loader stays fresh for a while, so hydration
        // and back-navigation do not refetch at once.
        staleTime: 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
