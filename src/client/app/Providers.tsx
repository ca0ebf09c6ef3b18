/** The providers every render wraps the router in: site facts, tRPC and react-query. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { trpc, type AppTRPCClient } from '../lib/trpc';
import { SiteContext, type SiteContextValue } from './site';

export function Providers({
  site,
  queryClient,
  trpcClient,
  children,
}: {
  site: SiteContextValue;
  queryClient: QueryClient;
  trpcClient: AppTRPCClient;
  children: ReactNode;
}) {
  return (
    <SiteContext.Provider value={site}>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </trpc.Provider>
    </SiteContext.Provider>
  );
}
