/**
 * Issue 11, item 8: malformed requests got 500 (no Host, absolute-form targets, bad Host values,
 * TRACE…). Over a real socket, as written: none answers 5xx; malformed ones get 400, unsupported
 * methods 405 with an Allow header; the server keeps serving afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const close = 'Connection: close\r\n';
const host = () => `Host: 127.0.0.1:${port}\r\n`;

/** [request, expected status] */
function cases(): Array<[string, number]> {
  return [
    [`GET / HTTP/1.1\r\n${close}\r\n`, 400], // HTTP/1.1 without Host
    [`GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n${close}\r\n`, 400],
    [`GET http://evil.example/News HTTP/1.1\r\n${host()}${close}\r\n`, 400],
    [`GET https://uhmi.example.org/ HTTP/1.1\r\nHost: uhmi.example.org\r\n${close}\r\n`, 400],
    [`POST http://evil.example/api/trpc/bookOrders.submit HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`, 400],
    [`GET * HTTP/1.1\r\n${host()}${close}\r\n`, 400],
    [`OPTIONS * HTTP/1.1\r\n${host()}${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: ex ample\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: a/b\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: user@evil.example\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: ${'a'.repeat(300)}\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: ${'a'.repeat(8000)}.example\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: evil.example:99999999\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: [::1\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: evil.example?x\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: evil.example#x\r\n${close}\r\n`, 400],
    [`GET / HTTP/1.1\r\nHost: \r\n${close}\r\n`, 400],
    [`GET /api/trpc/news.list HTTP/1.1\r\nHost: a b\r\n${close}\r\n`, 400],
    [`POST /api/trpc/bookOrders.submit HTTP/1.1\r\nHost: a\\b\r\nContent-Length: 0\r\n${close}\r\n`, 400],
    [`TRACE / HTTP/1.1\r\n${host()}${close}\r\n`, 405],
    [`TRACE /api/trpc/news.list HTTP/1.1\r\n${host()}${close}\r\n`, 405],
    [`TRACE /v0/b/x/o/y HTTP/1.1\r\n${host()}${close}\r\n`, 405],
    [`TRACE /identitytoolkit.googleapis.com/v1/projects HTTP/1.1\r\n${host()}${close}\r\n`, 405],
    [`TRACK / HTTP/1.1\r\n${host()}${close}\r\n`, 400], // not an HTTP method Node knows: its parser refuses it
    [`CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n${close}\r\n`, 405],
    [`PROPFIND / HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`, 405],
    [`PROPFIND /News HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`, 405],
    [`MKCOL /docs HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`, 405],
    [`SEARCH /api/trpc/news.list HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`, 405],
    [`PUT /News HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`, 405],
    [`DELETE / HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`, 405],
    [`POST /News HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: 4\r\n${close}\r\n{bad`, 405],
    [`OPTIONS /edit/admin HTTP/1.1\r\n${host()}${close}\r\n`, 405],
    [`PUT /api/trpc/news.list HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`, 405],
    // A page address with a broken percent-encoding is an unknown page: the site's 404 (spec §8).
    [`GET /% HTTP/1.1\r\n${host()}${close}\r\n`, 404],
    [`GET /News/%E0%A4%A HTTP/1.1\r\n${host()}${close}\r\n`, 404],
    [`GET /api/trpc/%E0%A4%A HTTP/1.1\r\n${host()}${close}\r\n`, 400],
    [`GET /api/trpc/news.get?input=%7B HTTP/1.1\r\n${host()}${close}\r\n`, 400],
    [
      `POST /api/__session HTTP/1.1\r\n${host()}Content-Type: application/json\r\nContent-Length: 4\r\n${close}\r\n{bad`,
      400,
    ],
    [`GET / HTTP/1.1\r\n${host()}Content-Length: abc\r\n${close}\r\n`, 400],
    [`GET / HTTP/9.9\r\n${host()}${close}\r\n`, 400],
  ];
}

describe('malformed and unsupported requests', () => {
  it('get 400 or 405, never 5xx, and 405s name the allowed methods', async () => {
    const failures: string[] = [];
    for (const [request, expected] of cases()) {
      const res = await rawRequest(port, request);
      const line = request.split('\r\n')[0]!.slice(0, 80);
      if (res.status !== expected) failures.push(`${line} -> ${res.status} (expected ${expected})`);
      if (res.status === 405 && !/\bGET\b/.test(res.headers.allow ?? ''))
        failures.push(`${line}: 405 without an Allow header`);
    }
    expect(failures).toEqual([]);
  });

  it('answers the pages with GET, HEAD and HTTP/1.0 without Host as before, and keeps serving', async () => {
    const page = await rawRequest(port, `GET /News HTTP/1.1\r\n${host()}${close}\r\n`);
    expect(page.status).toBe(200);
    const head = await rawRequest(port, `HEAD /News HTTP/1.1\r\n${host()}${close}\r\n`);
    expect(head.status).toBe(200);
    const old = await rawRequest(port, `GET /News HTTP/1.0\r\n\r\n`);
    expect(old.status).toBe(200);
    const api = await rawRequest(port, `GET /api/trpc/news.list HTTP/1.1\r\nHost: localhost\r\n${close}\r\n`);
    expect(api.status).toBe(200);
  });

  it('405 on a page names GET and HEAD; on the storage endpoints what they serve', async () => {
    const page = await rawRequest(port, `TRACE /News HTTP/1.1\r\n${host()}${close}\r\n`);
    expect(page.headers.allow).toBe('GET, HEAD');
    const storage = await rawRequest(port, `PUT /v0/b/x/o/y HTTP/1.1\r\n${host()}Content-Length: 0\r\n${close}\r\n`);
    expect(storage.status).toBe(405);
    expect(storage.headers.allow).toBe('GET, HEAD, POST, PATCH, DELETE');
  });
});
