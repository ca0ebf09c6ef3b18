/**
 * The server's `shareStrings` (dehydrate's serializeData step): shown strings become references,
 * everything else is kept, and the shared (deep-frozen) read-cache answer it maps is never changed.
 */
import { describe, expect, it } from 'vitest';
import { resolveStrings, shareStrings, ShownStrings } from '../../src/client/lib/sharedStrings';

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe('shareStrings', () => {
  const title = 'Гідрологічні дослідження річок';
  const answer = deepFreeze({
    items: [{ id: 'a', title, tags: ['x', 'y'], cover: null }],
    meta: { total: 1, kinds: ['news'] },
  });

  it('replaces the shown strings by references and reads them back', () => {
    const shown = new ShownStrings();
    const token = shown.token('t', title);
    const shared = shareStrings(shown)(answer) as typeof answer;
    expect(shared.items[0]!.title).toEqual({ $s: token });
    expect(resolveStrings((t) => (t === token ? title : undefined))(shared)).toEqual(answer);
  });

  it('leaves the frozen answer as it was and keeps the parts without shown strings as they are', () => {
    const shown = new ShownStrings();
    shown.token('t', title);
    const shared = shareStrings(shown)(answer) as typeof answer;
    expect(answer.items[0]!.title).toBe(title);
    expect(shared).not.toBe(answer);
    expect(shared.meta).toBe(answer.meta);
    expect(shared.items[0]!.tags).toBe(answer.items[0]!.tags);
  });

  it('answers the same value when the page shows none of its strings', () => {
    expect(shareStrings(new ShownStrings())(answer)).toBe(answer);
  });
});
