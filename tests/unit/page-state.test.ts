/**
 * The packed react-query state of a server-rendered page (src/client/lib/pageState.ts): superjson's
 * text of `{ t, q }`, shown strings replaced by references, read back the same in the browser.
 */
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../src/client/lib/queryClient';
import { packPageState, unpackPageState } from '../../src/client/lib/pageState';
import type { SharedKind } from '../../src/client/lib/sharedStrings';

const listKey = [['news', 'list'], { input: { page: 1 }, type: 'query' }];
const itemKey = [['news', 'get'], { input: { id: 'povin' }, type: 'query' }];

function clientWith(entries: Array<[unknown[], unknown]>) {
  const queryClient = createQueryClient({ server: true });
  for (const [key, data] of entries) queryClient.setQueryData(key, data);
  return queryClient;
}

describe('packPageState', () => {
  it('writes superjson’s text of the successful queries, shown strings as references', () => {
    const list = { items: [{ title: 'Повінь на Дністрі у березні', views: 12, draft: false, image: null }] };
    const item = { title: 'Коротко', body: '<p>Текст новини з таблицею</p>' };
    const queryClient = clientWith([
      [listKey, list],
      [itemKey, item],
    ]);
    const shown = new Map<string, [SharedKind, number]>([
      ['Повінь на Дністрі у березні', ['t', 0]],
      ['<p>Текст новини з таблицею</p>', ['h', 1]],
    ]);
    const text = packPageState(queryClient, shown);
    const t = Math.max(
      ...queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.dataUpdatedAt),
    );
    expect(text).toBe(
      superjson.stringify({
        t,
        q: [
          [listKey, { items: [{ title: { $t: 0 }, views: 12, draft: false, image: null }] }],
          [itemKey, { title: 'Коротко', body: { $h: 1 } }],
        ],
      }),
    );
    const strings = ['Повінь на Дністрі у березні', '<p>Текст новини з таблицею</p>'];
    const state = unpackPageState(JSON.parse(text) as never, (_kind, n) => strings[n]);
    expect(state.queries.map((q) => [q.queryKey, q.state.data])).toEqual([
      [listKey, list],
      [itemKey, item],
    ]);
  });

  it('leaves out failed queries', async () => {
    const queryClient = clientWith([[listKey, { items: [] }]]);
    await queryClient
      .fetchQuery({ queryKey: itemKey, queryFn: () => Promise.reject(new Error('not found')) })
      .catch(() => undefined);
    const packed = superjson.parse<{ q: unknown[] }>(packPageState(queryClient));
    expect(packed.q).toEqual([[listKey, { items: [] }]]);
  });

  it.each([
    ['a Date', { at: new Date('2026-03-23T10:00:00Z') }],
    ['undefined in an object', { a: undefined, b: 1 }],
    ['undefined in an array', { list: [1, undefined] }],
    ['NaN', { n: Number.NaN }],
    ['a Map', { m: new Map([['a', 1]]) }],
  ])('hands data with %s to superjson, so it reads back the same', (_name, data) => {
    const queryClient = clientWith([[listKey, data]]);
    const state = unpackPageState(JSON.parse(packPageState(queryClient)) as never, () => undefined);
    expect(state.queries[0]!.state.data).toEqual(data);
  });

  it('keeps a query key that JSON alone would change', () => {
    const key = [['news', 'list'], { input: { page: 1, q: undefined }, type: 'query' }];
    const queryClient = clientWith([[key, { items: [] }]]);
    const state = unpackPageState(JSON.parse(packPageState(queryClient)) as never, () => undefined);
    expect(state.queries[0]!.queryKey).toEqual(key);
    expect(Object.keys((state.queries[0]!.queryKey[1] as { input: object }).input)).toEqual(['page', 'q']);
  });
});
