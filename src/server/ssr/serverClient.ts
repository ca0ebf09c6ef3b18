/**
 * The tRPC client of the server render: a `createTRPCClient` whose one link calls the router's
 * procedures in this process through tRPC's server-side caller (`createCallerFactory`), with one
 * context per render. Answers arrive as they would over HTTP (raw data: the superjson transformer
 * only matters on the wire), and errors as the `TRPCClientError` the browser would get, with the
 * same `data` (`code`, `httpStatus`, `zodError`, a domain error's `reason`…: trpc/init.ts
 * `formatError`), so a NOT_FOUND in a page's loader is the 404 it is in the browser and a refused
 * form shows the same field errors. Queries and mutations only.
 */
import { createTRPCClient, TRPCClientError, type TRPCClient, type TRPCLink } from '@trpc/client';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { observable } from '@trpc/server/observable';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { AppRouter } from '../trpc/appRouter';
import type { Context } from '../trpc/context';
import { createCallerFactory, formatError } from '../trpc/init';

type Procedure = (input: unknown) => Promise<unknown>;

/** The procedure at a dotted path of a caller (`news.list`), or undefined. */
function procedureAt(caller: object, path: string): Procedure | undefined {
  let node: unknown = caller;
  for (const key of path.split('.')) {
    if (node == null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'function' ? (node as Procedure) : undefined;
}

type CallerFactory = (ctx: Context) => object;
const callerFactories = new WeakMap<AppRouter, CallerFactory>();

/** The router's caller factory, made once per router (every render calls it with its own context). */
function callerFactoryOf(router: AppRouter): CallerFactory {
  let factory = callerFactories.get(router);
  if (!factory) callerFactories.set(router, (factory = createCallerFactory(router)));
  return factory;
}

/** `cause` as the TRPCClientError an HTTP client would get for it. */
function clientError(cause: unknown, path: string): TRPCClientError<AppRouter> {
  const error =
    cause instanceof TRPCError
      ? cause
      : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: cause instanceof Error ? cause : undefined });
  const shape = formatError({
    error,
    shape: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[error.code],
      data: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), path },
    },
  });
  return TRPCClientError.from<AppRouter>({ error: shape }, { cause: error });
}

/**
 * A typed tRPC client for one render. `createContext` is called at most once, by the first call
 * (a render that reads nothing builds no context).
 */
export function createServerClient(opts: {
  router: AppRouter;
  createContext: () => Promise<Context>;
}): TRPCClient<AppRouter> {
  let caller: Promise<object> | undefined;
  const link: TRPCLink<AppRouter> =
    () =>
    ({ op }) =>
      observable((observer) => {
        if (op.type === 'subscription') {
          observer.error(clientError(new Error('Subscriptions are not called in the server render'), op.path));
          return;
        }
        caller ??= opts.createContext().then((ctx) => callerFactoryOf(opts.router)(ctx));
        caller
          .then((c) => {
            const procedure = procedureAt(c, op.path);
            if (!procedure) throw new TRPCError({ code: 'NOT_FOUND', message: `No procedure at ${op.path}` });
            return procedure(op.input);
          })
          .then(
            (data) => {
              observer.next({ result: { type: 'data', data } });
              observer.complete();
            },
            (cause: unknown) => observer.error(clientError(cause, op.path)),
          );
      });
  return createTRPCClient<AppRouter>({ links: [link] });
}
