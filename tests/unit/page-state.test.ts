/**
 * The packed react-query state of a server-rendered page (src/client/lib/pageState.ts): superjson's
 * text of `{ t, q }`, shown strings replaced by references, read back the same in the browser.
 */
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { packPageState, unpackPageState } from '../../src/client/lib/pageState';

const listKey = [['news', 'list'], { input: { page: 1 }, type: 'query' }];
const itemKey = [['news', 'get'], { input: { id: 'povin' }, type: 'query' }];
const answer = (queryKey: unknown[], data: unknown, dataUpdatedAt = 1_790_000_000_000) => ({
  queryKey,
  data,
  dataUpdatedAt,
});

describe('packPageState', () => {
  it('writes superjson’s text of the answers, shown strings as references', () => {
    const list = { items: [{ title: 'Повінь на Дністрі у березні', views: 12, draft: false, image: null }] };
    const item = { title: 'Коротко', body: '<p>Текст новини з таблицею</p>' };
    const shown = new Map<string, string>([
      ['Повінь на Дністрі у березні', 't1abc'],
      ['<p>Текст новини з таблицею</p>', 'h2def'],
    ]);
    const text = packPageState([answer(listKey, list, 5), answer(itemKey, item, 7)], shown);
    expect(text).toBe(
      superjson.stringify({
        t: 7,
        q: [
          [listKey, { items: [{ title: { $s: 't1abc' }, views: 12, draft: false, image: null }] }],
          [itemKey, { title: 'Коротко', body: { $s: 'h2def' } }],
        ],
      }),
    );
    const strings = new Map([...shown].map(([value, token]) => [token, value]));
    const state = unpackPageState(JSON.parse(text) as never, (token) => strings.get(token));
    expect(state.queries.map((q) => [q.queryKey, q.state.data, q.state.dataUpdatedAt])).toEqual([
      [listKey, list, 7],
      [itemKey, item, 7],
    ]);
  });

  it.each([
    ['a Date', { at: new Date('2026-03-23T10:00:00Z') }],
    ['undefined in an object', { a: undefined, b: 1 }],
    ['undefined in an array', { list: [1, undefined] }],
    ['NaN', { n: Number.NaN }],
    ['a Map', { m: new Map([['a', 1]]) }],
  ])('hands data with %s to superjson, so it reads back the same', (_name, data) => {
    const state = unpackPageState(JSON.parse(packPageState([answer(listKey, data)])) as never, () => undefined);
    expect(state.queries[0]!.state.data).toEqual(data);
  });

  it('keeps a query key that JSON alone would change', () => {
    const key = [['news', 'list'], { input: { page: 1, q: undefined }, type: 'query' }];
    const state = unpackPageState(JSON.parse(packPageState([answer(key, { items: [] })])) as never, () => undefined);
    expect(state.queries[0]!.queryKey).toEqual(key);
    expect(Object.keys((state.queries[0]!.queryKey[1] as { input: object }).input)).toEqual(['page', 'q']);
  });
});
