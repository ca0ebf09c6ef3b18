/**
 * The server render's query path (src/client/lib/serverQueries.ts): loaders' `ensureData` puts
 * answers where tRPC's own hooks and utils look for them, and `useSuspenseQuery` reads them back
 * without react-query's observers, falling back to tRPC's hook for anything not cached.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { TRPCClientError } from '@trpc/client';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/client/lib/queryClient';
import { serverQueryUtils } from '../../src/client/lib/serverQueries';
import { trpc, type AppTRPCClient } from '../../src/client/lib/trpc';
import type { AppRouter } from '../../src/server/trpc/appRouter';

/** A stand-in tRPC client that answers `query` calls from `answers` and counts them. */
function fakeClient(answers: Record<string, (input: unknown) => unknown>) {
  const calls: Array<[string, unknown]> = [];
  const proxy = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, key: string) =>
        key === 'query'
          ? (input: unknown) => {
              const name = path.join('.');
              calls.push([name, input]);
              const answer = answers[name];
              return answer ? Promise.resolve(answer(input)) : Promise.reject(new TRPCClientError(`no ${name}`));
            }
          : proxy([...path, key]),
    });
  return { client: proxy([]) as AppTRPCClient, calls };
}

const newsInput = { page: 1, pageSize: 3 } as const;

describe('serverQueryUtils (route loaders on the server)', () => {
  it('stores answers under the keys tRPC itself uses', async () => {
    const queryClient = createQueryClient({ server: true });
    const { client } = fakeClient({ 'news.list': () => ({ items: ['a'] }), 'header.get': () => ({ menu: [] }) });
    const utils = serverQueryUtils(queryClient, client);
    await expect(utils.news.list.ensureData(newsInput as never)).resolves.toEqual({ items: ['a'] });
    await utils.header.get.ensureData();
    const trpcUtils = createTRPCQueryUtils<AppRouter>({ queryClient, client });
    expect(trpcUtils.news.list.getData(newsInput as never)).toEqual({ items: ['a'] });
    expect(trpcUtils.header.get.getData()).toEqual({ menu: [] });
  });

  it('makes one call per key in a render, and none for another input is shared', async () => {
    const queryClient = createQueryClient({ server: true });
    const { client, calls } = fakeClient({ 'news.list': (input) => ({ input }) });
    const utils = serverQueryUtils(queryClient, client);
    await Promise.all([
      utils.news.list.ensureData(newsInput as never),
      utils.news.list.ensureData({ ...newsInput }),
      utils.news.list.ensureData({ page: 2, pageSize: 3 } as never),
    ]);
    expect(calls).toEqual([
      ['news.list', newsInput],
      ['news.list', { page: 2, pageSize: 3 }],
    ]);
  });

  it('throws the client error and caches nothing when the procedure fails', async () => {
    const queryClient = createQueryClient({ server: true });
    const { client } = fakeClient({});
    const utils = serverQueryUtils(queryClient, client);
    await expect(utils.news.get.ensureData({ id: 'x' } as never)).rejects.toBeInstanceOf(TRPCClientError);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('refuses members loaders do not use', () => {
    const { client } = fakeClient({});
    const utils = serverQueryUtils(createQueryClient({ server: true }), client);
    expect(() => (utils.news.list as unknown as { fetch: unknown }).fetch).toThrow(/only ensureData/);
  });
});

function NewsTitles() {
  const [list] = trpc.news.list.useSuspenseQuery(newsInput);
  const items = (list as unknown as { items: string[] }).items;
  return <p>{items.join(', ')}</p>;
}

function renderNews(queryClient: ReturnType<typeof createQueryClient>, client: AppTRPCClient): string {
  return renderToString(
    // As the app's Providers: tRPC's provider and react-query's, with the one client.
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<i>loading</i>}>
          <NewsTitles />
        </Suspense>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

describe('useSuspenseQuery in the server render', () => {
  it('reads what the loaders stored, without a call and without an observer', async () => {
    const queryClient = createQueryClient({ server: true });
    const { client, calls } = fakeClient({ 'news.list': () => ({ items: ['Повінь', 'Посуха'] }) });
    await serverQueryUtils(queryClient, client).news.list.ensureData(newsInput);
    const html = renderNews(queryClient, client);
    expect(html).toContain('<p>Повінь, Посуха</p>');
    expect(calls).toHaveLength(1);
    expect(queryClient.getQueryCache().getAll()[0]!.getObserversCount()).toBe(0);
  });

  it('goes to tRPC’s own hook for a query nobody loaded (it suspends)', () => {
    const queryClient = createQueryClient({ server: true });
    const { client } = fakeClient({ 'news.list': () => ({ items: ['x'] }) });
    expect(renderNews(queryClient, client)).toContain('<i>loading</i>');
    // tRPC's hook made the query (under its key) to fetch it.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([[['news', 'list'], { input: newsInput, type: 'query' }]]);
  });
});
