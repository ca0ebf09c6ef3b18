/**
 * The server render's queries, without react-query's per-call machinery (issue 13: query objects,
 * observers, retryers and key hashing were about a third of an uncached page's CPU). One render's
 * answers live in a `ServerQueries` store:
 *
 * - the route loaders' `utils.{router}.{procedure}.ensureData(input)` (`serverQueryUtils`) calls
 *   the procedure through the server's tRPC client and keeps the answer: the same data and the same
 *   thrown `TRPCClientError` as tRPC's utils, one call per query and render;
 * - `trpc.{router}.{procedure}.useSuspenseQuery(input)` (`withServerQueryReads`) reads it back: the
 *   same `[data, result]` pair, `result` carrying only `data` and `status: 'success'` (no public page
 *   reads more). A query the loaders did not keep (never loaded, or failed) goes to tRPC's own hook,
 *   which suspends or throws as it always did;
 * - `packPageState` hands the kept answers to the browser under tRPC's query keys
 *   (`getQueryKeyInternal(path, input, 'query')` in @trpc/react-query 11: `[path, { input, type:
 *   'query' }]`), where react-query takes them over.
 *
 * A query is found by its path and its input's JSON text (loaders and components build inputs with
 * the same helpers), and failing that by react-query's `hashKey` of tRPC's key, which sorts object
 * keys. In the browser the hooks are tRPC's own, untouched.
 */
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { getUntypedClient } from '@trpc/client';
import { createContext, useContext } from 'react';
import type { AppTRPCClient, QueryUtils } from './trpc';

/** A kept answer: tRPC's query key, the data and when it was read (ms since the epoch). */
export interface ServerQuery {
  queryKey: QueryKey;
  data: unknown;
  dataUpdatedAt: number;
}

/** tRPC's query key of procedure `path` with `input`. */
function queryKeyOf(path: readonly string[], input: unknown): QueryKey {
  return [path, input === undefined ? { type: 'query' } : { input, type: 'query' }];
}

function textKeyOf(pathId: string, input: unknown): string {
  return input === undefined ? `${pathId} ` : `${pathId} ${JSON.stringify(input)}`;
}

type AnyFunction = (...args: unknown[]) => unknown;

function memberAt(root: object, path: readonly PropertyKey[]): AnyFunction {
  let node: unknown = root;
  for (const key of path) node = (node as Record<PropertyKey, unknown>)[key];
  return node as AnyFunction;
}

/** One query of a render: called once, its answer kept when it arrives. */
interface Call {
  /** The procedure's path, dot-joined. */
  pathId: string;
  queryKey: QueryKey;
  /** react-query's `hashKey(queryKey)`, made when first compared. */
  hash?: string;
  promise: Promise<unknown>;
  query?: ServerQuery;
}

/** One server render's query answers (see the module comment). */
export class ServerQueries {
  private readonly byText = new Map<string, Call>();
  private readonly calls: Call[] = [];
  /** Kept answers in the order they arrived (the order of the packed state). */
  readonly answers: ServerQuery[] = [];

  constructor(private readonly client: AppTRPCClient) {}

  /** The answer of query `path` with `input`: kept, or called for (once) and kept. Throws the call's TRPCClientError. */
  ensureData(path: readonly string[], input: unknown): Promise<unknown> {
    const pathId = path.join('.');
    const text = textKeyOf(pathId, input);
    let call = this.byText.get(text);
    if (!call) {
      const queryKey = queryKeyOf(path, input);
      call = this.sameQuery(pathId, queryKey) ?? this.call(pathId, queryKey, input);
      this.byText.set(text, call);
    }
    return call.promise;
  }

  /** The kept data of query `path` with `input`, or undefined. */
  data(path: readonly string[], input: unknown): unknown {
    const pathId = path.join('.');
    const call = this.byText.get(textKeyOf(pathId, input)) ?? this.sameQuery(pathId, queryKeyOf(path, input));
    return call?.query?.data;
  }

  private call(pathId: string, queryKey: QueryKey, input: unknown): Call {
    // Through the untyped client under the typed proxy, whose property reads make a proxy each.
    // The answer arrives asynchronously, after `call` below exists.
    const promise = getUntypedClient(this.client)
      .query(pathId, input)
      .then((data) => {
        call.query = { queryKey, data, dataUpdatedAt: Date.now() };
        this.answers.push(call.query);
        return data;
      });
    const call: Call = { pathId, queryKey, promise };
    this.calls.push(call);
    return call;
  }

  /**
   * A call of the same procedure whose key react-query would hash alike (an input written with
   * its keys in another order). Hashes only when the procedure was called before with another input
   * text, which a page seldom does: hashing every key was a visible part of a render.
   */
  private sameQuery(pathId: string, queryKey: QueryKey): Call | undefined {
    let hash: string | undefined;
    for (const call of this.calls) {
      if (call.pathId !== pathId) continue;
      hash ??= hashKey(queryKey);
      call.hash ??= hashKey(call.queryKey);
      if (call.hash === hash) return call;
    }
    return undefined;
  }
}

/** The render's store, for `withServerQueryReads`' hooks (provided by entry-server). */
export const ServerQueriesContext = createContext<ServerQueries | null>(null);

/**
 * Query utils for the server's route loaders: only `ensureData` (the one member loaders use; any
 * other is a programming error and throws).
 */
export function serverQueryUtils(queries: ServerQueries): QueryUtils {
  const node = (path: readonly string[]): unknown =>
    new Proxy(
      {},
      {
        get: (_target, key) => {
          if (typeof key !== 'string') return undefined;
          if (key === 'ensureData') return (input?: unknown) => queries.ensureData(path, input);
          if (path.length >= 2)
            throw new Error(`serverQueryUtils: only ensureData is available (${path.join('.')}.${key})`);
          return node([...path, key]);
        },
      },
    );
  return node([]) as QueryUtils;
}

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

/**
 * `hooks` (what createTRPCReact returns) with `useSuspenseQuery` read from the render's
 * `ServerQueries` as described above; every other member is tRPC's own.
 */
export function withServerQueryReads<T extends object>(hooks: T): T {
  const nodes = new Map<string, unknown>();
  const node = (path: readonly string[]): unknown => {
    const id = path.join('.');
    let found = nodes.get(id);
    if (found) return found;
    const useSuspenseQuery = (input: unknown, opts?: unknown) => {
      const data = useContext(ServerQueriesContext)?.data(path, input);
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
