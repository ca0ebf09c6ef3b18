/**
 * Issue 13: the read cache's rules (ssr/readCache.ts): answers kept until a type they read changes,
 * never an answer read before such a change, frozen, bounded, expired by the content clock.
 */
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../src/server/ssr/readCache';

describe('ReadCache', () => {
  it('answers what it stored until a type the answer read changes, and only those answers', () => {
    const cache = new ReadCache();
    cache.store('news.list', { items: [1] }, ['news'], cache.mark());
    cache.store('contacts.list', { items: [2] }, ['contacts'], cache.mark());
    expect(cache.get('news.list')?.value).toEqual({ items: [1] });
    cache.invalidateType('news');
    expect(cache.get('news.list')).toBeUndefined();
    expect(cache.get('contacts.list')?.value).toEqual({ items: [2] });
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1, entries: 1 });
  });

  it('does not keep an answer read before a change to a type it read', () => {
    const cache = new ReadCache();
    const since = cache.mark();
    cache.invalidateType('news'); // a write lands while the read is in flight
    cache.store('news.list', { items: ['old'] }, ['news'], since);
    expect(cache.get('news.list')).toBeUndefined();
    cache.store('news.list', { items: ['new'] }, ['news'], cache.mark());
    expect(cache.get('news.list')?.value).toEqual({ items: ['new'] });
    const afterClear = cache.mark();
    cache.clear();
    cache.store('contacts.list', {}, ['contacts'], afterClear);
    expect(cache.get('contacts.list')).toBeUndefined();
  });

  it('freezes what it keeps, so one render cannot change what the next one gets', () => {
    const cache = new ReadCache();
    const answer = { items: [{ title: 'Повінь' }] };
    cache.store('news.list', answer, ['news'], cache.mark());
    const got = cache.get('news.list')!.value as typeof answer;
    expect(() => {
      got.items[0]!.title = 'Змінено';
    }).toThrow(TypeError);
    expect(() => got.items.push({ title: 'ще' })).toThrow(TypeError);
  });

  it('expires answers by the content clock, so scheduled documents appear without a write', () => {
    let now = Date.parse('2026-11-26T10:00:00Z');
    const cache = new ReadCache({ ttlMs: 60_000, now: () => new Date(now) });
    cache.store('news.list', { items: [] }, ['news'], cache.mark());
    now += 59_000;
    expect(cache.get('news.list')).toBeDefined();
    now += 2_000;
    expect(cache.get('news.list')).toBeUndefined();
  });

  it('stays within its bound and keeps no answer larger than an eighth of it', () => {
    const cache = new ReadCache({ maxBytes: 8_000 });
    cache.store('big', { text: 'x'.repeat(1_200) }, ['news'], cache.mark());
    expect(cache.get('big')).toBeUndefined();
    for (let i = 0; i < 40; i++) cache.store(`k${i}`, { text: 'x'.repeat(500) }, ['news'], cache.mark());
    expect(cache.stats().bytes).toBeLessThanOrEqual(8_000);
    expect(cache.get('k39')).toBeDefined();
    expect(cache.get('k0')).toBeUndefined();
  });

  it('keys a call by its path and input', () => {
    expect(ReadCache.key('news.list', { page: 2 })).not.toBe(ReadCache.key('news.list', { page: 3 }));
    expect(ReadCache.key('header.get', undefined)).toBe('header.get');
  });
});
