/**
 * Server render of the public site: runs the matched routes' loaders (validation, middleware, tRPC
 * prefetch through the given in-process client), renders the React tree to HTML and returns the
 * status, head tags and the dehydrated react-query state for hydration.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { isBotUserAgent } from '../shared/routes';
import { Providers } from './app/Providers';
import { PriorityImageContext, PriorityImageRecord, type PriorityImage } from './lib/priorityImage';
import type { RouteDeps } from './app/definePage';
import { createRoutes } from './app/routes';
import type { HeadTags } from '../shared/head/tags';
import type { PublicConfig } from '../shared/publicConfig';
import { FragmentRender, FragmentRenderContext, type FragmentCache } from './lib/fragmentCache';
import { buildHeadPart } from './lib/head/build';
import { packPageState } from './lib/pageState';
import { createQueryClient } from './lib/queryClient';
import { ShownStrings, ShownStringsContext } from './lib/sharedStrings';
import { ServerQueries, ServerQueriesContext, serverQueryUtils } from './lib/serverQueries';
import { recordFormattedTexts } from '../shared/formattedTexts';
import type { AppTRPCClient } from './lib/trpc';

export interface RenderOptions {
  /** Absolute URL of the request. */
  url: string;
  trpcClient: AppTRPCClient;
  config: PublicConfig;
  userAgent?: string;
  /** A form posted to the page (runs the page's action): the urlencoded body as sent. */
  form?: { body: string; contentType: string };
  /** The server's kept parts (lib/fragmentCache.ts: header, footer, card lists); without it they are rendered every time. */
  fragments?: FragmentCache;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      appHtml: string;
      head: HeadTags;
      /** The packed react-query state (lib/pageState.ts: superjson, strings the page shows by reference). */
      state: string;
      /**
       * react-router's hydration data (what StaticRouterProvider would put in an inline script),
       * handed to the browser in the page's JSON data block instead.
       */
      router: { loaderData: unknown; actionData: unknown; errors: Record<string, unknown> | null };
      /** The texts the render formatted with Intl, key → text (shared/formattedTexts.ts). */
      texts: Record<string, string>;
      /** The kept parts the markup holds as they were kept, in document order (lib/fragmentCache.ts). */
      kept: ReadonlyArray<{ readonly html: string }>;
      /** The page's main image (the first `priority` StoredImage), for a preload in the head. */
      priorityImage?: PriorityImage;
      /** Errors thrown by loaders or rendering (logged by the server when the status is 5xx). */
      errors: unknown[];
      isBot: boolean;
    };

// Built once: the route tree and react-router's static handler (route matching data) do not depend
// on the request; each request's query utils and tRPC client reach the loaders and actions as
// react-router's request context.
const handler = createStaticHandler(createRoutes({ depsOf: ({ context }) => context as RouteDeps }));

let keptRouter: ReturnType<typeof createStaticRouter> | null = null;
let keepRouter = true;

/** Switches the kept router template on or off (tests compare both renders); returns the previous setting. */
export function setKeptStaticRouter(on: boolean): boolean {
  const was = keepRouter;
  keepRouter = on;
  return was;
}

/**
 * react-router's static router for one request's `context`. `createStaticRouter` converts the
 * whole route tree again on every call (a tenth of a millisecond, the same result each time), and
 * of the router it returns only `basename` and `state` read the request's context. So the first
 * router made is kept as a template, and each request gets an object on top of it with its own
 * `basename` and its own `state`: the template's state with the request's location, matches (on
 * the template's converted routes, as createStaticRouter maps them), loader and action data and
 * errors. `tests/integration/static-router.test.ts` renders every seeded page both ways and
 * compares the HTML byte for byte.
 */
function staticRouter(context: StaticHandlerContext): ReturnType<typeof createStaticRouter> {
  if (!keepRouter) return createStaticRouter(handler.dataRoutes, context);
  if (!keptRouter) return (keptRouter = createStaticRouter(handler.dataRoutes, context));
  const template = keptRouter;
  const matches = context.matches.map((match) => ({
    ...match,
    route: template.manifest[match.route.id] ?? match.route,
  }));
  const state = {
    ...template.state,
    location: context.location,
    matches,
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: context.errors,
  };
  return Object.create(template, { basename: { value: context.basename }, state: { value: state } }) as typeof template;
}

