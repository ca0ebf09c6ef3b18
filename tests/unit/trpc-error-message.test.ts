/**
 * The admin's message for a failed call when the answer is not our API's: a reverse proxy's HTML
 * error page (502 while the server restarts) must read as Ukrainian text, not the JSON parser's
 * English («Unexpected token '<' …»). A real tRPC client (as the admin's) against a loopback server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcErrorMessage } from '../../src/client/admin/trpcErrors';
import type { AppRouter } from '../../src/server/trpc/appRouter';

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('trpcErrorMessage', () => {
  it('reads a proxy error page as «Сервер не відповідає…», not the parser’s English', async () => {
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${origin}/api/trpc`, transformer: superjson })],
    });
    const error = await client.news.list.query({}).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toMatch(/[А-Яа-яІіЇїЄєҐґ]/);
    expect(trpcErrorMessage(error)).toBe('Сервер не відповідає. Спробуйте ще раз за хвилину.');
  });

  it('reads a request that got no answer as «Немає зв’язку з сервером.»', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `http://127.0.0.1:${port}/api/trpc`, transformer: superjson })],
    });
    const error = await client.news.list.query({}).catch((err: unknown) => err);
    expect(trpcErrorMessage(error)).toBe('Немає зв’язку з сервером.');
  });
});
