/**
 * Browser entry of the public site: hydrates the server-rendered HTML with the same routes, the
 * react-query state the server dehydrated and tRPC over HTTP; starts build-update checks and, when
 * configured, analytics.
 */
import './styles/a11y.css';
import './styles/site.css';
import { hydrate } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import superjson from 'superjson';
import type { AppRouter } from '../server/trpc/appRouter';
import { isBotUserAgent } from '../shared/routes';
import { Providers } from './app/Providers';
import { readAppData } from './lib/appData';
import { createRoutes } from './app/routes';
import { handleChunkLoadError, startBuildChecks } from './lib/buildUpdates';
import { readFromDocument, unpackPageState } from './lib/pageState';
import { createQueryClient } from './lib/queryClient';
import { createQueryUtils } from './lib/trpc';

/**
 * Gives the browser the main thread back between the start-up steps, so that none of them is a long
 * task (issue 13: Lighthouse's Total Blocking Time; the server-rendered page is already painted).
 */
const yieldToMain = () =>
  new Promise<void>((resolve) => {
    const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (s?.yield) void s.yield().then(resolve);
    else setTimeout(resolve, 0);
  });

await yieldToMain();
const appData = readAppData();
const config = appData.config;
const queryClient = createQueryClient();
if (appData.state) hydrate(queryClient, unpackPageState(appData.state, readFromDocument(document)));

const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })],
});
const router = createBrowserRouter(
  createRoutes({ deps: { utils: createQueryUtils(queryClient, trpcClient), client: trpcClient } }),
);
await yieldToMain();

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <Providers
      site={{ config, isBot: isBotUserAgent(navigator.userAgent) }}
      queryClient={queryClient}
      trpcClient={trpcClient}
    >
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

startBuildChecks(config.buildId);
window.addEventListener('vite:preloadError', (event) => {
  if (handleChunkLoadError((event as Event & { payload?: unknown }).payload)) event.preventDefault();
});

if (config.firebase.measurementId) {
  void import('./lib/analytics').then((m) => m.startAnalytics(config.firebase));
}
