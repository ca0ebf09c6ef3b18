/**
 * The React tRPC bindings. The client imports only the router's type from the server.
 */
import { createTRPCReact, createTRPCQueryUtils } from '@trpc/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { AppRouter } from '../../server/trpc/appRouter';

/** The hooks (`trpc.news.list.useSuspenseQuery(input)`), the same in the server render and the browser. */
export const trpc = createTRPCReact<AppRouter>();

export type AppTRPCClient = TRPCClient<AppRouter>;
/** Query helpers usable outside React (route loaders): `utils.news.get.ensureData(input)`. */
export type QueryUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

export function createQueryUtils(queryClient: QueryClient, client: AppTRPCClient): QueryUtils {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}
