/** Issue 13: the page cache's bounds, invalidation by type and the race with a render in flight. */
import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { notModified, PageCache, perRequestBody } from '../../src/server/cache/pageCache';

const html = (n: number, fill = 'x'.repeat(2000)) => `<!doctype html><p>${n}</p>${fill}`;
const random = (n: number) => Array.from({ length: n }, () => Math.random().toString(36).slice(2)).join('');

describe('PageCache', () => {
  it('is bounded in bytes (all encodings counted), least recently used out first', async () => {
    const cache = new PageCache({ maxBytes: 60_000 });
    for (let i = 0; i < 10; i++) await cache.store(`/p${i}`, 200, html(i, random(700)), ['news'], cache.mark());
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(60_000);
    expect(stats.entries).toBeLessThan(10);
    expect(cache.get('/p9')).toBeDefined();
    expect(cache.get('/p0')).toBeUndefined();
  });

  it('drops exactly the entries that read a changed type', async () => {
    const cache = new PageCache();
    await cache.store('/News', 200, html(1), ['news', 'header', 'footer'], cache.mark());
    await cache.store('/Contacts', 200, html(2), ['contacts', 'header', 'footer'], cache.mark());
    expect(cache.invalidateType('news')).toBe(1);
    expect(cache.get('/News')).toBeUndefined();
    expect(cache.get('/Contacts')).toBeDefined();
    expect(cache.invalidateType('footer')).toBe(1);
    expect(cache.get('/Contacts')).toBeUndefined();
  });

  it('does not store a render that started before a change to a type it read', async () => {
    const cache = new PageCache();
    const since = cache.mark();
    cache.invalidateType('news'); // a write lands while the page renders
    await cache.store('/News', 200, html(1), ['news'], since);
    expect(cache.get('/News')).toBeUndefined();
    await cache.store('/News', 200, html(1), ['news'], cache.mark());
    expect(cache.get('/News')).toBeDefined();
  });

  it('expires entries by the content clock too (scheduled documents)', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const cache = new PageCache({ ttlMs: 60_000, now: () => new Date(now) });
    await cache.store('/', 200, html(1), [], cache.mark());
    expect(cache.get('/')).toBeDefined();
    now += 61_000;
    expect(cache.get('/')).toBeUndefined();
  });

  it('stores nothing when switched off', async () => {
    const cache = new PageCache();
    cache.enabled = false;
    await cache.store('/', 200, html(1), [], cache.mark());
    cache.enabled = true;
    expect(cache.get('/')).toBeUndefined();
  });

  it('compares validators', () => {
    expect(notModified({ 'if-none-match': '"a", "b"' }, ['"b"'], null)).toBe(true);
    expect(notModified({ 'if-none-match': 'W/"b"' }, ['"b"'], null)).toBe(false); // strong comparison
    expect(notModified({ 'if-none-match': '"c"', 'if-modified-since': new Date().toUTCString() }, ['"b"'], 0)).toBe(
      false,
    ); // If-None-Match wins
    expect(
      notModified({ 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' }, [], Date.parse('2026-01-01T00:00:00Z')),
    ).toBe(true);
  });
});

describe('perRequestBody (pages rendered for one request)', () => {
  const page = html(1);
  it('sends brotli when the client takes it, else gzip, else the page as it is; one weak tag for all', () => {
    const br = perRequestBody(page, 'gzip, deflate, br');
    const gz = perRequestBody(page, 'gzip');
    const plain = perRequestBody(page, undefined);
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(page);
    expect(plain.encoding).toBeNull();
    expect(plain.body.toString()).toBe(page);
    expect(new Set([br.etag, gz.etag, plain.etag]).size).toBe(1);
    expect(br.etag).toMatch(/^W\//);
  });

  it('leaves a body under 1 KB uncompressed', () => {
    expect(perRequestBody('<p>short</p>', 'br').encoding).toBeNull();
  });
});
