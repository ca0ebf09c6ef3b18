/**
 * The server render's queries, without react-query's per-call machinery (issue 13: observers,
 * retryers and fetch states were about a third of an uncached page's CPU). Two halves:
 *
 * - `serverQueryUtils`: the route loaders' `utils.{router}.{procedure}.ensureData(input)` calls the
 *   procedure through the server's tRPC client and puts the answer in the request's QueryClient
 *   with `setQueryData` (same key, same data, same thrown `TRPCClientError` as tRPC's utils; one
 *   call per key and render).
 * - `withServerQueryReads`: `trpc.{router}.{procedure}.useSuspenseQuery(input)` answered straight from the
 * request's react-query cache, which the route loaders filled before rendering, without making a
 * react-query observer per call (issue 13: the observers were about a quarter of renderToString on
 * a page with three queries). The answer is the same `[data, result]` pair: `data` is the cached
 * query's data; `result` carries `data` and `status: 'success'` only (no public page reads more).
 * A query that is not cached as a success (never loaded, or failed) goes to tRPC's own hook, which
 * suspends or throws as it always did. In the browser the hooks are tRPC's own, untouched.
 *
 * The query key is tRPC's (`getQueryKeyInternal(path, input, 'query')` in @trpc/react-query 11):
 * `[path, { input, type: 'query' }]`, hashed by react-query's `hashKey`.
 */
import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { AppTRPCClient, QueryUtils } from './trpc';

/** tRPC's root members (createTRPCReact's decoration): anything else is a router or procedure path. */
const ROOT_MEMBERS = new Set<PropertyKey>([
  'Provider',
  'createClient',
  'useContext',
  'useUtils',
  'useQueries',
  'useSuspenseQueries',
  'useDehydratedState',
]);

type AnyFunction = (...args: unknown[]) => unknown;

/** tRPC's query key of procedure `path` with `input`. */
function queryKeyOf(path: readonly string[], input: unknown): QueryKey {
  return [path, input === undefined ? { type: 'query' } : { input, type: 'query' }];
}

/** The successfully cached data of tRPC query `path` with `input` in `queryClient`, or undefined. */
export function cachedQueryData(queryClient: QueryClient, path: readonly string[], input: unknown): unknown {
  const query = queryClient.getQueryCache().get(hashKey(queryKeyOf(path, input)));
  return query?.state.status === 'success' ? query.state.data : undefined;
}

/**
 * Query utils for the server's route loaders: only `ensureData` (the one member loaders use; any
 * other is a programming error and throws). Calls to the same key in one render share one call.
 */
export function serverQueryUtils(queryClient: QueryClient, client: AppTRPCClient): QueryUtils {
  const calls = new Map<string, Promise<unknown>>();
  const ensureData = (path: readonly string[], input: unknown): Promise<unknown> => {
    const key = queryKeyOf(path, input);
    const hash = hashKey(key);
    let call = calls.get(hash);
    if (!call) {
      call = (memberAt(client, [...path, 'query'])(input) as Promise<unknown>).then((data) => {
        queryClient.setQueryData(key, data);
        return data;
      });
      calls.set(hash, call);
    }
    return call;
  };
  const node = (path: readonly string[]): unknown =>
    new Proxy(
      {},
      {
        get: (_target, key) => {
          if (typeof key !== 'string') return undefined;
          if (key === 'ensureData') return (input?: unknown) => ensureData(path, input);
          if (path.length >= 2)
            throw new Error(`serverQueryUtils: only ensureData is available (${path.join('.')}.${key})`);
          return node([...path, key]);
        },
      },
    );
  return node([]) as QueryUtils;
}

function memberAt(root: object, path: readonly PropertyKey[]): AnyFunction {
  let node: unknown = root;
  for (const key of path) node = (node as Record<PropertyKey, unknown>)[key];
  return node as AnyFunction;
}

/**
 * `hooks` (what createTRPCReact returns) with `useSuspenseQuery` read from the cache as described
 * above; every other member is tRPC's own.
 */
export function withServerQueryReads<T extends object>(hooks: T): T {
  const nodes = new Map<string, unknown>();
  const node = (path: readonly string[]): unknown => {
    const id = path.join('.');
    let found = nodes.get(id);
    if (found) return found;
    const useSuspenseQuery = (input: unknown, opts?: unknown) => {
      // react-query's provider holds the client tRPC's provider holds (app/Providers.tsx gives both one).
      const queryClient = useQueryClient();
      const data = cachedQueryData(queryClient, path, input);
      if (data !== undefined) return [data, { data, status: 'success' }];
      return memberAt(hooks, [...path, 'useSuspenseQuery'])(input, opts);
    };
    found = new Proxy(function trpcPath() {}, {
      get: (_target, key) => {
        if (key === 'useSuspenseQuery') return useSuspenseQuery;
        if (typeof key !== 'string') return undefined;
        return node([...path, key]);
      },
      apply: (_target, _this, args: unknown[]) => memberAt(hooks, path)(...args),
    });
    nodes.set(id, found);
    return found;
  };
  return new Proxy(hooks, {
    get: (target, key) => (ROOT_MEMBERS.has(key) || typeof key !== 'string' ? Reflect.get(target, key) : node([key])),
  });
}