export async function render(options: RenderOptions): Promise<RenderResult> {
  const queryClient = createQueryClient({ server: true });
  const queries = new ServerQueries(options.trpcClient);
  const utils = serverQueryUtils(queries);
  const requestContext: RouteDeps = { utils, client: options.trpcClient };
  const request = options.form
    ? new Request(options.url, {
        method: 'POST',
        body: options.form.body,
        headers: { 'Content-Type': options.form.contentType },
      })
    : new Request(options.url);
  const context = await handler.query(request, { requestContext });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = staticRouter(context);
  const isBot = isBotUserAgent(options.userAgent);
  const head: HeadTags = {
    title: '',
    description: '',
    canonical: '',
    ogTitle: '',
    ogType: 'website',
    image: { url: '', width: null, height: null, alt: '' },
    sources: {},
    parts: [],
  };
  const shownStrings = new ShownStrings();
  const priority = new PriorityImageRecord();
  const fragments = options.fragments?.enabled ? new FragmentRender(options.fragments, shownStrings, priority) : null;
  // The texts it formats with Intl go to the browser with the page (shared/formattedTexts.ts).
  const { result: rendered, texts } = recordFormattedTexts(() =>
    renderToString(
      <StrictMode>
        <PriorityImageContext.Provider value={priority}>
          <ShownStringsContext.Provider value={shownStrings}>
            <FragmentRenderContext.Provider value={fragments}>
              <ServerQueriesContext.Provider value={queries}>
                <Providers
                  site={{ config: options.config, isBot, head }}
                  queryClient={queryClient}
                  trpcClient={options.trpcClient}
                >
                  <StaticRouterProvider router={router} context={context} hydrate={false} />
                </Providers>
              </ServerQueriesContext.Provider>
            </FragmentRenderContext.Provider>
          </ShownStringsContext.Provider>
        </PriorityImageContext.Provider>
      </StrictMode>,
    ),
  );
  const appHtml = withoutImagePreloads(fragments ? fragments.capture(rendered) : rendered);
  head.parts = Object.entries(head.sources).map(([key, source]) =>
    buildHeadPart(key, source, { origin: options.config.origin, url: head.canonical }),
  );
  return {
    kind: 'page',
    status: context.statusCode,
    appHtml,
    head,
    // Marked strings (titles, summaries, rich text) travel in the markup; the state refers to them.
    state: packPageState(queries.answers, shownStrings.references()),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
    texts,
    kept: fragments?.kept ?? [],
    priorityImage: priority.image,
    errors: context.errors ? Object.values(context.errors) : [],
    isBot,
  };
}

/**
 * React writes a `<link rel="preload" as="image">` for every eagerly loaded image at the start of
 * the markup (renderToString has no head to put it in). The document's head already preloads the
 * main image (document.ts); the copy inside #root is no part of the app, so Preact removed it on
 * hydration and moved every node of the page in front of it first, and it broke staged hydration
 * (components/HydrateLater.tsx: a deferred part kept the link instead of its own markup).
 */
export function withoutImagePreloads(html: string): string {
  if (!html.startsWith(IMAGE_PRELOAD)) return html;
  // The end of the leading links, then a slice (V8 shares the page's characters; a replace copies them).
  // (React escapes `>` in attribute values, so a link ends at the first one.)
  let end = 0;
  while (html.startsWith(IMAGE_PRELOAD, end)) {
    const close = html.indexOf('>', end);
    if (close < 0) break;
    end = close + 1;
  }
  return html.slice(end);
}

const IMAGE_PRELOAD = '<link rel="preload" as="image"';

/** react-router's own serialisation of route errors for hydration (the client's `parseHydrationData` reverses it). */
function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [key, val] of Object.entries(errors)) {
    if (isRouteErrorResponse(val)) out[key] = { ...val, __type: 'RouteErrorResponse' };
    else if (val instanceof Error)
      out[key] = { message: val.message, __type: 'Error', ...(val.name !== 'Error' ? { __subType: val.name } : {}) };
    else out[key] = val;
  }
  return out;
}
