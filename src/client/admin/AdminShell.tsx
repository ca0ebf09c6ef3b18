/**
 * What the admin loads after sign-in (issue 13: not on the login page): Mantine with its styles and
 * theme, notifications, tRPC and react-query around the admin layout.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/appRouter';
import { createQueryClient } from '../lib/queryClient';
import { trpc } from '../lib/trpc';
import { AdminLayout } from './AdminLayout';
import { useAdmin } from './context';
import { recheckSessionOnUnauthorized, type AdminSession } from './session';
import { adminCssVariables, adminTheme } from './theme';

// One client pair per page load: the layout stays mounted across admin navigations.
const queryClient = createQueryClient();
const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })],
});

let watching = false;
/** Once per page load: a query or mutation refused as UNAUTHORIZED rechecks the session. */
function watchUnauthorized(session: AdminSession) {
  if (watching) return;
  watching = true;
  recheckSessionOnUnauthorized(queryClient, session);
}

export function AdminShell() {
  watchUnauthorized(useAdmin().session);
  return (
    <MantineProvider theme={adminTheme} cssVariablesResolver={adminCssVariables}>
      {/* Bottom right: a notice never covers the header's «На сайт» and «Вийти». */}
      <Notifications position="bottom-right" />
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <AdminLayout />
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  );
}
