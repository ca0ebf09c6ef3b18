/**
 * Issue 13: the page cache and HTTP caching of pages and assets, against the real server (inject).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../../src/server/ssr/plugin';
import { negotiateEncoding, pageCacheKey } from '../../src/server/cache/pageCache';
import { newestSeedNews, startTestServer, textOf, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

const newest = newestSeedNews();

describe('page cache', () => {
  it('renders once and answers the same bytes from memory afterwards', async () => {
    server.pageCache.clear();
    const before = server.pageCache.stats();
    const first = await get('/Contacts');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-page-cache']).toBe('miss');
    const second = await get('/Contacts');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const after = server.pageCache.stats();
    expect(after.stores - before.stores).toBe(1); // one render stored, the second request rendered nothing
    expect(after.hits - before.hits).toBe(1);
  });

  it('keys on the path and the query in a stable order', () => {
    expect(pageCacheKey('/News?b=2&a=1')).toBe(pageCacheKey('/News?a=1&b=2'));
    expect(pageCacheKey('/News?')).toBe('/News');
    expect(pageCacheKey('/News?page=2')).not.toBe(pageCacheKey('/News'));
  });

  it('ignores the query parameters no page reads: tracking and unknown ones neither bypass nor split it', async () => {
    server.pageCache.clear();
    const first = await get('/?utm_source=b&fbclid=x1');
    expect(first.headers['x-page-cache']).toBe('miss');
    const other = await get('/?utm_source=a&gclid=y2');
    expect(other.headers['x-page-cache']).toBe('hit');
    expect(other.body).toBe(first.body);
    expect((await get('/')).headers['x-page-cache']).toBe('hit');

    expect((await get('/News?page=2')).headers['x-page-cache']).toBe('miss');
    const unknown = await get('/News?page=2&x=1');
    expect(unknown.headers['x-page-cache']).toBe('hit');
    // The parameters pages read still make a page of their own, and canonical links stay right.
    expect((await get('/News?x=1&page=3')).headers['x-page-cache']).toBe('miss');
    expect(first.body).toContain('<link rel="canonical" href="https://uhmi.example.org/">');
    expect(unknown.body).toContain('<link rel="canonical" href="https://uhmi.example.org/News?page=2">');
    expect(unknown.body).not.toContain('x=1');
    expect(other.body).not.toMatch(/utm_source|gclid|fbclid/);
  });

  it('sends CDN caching headers, a strong ETag and Last-Modified, and answers 304', async () => {
    const res = await get('/');
    expect(res.headers['cache-control']).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/); // strong (no W/)
    expect(res.headers['last-modified']).toBeTruthy();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);

    const byTag = await get('/', { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await get('/', { 'if-modified-since': String(res.headers['last-modified']) });
    expect(byDate.statusCode).toBe(304);
    expect((await get('/', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    expect((await get('/', { 'if-modified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' })).statusCode).toBe(200);
  });

  it('serves each encoding made once (brotli, gzip, identity), each with its own ETag', async () => {
    const plain = await get('/News');
    const br = await server.app.inject({
      method: 'GET',
      url: '/News',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const gz = await server.app.inject({ method: 'GET', url: '/News', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect(negotiateEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });

  it('puts no nonce and no inline script into the cached HTML, and the CSP has no nonce', async () => {
    const res = await get('/');
    expect(res.body).not.toMatch(/nonce/);
    // Data blocks only (the app data, JSON-LD): never executable inline script.
    expect(res.body).not.toMatch(/<script(?![^>]*(type="application\/(?:ld\+)?json"|src=))[^>]*>/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toMatch(/nonce|script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/script-src 'self'/);
  });

  it('escapes the JSON data block against </script> injection', async () => {
    const { scriptJson } = await import('../../src/server/ssr/document');
    const out = scriptJson({ x: '</script><script>alert(1)</script><!--' });
    expect(out).not.toMatch(/</);
    expect(JSON.parse(out)).toEqual({ x: '</script><script>alert(1)</script><!--' });
  });

  it('drops exactly the pages that read a changed type', async () => {
    await get('/');
    await get('/News');
    await get('/Contacts');
    expect((await get('/News')).headers['x-page-cache']).toBe('hit');
    const stored = await server.store.get<Record<string, unknown>>('news', newest.id);
    const title = `Оновлена новина ${Date.now()}`;
    await server.store.update('news', newest.id, { ...stored!.data, title }, stored!.version);

    const news = await get('/News');
    expect(news.headers['x-page-cache']).toBe('miss');
    expect(textOf(news.body)).toContain(title);
    const home = await get('/');
    expect(home.headers['x-page-cache']).toBe('miss');
    expect(textOf(home.body)).toContain(title);
    expect((await get('/Contacts')).headers['x-page-cache']).toBe('hit');
  });

  it('drops every page when the header or footer changes (every page reads them)', async () => {
    await get('/Contacts');
    expect((await get('/Contacts')).headers['x-page-cache']).toBe('hit');
    server.pageCache.invalidateType('header');
    expect((await get('/Contacts')).headers['x-page-cache']).toBe('miss');
  });

  it('never serves or stores pages for signed-in staff or previews', async () => {
    await get('/Contacts');
    const staff = await get('/Contacts', { cookie: '__session=eyJhbGciOiJSUzI1NiJ9.e30.sig' });
    expect(staff.headers['x-page-cache']).toBe('bypass');
    expect(staff.headers['cache-control']).toBe('private, no-cache');
    const preview = await get(`/News/${newest.data.slug}?preview=1`);
    expect(preview.headers['x-page-cache']).toBe('bypass');
    expect(preview.headers['cache-control']).toBe('private, no-cache');
    expect((await get(`/News/${newest.data.slug}?preview=1`)).headers['x-page-cache']).toBe('bypass');
  });

  it('caches 404s briefly and does not cache redirects or errors', async () => {
    const a = await get('/no-such-page');
    expect(a.statusCode).toBe(404);
    expect(a.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    expect((await get('/no-such-page')).headers['x-page-cache']).toBe('hit');
  });
});

describe.skipIf(!existsSync('dist/client/.vite/manifest.json'))('assets', () => {
  const assetsDir = path.resolve('dist/client/assets');
  // The public app's chunk (the entry itself is under 1 KB, too small to be precompressed).
  const js = existsSync(assetsDir) ? readdirSync(assetsDir).find((f) => /^hydrate-.*\.js$/.test(f)) : undefined;

  it('serves precompressed brotli and gzip by negotiation, immutable for a year', async () => {
    const br = await get(`/assets/${js}`, { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await get(`/assets/${js}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get(`/assets/${js}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('answers 304 to a conditional request for an asset', async () => {
    const res = await get(`/assets/${js}`, { 'accept-encoding': 'br' });
    expect(String(res.headers.etag)).toMatch(/^"[^"]+"$/); // strong
    expect(res.headers['last-modified']).toBeTruthy();
    expect(
      (await get(`/assets/${js}`, { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) })).statusCode,
    ).toBe(304);
    expect(
      (
        await get(`/assets/${js}`, {
          'accept-encoding': 'br',
          'if-modified-since': String(res.headers['last-modified']),
        })
      ).statusCode,
    ).toBe(304);
  });
});
