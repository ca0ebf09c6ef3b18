import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { superjsonText } from '../../src/client/lib/superjsonText';

describe('superjsonText', () => {
  it('writes plain JSON values as superjson does, without its walk', () => {
    const value = {
      queries: [
        {
          queryKey: [['news', 'list'], { input: { page: 2 }, type: 'query' }],
          state: { data: { items: [{ title: '«Новина» </script>', n: 1.5, ok: true, none: null }] } },
        },
      ],
    };
    expect(superjsonText(value)).toBe(superjson.stringify(value));
    expect(superjson.parse(superjsonText(value))).toEqual(value);
  });

  it.each([
    ['a Date', { at: new Date('2026-03-23T10:00:00Z') }],
    ['undefined in an object', { a: undefined, b: 1 }],
    ['undefined in an array', [1, undefined]],
    ['a Map', { m: new Map([['a', 1]]) }],
    ['a Set', new Set([1, 2])],
    ['NaN', { n: Number.NaN }],
    ['a BigInt', { n: 10n }],
  ])('hands %s to superjson, so it reads back the same', (_name, value) => {
    expect(superjsonText(value)).toBe(superjson.stringify(value));
    expect(superjson.parse(superjsonText(value))).toEqual(value);
  });
});
