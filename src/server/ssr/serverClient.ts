/**
 * The tRPC client of the server render: calls the router's procedures in process, as tRPC's
 * `unstable_localLink` does, with the same results and the same `TRPCClientError`s (so a NOT_FOUND
 * in a page's loader is the 404 it is in the browser), but without what a render does not need and
 * pays for on every call: a chain of links and observables, an AbortController aborted (with a
 * DOMException) when each call completes (the render cannot be cancelled half-way), and a context
 * built per call (one per render here, as one HTTP batch gets one). Queries and mutations only:
 * subscriptions and streamed (async iterable) answers are refused.
 *
 * It records the content types each call reads (`procedureReads.ts`) for the page cache. With a
 * read cache (`readCache.ts`), a query whose procedure declares `sharedRead` is answered from it
 * when it holds the answer (no context is made, the procedure does not run), and its answer is kept
 * there otherwise.
 *
 * Built on `TRPCUntypedClient` (its public `query`/`mutation` overridden) and
 * `createTRPCClientProxy`, so `createTRPCQueryUtils` takes it as any tRPC client.
 */
import { createTRPCClientProxy, TRPCClientError, TRPCUntypedClient, type TRPCClient } from '@trpc/client';
import { getTRPCErrorFromUnknown, getTRPCErrorShape } from '@trpc/server';
import { callProcedure, isAsyncIterable } from '@trpc/server/unstable-core-do-not-import';
import type { AppRouter } from '../trpc/appRouter';
import type { Context } from '../trpc/context';
import type { Meta } from '../trpc/init';
import { typesReadBy } from './procedureReads';
import { ReadCache } from './readCache';

export interface ServerClientOptions {
  router: AppRouter;
  /** Called at most once per client (the first procedure that runs), its promise shared by every call. */
  createContext: () => Promise<Context>;
  /** Where shared reads are kept between renders. */
  readCache?: ReadCache;
  /** Receives the content types every call reads (`news.list` → `news`). */
  reads?: Set<string>;
}

/** The read-cache key of a call, or null when its answer is not shared (`Meta.sharedRead`). */
function sharedReadKey(router: AppRouter, path: string, input: unknown): string | null {
  // At run time `_def.procedures` is flat, by dotted path (tRPC's own getProcedureAtPath reads it so).
  const procedures = router._def.procedures as unknown as Record<string, { _def: { meta?: Meta } } | undefined>;
  const shared = procedures[path]?._def.meta?.sharedRead;
  if (!shared || (typeof shared === 'function' && !shared(input))) return null;
  return ReadCache.key(path, input);
}

class ServerUntypedClient extends TRPCUntypedClient<AppRouter> {
  private context: Promise<Context> | undefined;

  constructor(private readonly opts: ServerClientOptions) {
    super({ links: [] });
  }

  override query(path: string, input?: unknown): Promise<unknown> {
    return this.call('query', path, input);
  }

  override mutation(path: string, input?: unknown): Promise<unknown> {
    return this.call('mutation', path, input);
  }

  override subscription(): never {
    throw new Error('serverClient: subscriptions are not supported');
  }

  private async call(type: 'query' | 'mutation', path: string, input: unknown): Promise<unknown> {
    const { router, readCache, reads } = this.opts;
    const types = typesReadBy(path);
    if (reads) for (const t of types) reads.add(t);
    const key = readCache && type === 'query' ? sharedReadKey(router, path, input) : null;
    const cached = key === null ? undefined : readCache!.get(key);
    if (cached) return cached.value;
    const since = readCache?.mark() ?? 0;
    let ctx: Context | undefined;
    try {
      ctx = await (this.context ??= this.opts.createContext());
      const result: unknown = await callProcedure({
        router,
        path,
        getRawInput: () => Promise.resolve(input),
        ctx,
        type,
        signal: undefined,
        batchIndex: 0,
      });
      if (isAsyncIterable(result)) throw new Error('serverClient: streamed answers are not supported');
      return key === null ? result : readCache!.store(key, result, types, since);
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      const shape = getTRPCErrorShape({ config: router._def._config, ctx, error, input, path, type });
      throw TRPCClientError.from({ error: shape }, { cause: cause instanceof Error ? cause : undefined });
    }
  }
}

/** A typed tRPC client whose calls run the procedures in this process (see the module comment). */
export function createServerClient(opts: ServerClientOptions): TRPCClient<AppRouter> {
  return createTRPCClientProxy(new ServerUntypedClient(opts));
}
