import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, textOf, type TestServer } from './helpers';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer();
  port = Number(new URL(await server.listen()).port);
});
afterAll(() => server.dispose());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request over a real socket with the path sent exactly as given (no URL normalisation). */
function request(path: string, method = 'GET', headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('addresses Fastify cannot decode', () => {
  it('answers a page address with a broken percent-encoding with the site 404 page naming it', async () => {
    const res = await request('/News/%E0%A4%A');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBeTruthy();
    const text = textOf(res.body);
    expect(text).toContain('Page Not Found: /News/%E0%A4%A');
    expect(text).toContain('Сторінку не знайдено');
    expect(res.body).not.toContain('FST_ERR_BAD_URL');
  });

  it('keeps the query of such an address and answers HEAD without a body', async () => {
    expect((await request('/%zz?q=1')).status).toBe(404);
    const head = await request('/docs/%E0%A4', 'HEAD');
    expect(head.status).toBe(404);
    expect(head.body).toBe('');
  });

  it('compresses the 404 page as any page when asked', async () => {
    const res = await request('/News/%E0%A4%A', 'GET', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toMatch(/gzip|br/);
  });

  it('answers the APIs in JSON', async () => {
    const res = await request('/api/trpc/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'FST_ERR_BAD_URL', statusCode: 400 });
  });

  it('answers a POST to such an address in JSON, not with a page', async () => {
    const res = await request('/News/%E0%A4%A', 'POST');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'FST_ERR_BAD_URL' });
  });
});

describe('requests the HTTP parser refuses', () => {
  const longQuery = (letters: number) => `/search?q=${encodeURIComponent('й'.repeat(letters))}`;

  it.each([3_000, 5_000])('answers a search address of %i Cyrillic letters with a Ukrainian line', async (letters) => {
    const res = await request(longQuery(letters));
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('Адреса запиту задовга. Скоротіть її (наприклад, пошуковий запит) і спробуйте ще раз.\n');
  });

  it('still renders a long search within the limit', async () => {
    const res = await request(longQuery(2_000));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});
