/**
 * Issue 11, item 6: `/ua//evil.example` answered a redirect to `//evil.example`. Every Location the
 * server builds from a request path (case canonicalisation, prefix rules keeping the rest, the old
 * /eng/ and /ua/ addresses) must be a path on the site: one `/` not followed by `/` or `\`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeLocalPath, sameSiteLocation } from '../../src/server/http/safePath';
import { listeningServer, type TestServer } from '../integration/helpers';
import { rawRequest } from './helpers';

let server: TestServer;
let port: number;

beforeAll(async () => {
  ({ server, port } = await listeningServer());
});

afterAll(async () => {
  await server?.dispose();
});

const ATTACKS = [
  '/ua//evil.example',
  '/ua///evil.example',
  '/ua/\\evil.example',
  '/ua/\\/evil.example',
  '/ua/%2F%2Fevil.example',
  '/ua/%2f/evil.example',
  '/ua/%5Cevil.example',
  '/ua/%5C%5Cevil.example',
  '/ua/%09/evil.example',
  '/ua//evil.example/News?x=1',
  '/ua//%2F/evil.example',
  '/news//evil.example',
  '/NEWS/\\evil.example',
  '/eng//evil.example',
  '/eng/data_repo//evil.example',
  '/ua/%0D%0ALocation:%20https://evil.example',
];

/** A Location that a browser resolves on this site. */
function expectSameSite(location: string | undefined, request: string) {
  expect(location, request).toBeDefined();
  expect(location!, request).toMatch(/^\/(?![/\\])/);
  expect(location!, request).not.toMatch(/[\t\r\n]/);
  expect(new URL(location!, 'https://uhmi.example.org').origin, request).toBe('https://uhmi.example.org');
}

describe('redirects built from a request path', () => {
  it('stay on the site (inject)', async () => {
    for (const url of ATTACKS) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).not.toBeGreaterThanOrEqual(500);
      if (res.statusCode >= 300 && res.statusCode < 400) expectSameSite(res.headers.location, url);
    }
    // The case of the original report.
    const ua = await server.app.inject({ method: 'GET', url: '/ua//evil.example' });
    expect(ua.statusCode).toBe(301);
    expect(ua.headers.location).toBe('/evil.example');
  });

  it('stay on the site over a real socket (the request target exactly as written)', async () => {
    for (const url of ATTACKS) {
      const res = await rawRequest(port, `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(res.status, url).toBeGreaterThan(0);
      expect(res.status, url).toBeLessThan(500);
      if (res.status >= 300 && res.status < 400) expectSameSite(res.headers.location, url);
    }
  });

  it('still redirect the ordinary old addresses as before', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/ua/News?page=2' })).headers.location).toBe('/News?page=2');
    expect((await server.app.inject({ method: 'GET', url: '/news/x' })).headers.location).toBe('/News/x');
    expect((await server.app.inject({ method: 'GET', url: '/eng/data_repo' })).headers.location).toBe('/data_repo');
  });
});

describe('safeLocalPath', () => {
  it('turns every spelling of another site into a path here', () => {
    for (const path of [
      '//evil.example',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil',
      '/%2f%5c/evil',
      'evil.example',
      'javascript:alert(1)',
      'https://evil.example/',
      '/\t/evil.example',
      '/\r\n/evil.example',
    ]) {
      const safe = safeLocalPath(path);
      expect(safe, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(safe, 'https://uhmi.example.org').host, path).toBe('uhmi.example.org');
    }
    expect(safeLocalPath('/News?page=2')).toBe('/News?page=2');
  });

  it('keeps a router redirect to the site itself and refuses one elsewhere', () => {
    expect(sameSiteLocation('https://uhmi.example.org/News?x=1', 'https://uhmi.example.org')).toBe('/News?x=1');
    expect(sameSiteLocation('https://evil.example/News', 'https://uhmi.example.org')).toBe('/');
    expect(sameSiteLocation('//evil.example', 'https://uhmi.example.org')).toBe('/');
  });
});
