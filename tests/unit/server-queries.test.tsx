/**
 * The server render's query path (src/client/lib/serverQueries.ts): loaders' `ensureData` keeps
 * answers under tRPC's own query keys, `useSuspenseQuery` reads them back without react-query,
 * falling back to tRPC's hook for anything not kept, and the browser's react-query finds them.
 */
import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { createTRPCClientProxy, TRPCClientError } from '@trpc/client';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/client/lib/queryClient';
import { packPageState, unpackPageState } from '../../src/client/lib/pageState';
import { ServerQueries, ServerQueriesContext, serverQueryUtils } from '../../src/client/lib/serverQueries';
import { trpc, type AppTRPCClient } from '../../src/client/lib/trpc';
import type { AppRouter } from '../../src/server/trpc/appRouter';

/** A stand-in tRPC client (tRPC's proxy over an untyped client) that answers `query` calls from `answers` and counts them. */
function fakeClient(answers: Record<string, (input: unknown) => unknown>) {
  const calls: Array<[string, unknown]> = [];
  const untyped = {
    query: (name: string, input: unknown) => {
      calls.push([name, input]);
      const answer = answers[name];
      return answer ? Promise.resolve(answer(input)) : Promise.reject(new TRPCClientError(`no ${name}`));
    },
  };
  return { client: createTRPCClientProxy(untyped as never) as AppTRPCClient, calls };
}

const newsInput = { page: 1, pageSize: 3 } as const;

describe('serverQueryUtils (route loaders on the server)', () => {
  it('keeps answers under the keys tRPC itself uses, where the browser’s react-query finds them', async () => {
    const { client } = fakeClient({ 'news.list': () => ({ items: ['a'] }), 'header.get': () => ({ menu: [] }) });
    const queries = new ServerQueries(client);
    const utils = serverQueryUtils(queries);
    await expect(utils.news.list.ensureData(newsInput as never)).resolves.toEqual({ items: ['a'] });
    await utils.header.get.ensureData();

    const browser = createQueryClient();
    hydrate(
      browser,
      unpackPageState(JSON.parse(packPageState(queries.answers)) as never, () => undefined),
    );
    const trpcUtils = createTRPCQueryUtils<AppRouter>({ queryClient: browser, client });
    expect(trpcUtils.news.list.getData(newsInput as never)).toEqual({ items: ['a'] });
    expect(trpcUtils.header.get.getData()).toEqual({ menu: [] });
  });

  it('makes one call per query in a render, whatever the order of the input’s keys', async () => {
    const { client, calls } = fakeClient({ 'news.list': (input) => ({ input }) });
    const utils = serverQueryUtils(new ServerQueries(client));
    await Promise.all([
      utils.news.list.ensureData(newsInput as never),
      utils.news.list.ensureData({ pageSize: 3, page: 1 } as never),
      utils.news.list.ensureData({ page: 2, pageSize: 3 } as never),
    ]);
    expect(calls).toEqual([
      ['news.list', newsInput],
      ['news.list', { page: 2, pageSize: 3 }],
    ]);
  });

  it('throws the client error and keeps nothing when the procedure fails', async () => {
    const { client } = fakeClient({});
    const queries = new ServerQueries(client);
    await expect(serverQueryUtils(queries).news.get.ensureData({ id: 'x' } as never)).rejects.toBeInstanceOf(
      TRPCClientError,
    );
    expect(queries.answers).toEqual([]);
    expect(queries.data(['news', 'get'], { id: 'x' })).toBeUndefined();
  });

  it('refuses members loaders do not use', () => {
    const { client } = fakeClient({});
    const utils = serverQueryUtils(new ServerQueries(client));
    expect(() => (utils.news.list as unknown as { fetch: unknown }).fetch).toThrow(/only ensureData/);
  });
});

function NewsTitles() {
  const [list] = trpc.news.list.useSuspenseQuery(newsInput);
  const items = (list as unknown as { items: string[] }).items;
  return <p>{items.join(', ')}</p>;
}

function renderNews(queries: ServerQueries, client: AppTRPCClient) {
  const queryClient = createQueryClient({ server: true });
  const html = renderToString(
    // As entry-server: the render's answers, and the app's Providers (tRPC's and react-query's, one client).
    <ServerQueriesContext.Provider value={queries}>
      <trpc.Provider client={client} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={<i>loading</i>}>
            <NewsTitles />
          </Suspense>
        </QueryClientProvider>
      </trpc.Provider>
    </ServerQueriesContext.Provider>,
  );
  return { html, queryClient };
}

describe('useSuspenseQuery in the server render', () => {
  it('reads what the loaders kept, without a call and without react-query', async () => {
    const { client, calls } = fakeClient({ 'news.list': () => ({ items: ['Повінь', 'Посуха'] }) });
    const queries = new ServerQueries(client);
    await serverQueryUtils(queries).news.list.ensureData({ pageSize: 3, page: 1 } as never);
    const { html, queryClient } = renderNews(queries, client);
    expect(html).toContain('<p>Повінь, Посуха</p>');
    expect(calls).toHaveLength(1);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('goes to tRPC’s own hook for a query nobody loaded (it suspends)', () => {
    const { client } = fakeClient({ 'news.list': () => ({ items: ['x'] }) });
    const { html, queryClient } = renderNews(new ServerQueries(client), client);
    expect(html).toContain('<i>loading</i>');
    // tRPC's hook made the query (under its key) to fetch it.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([[['news', 'list'], { input: newsInput, type: 'query' }]]);
  });
});
