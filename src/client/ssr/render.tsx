/**
 * Server render of the public site, on Preact (preact-render-to-string through preact/compat, the
 * renderer that hydrates the page in the browser). One call per request:
 *
 * 1. react-router's static handler runs the matched routes' loaders, which prefetch through tRPC's
 *    query utils (`createTRPCQueryUtils` over a fresh react-query `QueryClient` and the server's
 *    in-process tRPC client) exactly as they do before a client navigation;
 * 2. the route tree renders to a string with react-router's `StaticRouterProvider`; components read
 *    the same queries with `useSuspenseQuery`, whose data is already there;
 * 3. the query cache is dehydrated with TanStack's `dehydrate`, each query's data written with
 *    superjson (the transformer of the tRPC link; `serializeData`, as tRPC's SSR guide does), each
 *    string the page shows in a marked element replaced by a reference to it (lib/sharedStrings.ts);
 *    react-router's hydration data is handed over as it is.
 *
 * Everything the render collects (head tags, the main image, the shown strings, the formatted texts)
 * goes into objects made for this render and passed down through context; the head collector also
 * goes to the loaders (react-router's request context), for the head sources only the server writes
 * (a page's `serverHead`).
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import superjson, { type SuperJSONResult } from 'superjson';
import { FormattedTexts } from '../../shared/formattedTexts';
import type { HeadTags } from '../../shared/head/tags';
import type { PublicConfig } from '../../shared/publicConfig';
import { isBotUserAgent } from '../../shared/routes';
import type { RouteDeps } from '../app/definePage';
import { Providers } from '../app/Providers';
import { createRoutes } from '../app/routes';
import { buildHeadPart } from '../lib/head/build';
import { PriorityImageContext, PriorityImageRecord, type PriorityImage } from '../lib/priorityImage';
import { createQueryClient } from '../lib/queryClient';
import { shareStrings, ShownStrings, ShownStringsContext } from '../lib/sharedStrings';
import { createQueryUtils, type AppTRPCClient } from '../lib/trpc';

export interface RenderOptions {
  /** Absolute URL of the request. */
  url: string;
  /** The server's in-process tRPC client for this request. */
  trpcClient: AppTRPCClient;
  config: PublicConfig;
  userAgent?: string;
  /** A form posted to the page (runs the page's action): the urlencoded body as sent. */
  form?: { body: string; contentType: string };
}

/** react-router's hydration data: what `StaticRouterProvider` would put in an inline script. */
export interface RouterHydrationData {
  loaderData: unknown;
  actionData: unknown;
  errors: Record<string, unknown> | null;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      appHtml: string;
      head: HeadTags;
      /** TanStack's dehydrated query state as JSON text, each query's data as superjson's `{json, meta}`. */
      state: string;
      router: RouterHydrationData;
      /** The texts the render formatted with Intl, key → text (shared/formattedTexts.ts). */
      texts: Record<string, string>;
      /** The page's main image (the first `priority` StoredImage), for a preload in the head. */
      priorityImage?: PriorityImage;
      /** Errors thrown by loaders or rendering (logged by the server when the status is 5xx). */
      errors: unknown[];
      isBot: boolean;
    };

/** The render function `createRenderer` returns. */
export type Render = (options: RenderOptions) => Promise<RenderResult>;

function emptyHead(): HeadTags {
  return {
    title: '',
    description: '',
    canonical: '',
    ogTitle: '',
    ogType: 'website',
    image: { url: '', width: null, height: null, alt: '' },
    sources: {},
    parts: [],
  };
}

function requestOf(options: RenderOptions): Request {
  if (!options.form) return new Request(options.url);
  return new Request(options.url, {
    method: 'POST',
    body: options.form.body,
    headers: { 'Content-Type': options.form.contentType },
  });
}

/**
 * Makes the server's render function. The route tree and react-router's static handler are built
 * once; each call gets its own query client, query utils and router state.
 */
export function createRenderer(): Render {
  const handler = createStaticHandler(createRoutes({ depsOf: ({ context }) => context as RouteDeps }));
  return async (options) => {
    const queryClient = createQueryClient({ server: true });
    const head = emptyHead();
    const requestContext: RouteDeps = {
      utils: createQueryUtils(queryClient, options.trpcClient),
      client: options.trpcClient,
      head,
    };
    const context = await handler.query(requestOf(options), { requestContext });
    if (context instanceof Response) {
      return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
    }
    const isBot = isBotUserAgent(options.userAgent);
    const priority = new PriorityImageRecord();
    const shown = new ShownStrings();
    const texts = new FormattedTexts();
    const appHtml = renderToString(
      <StrictMode>
        <ShownStringsContext.Provider value={shown}>
          <PriorityImageContext.Provider value={priority}>
            <Providers
              site={{ config: options.config, isBot, head, texts }}
              queryClient={queryClient}
              trpcClient={options.trpcClient}
            >
              <StaticRouterProvider
                router={createStaticRouter(handler.dataRoutes, context)}
                context={context}
                hydrate={false}
              />
            </Providers>
          </PriorityImageContext.Provider>
        </ShownStringsContext.Provider>
      </StrictMode>,
    );
    head.parts = Object.entries(head.sources).map(([key, source]) =>
      buildHeadPart(key, source, { origin: options.config.origin, url: head.canonical }),
    );
    return {
      kind: 'page',
      status: context.statusCode,
      appHtml,
      head,
      state: JSON.stringify(dehydrate(queryClient, { serializeData: serializeData(shown) })),
      texts: texts.toJSON(),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializeErrors(context.errors),
      },
      priorityImage: priority.image,
      errors: context.errors ? Object.values(context.errors) : [],
      isBot,
    };
  };
}

/** superjson's form of shared answers (read-cache answers are deep-frozen and the same object in every render). */
const serialized = new WeakMap<object, SuperJSONResult>();

/**
 * `dehydrate`'s `serializeData`: a query's data as superjson's `{json, meta}` (made once per shared
 * answer), the strings the page shows in marked elements replaced by references (they travel once,
 * in the markup: lib/sharedStrings.ts).
 */
function serializeData(shown: ShownStrings): (data: unknown) => SuperJSONResult {
  const share = shareStrings(shown);
  return (data) => {
    const frozen = typeof data === 'object' && data !== null && Object.isFrozen(data);
    let result = frozen ? serialized.get(data) : undefined;
    if (!result) {
      result = superjson.serialize(data);
      if (frozen) serialized.set(data, result);
    }
    return { ...result, json: share(result.json) as SuperJSONResult['json'] };
  };
}

/** Route errors as react-router's browser router reads them back (its `parseHydrationData`). */
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
