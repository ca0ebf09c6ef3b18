/**
 * Issue 11, item 9: with `Accept-Encoding: gzip`, tRPC errors came back with status 200, because
 * @fastify/compress swapped the adapter's fetch Response for its body and dropped its status. The
 * status must be the error's HTTP status whether or not the response is compressed.
 */
import { gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../integration/helpers';

let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await startTestServer();
  origin = await server.listen();
});

afterAll(async () => {
  await server?.dispose();
});

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const CALLS: Array<{ name: string; url: string; status: number; code: string }> = [
  {
    name: 'NOT_FOUND',
    url: `/api/trpc/news.get?input=${input({ json: { idOrSlug: 'no-such-news' } })}`,
    status: 404,
    code: 'NOT_FOUND',
  },
  { name: 'UNAUTHORIZED', url: `/api/trpc/adminDashboard.summary`, status: 401, code: 'UNAUTHORIZED' },
  {
    name: 'BAD_REQUEST',
    url: `/api/trpc/news.list?input=${input({ json: { limit: 100000 } })}`,
    status: 400,
    code: 'BAD_REQUEST',
  },
  {
    name: 'batched NOT_FOUND',
    url: `/api/trpc/news.get?batch=1&input=${input({ 0: { json: { idOrSlug: 'no-such-news' } } })}`,
    status: 404,
    code: 'NOT_FOUND',
  },
  {
    name: 'batched UNAUTHORIZED',
    url: `/api/trpc/adminDashboard.summary?batch=1&input=${input({})}`,
    status: 401,
    code: 'UNAUTHORIZED',
  },
];

/** A GET over a real connection (node:http, so no client decompresses or rewrites anything). */
function get(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function errorCode(json: unknown): string | undefined {
  const one: unknown = Array.isArray(json) ? json[0] : json;
  return (one as { error?: { json?: { data?: { code?: string } } } }).error?.json?.data?.code;
}

describe('tRPC error statuses', () => {
  for (const encoding of ['gzip', 'br', 'deflate', undefined]) {
    it(`are kept over HTTP with Accept-Encoding: ${encoding ?? '(none)'}`, async () => {
      for (const call of CALLS) {
        const res = await get(call.url, encoding ? { 'accept-encoding': encoding } : {});
        expect(res.status, call.name).toBe(call.status);
        expect(String(res.headers['content-type']), call.name).toMatch(/^application\/json/);
        if (encoding === 'gzip') {
          expect(res.headers['content-encoding'], call.name).toBe('gzip');
          expect(errorCode(JSON.parse(gunzipSync(res.body).toString('utf8'))), call.name).toBe(call.code);
        }
        if (!encoding) expect(errorCode(JSON.parse(res.body.toString('utf8'))), call.name).toBe(call.code);
      }
    });

    it(`are kept through inject with Accept-Encoding: ${encoding ?? '(none)'}`, async () => {
      for (const call of CALLS) {
        const res = await server.app.inject({
          method: 'GET',
          url: call.url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(res.statusCode, call.name).toBe(call.status);
      }
    });
  }

  it('keeps a compressed success a 200', async () => {
    const res = await get(`/api/trpc/news.list?input=${input({ json: { limit: 50 } })}`, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.body).toString('utf8')) as {
      result: { data: { json: { items: unknown[] } } };
    };
    expect(body.result.data.json.items.length).toBeGreaterThan(0);
  });
});
