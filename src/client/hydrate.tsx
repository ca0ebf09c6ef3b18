/**
 * The public site's app, loaded by the browser entry (entry-client.tsx) once the page is painted
 * (its main image on screen): hydrates the server-rendered HTML with the same routes, the
 * react-query state the server dehydrated and tRPC over HTTP, then marks `<html data-hydrated>`;
 * starts build-update checks and, when configured, analytics. A development build
 * (`vite build --mode development`) also loads preact/debug, which reports hydration mismatches.
 */
import { hydrate } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import superjson, { type SuperJSONResult } from 'superjson';
import type { AppRouter } from '../server/trpc/appRouter';
import { FormattedTexts } from '../shared/formattedTexts';
import { isBotUserAgent } from '../shared/routes';
import { Providers } from './app/Providers';
import { readAppData } from './lib/appData';
import { createRoutes } from './app/routes';
import { handleChunkLoadError, startBuildChecks } from './lib/buildUpdates';
import { createQueryClient } from './lib/queryClient';
import { canResolve, readFromDocument, resolveStrings } from './lib/sharedStrings';
import { createQueryUtils } from './lib/trpc';
import { yieldToMain } from './lib/yieldToMain';
import { afterStagedHydration, stagedHydration } from './components/HydrateLater';

if (import.meta.env.DEV) await import('preact/debug');
await yieldToMain();
const appData = readAppData();
const config = appData.config;
// Hydration shows the server's dates and sizes without formatting them (Intl's first use is a long task).
const texts = new FormattedTexts(appData.texts);
const queryClient = createQueryClient({ failOffline: true });
await yieldToMain();
// The queries the server render read, as TanStack's dehydrate wrote them (each query's data by
// superjson, as the tRPC link), with the strings the page shows read back from its marked elements (lib/sharedStrings.ts).
// A query whose string cannot be found (markup changed by an extension) is left out and fetched again.
if (appData.state) {
  const state = appData.state;
  const read = readFromDocument(document);
  const resolve = resolveStrings(read);
  // The data is as fresh as the page showing it: a page served from the page cache or a CDN minutes
  // after its render (lib/queryClient.ts's staleTime is shorter) would otherwise refetch every query.
  const hydratedAt = Date.now();
  const queries = state.queries
    .filter((query) => canResolve(query.state.data, read))
    .map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: hydratedAt } }));
  hydrate(
    queryClient,
    { ...state, queries },
    {
      defaultOptions: { deserializeData: (data) => superjson.deserialize<unknown>(resolve(data) as SuperJSONResult) },
    },
  );
}
await yieldToMain();

const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', transformer: superjson })],
});
const router = createBrowserRouter(
  createRoutes({ deps: { utils: createQueryUtils(queryClient, trpcClient), client: trpcClient } }),
);
await yieldToMain();

// The page's main content and footer hydrate in tasks of their own (components/HydrateLater.tsx).
stagedHydration(() =>
  hydrateRoot(
    document.getElementById('root')!,
    <StrictMode>
      <Providers
        site={{ config, isBot: isBotUserAgent(navigator.userAgent), texts }}
        queryClient={queryClient}
        trpcClient={trpcClient}
      >
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

// `<html data-hydrated>` says the page is interactive: links navigate in the document, forms send
// through the API (end-to-end tests wait for it; before it, links and forms work as without scripts).
void afterStagedHydration().then(() => document.documentElement.setAttribute('data-hydrated', ''));

startBuildChecks(config.buildId);
window.addEventListener('vite:preloadError', (event) => {
  if (handleChunkLoadError((event as Event & { payload?: unknown }).payload)) event.preventDefault();
});

if (config.firebase.measurementId) {
  void import('./lib/analytics').then((m) => m.startAnalytics(config.firebase));
}
