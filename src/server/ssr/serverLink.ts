/**
 * The terminating tRPC link of the server render: calls the router's procedures in process, as
 * tRPC's `unstable_localLink` does, with the same results and the same `TRPCClientError`s (so a
 * NOT_FOUND in a page's loader is the 404 it is in the browser), but without what a render does not
 * need and pays for on every call: an AbortController, a raced signal and a DOMException when the
 * call completes (the render cannot be cancelled half-way), and a context built per call (one per
 * render here, as one HTTP batch gets one). Queries and mutations only: subscriptions and streamed
 * (async iterable) answers are refused.
 */
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { getTRPCErrorFromUnknown, getTRPCErrorShape } from '@trpc/server';
import { observable } from '@trpc/server/observable';
import { callProcedure, isAsyncIterable } from '@trpc/server/unstable-core-do-not-import';
import type { AppRouter } from '../trpc/appRouter';
import type { Context } from '../trpc/context';

export function serverLink(opts: {
  router: AppRouter;
  /** Called at most once per link (the first procedure call), its promise shared by every call. */
  createContext: () => Promise<Context>;
}): TRPCLink<AppRouter> {
  let context: Promise<Context> | undefined;
  return () =>
    ({ op }) =>
      observable((observer) => {
        let ctx: Context | undefined;
        const run = async () => {
          if (op.type === 'subscription') throw new Error('serverLink: subscriptions are not supported');
          ctx = await (context ??= opts.createContext());
          const result: unknown = await callProcedure({
            router: opts.router,
            path: op.path,
            getRawInput: () => Promise.resolve(op.input),
            ctx,
            type: op.type,
            signal: undefined,
            batchIndex: 0,
          });
          if (isAsyncIterable(result)) throw new Error('serverLink: streamed answers are not supported');
          observer.next({ result: { data: result } });
          observer.complete();
        };
        run().catch((cause: unknown) => {
          const error = getTRPCErrorFromUnknown(cause);
          const shape = getTRPCErrorShape({
            config: opts.router._def._config,
            ctx,
            error,
            input: op.input,
            path: op.path,
            type: op.type,
          });
          observer.error(TRPCClientError.from({ error: shape }, { cause: cause instanceof Error ? cause : undefined }));
        });
      });
}
