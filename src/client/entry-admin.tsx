/**
 * Browser entry of the admin (client-only, loaded under /edit/admin): firebase Auth (embedded mode:
 * pointed at this server), the session sync, tRPC over HTTP with the session cookie, Mantine.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/a11y.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import superjson from 'superjson';
import type { AppRouter } from '../server/trpc/appRouter';
import { AdminContext } from './admin/context';
import { adminMiddleware } from './admin/guards';
import { createAdminRoutes } from './admin/routes';
import { createAdminSession, recheckSessionOnUnauthorized } from './admin/session';
import { adminCssVariables, adminTheme } from './admin/theme';
import { startBuildChecks } from './lib/buildUpdates';
import { firebaseAuth } from './lib/firebase';
import { createQueryClient } from './lib/queryClient';
import { trpc } from './lib/trpc';
import { readAppData } from './lib/appData';

const config = readAppData().config;
const auth = firebaseAuth(config);
const session = createAdminSession(auth);
const queryClient = createQueryClient();
const trpcClient = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })] });
const router = createBrowserRouter(createAdminRoutes(adminMiddleware(session)));
recheckSessionOnUnauthorized(queryClient, session);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={adminTheme} cssVariablesResolver={adminCssVariables}>
      {/* Bottom right: a notice never covers the header's «На сайт» and «Вийти». */}
      <Notifications position="bottom-right" />
      <AdminContext.Provider value={{ config, auth, session }}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </trpc.Provider>
      </AdminContext.Provider>
    </MantineProvider>
  </StrictMode>,
);

startBuildChecks(config.buildId);
