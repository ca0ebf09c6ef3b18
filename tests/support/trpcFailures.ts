/**
 * Failed tRPC calls made for real, for the tests of how the site reads them (transportFailure and its
 * callers): a real tRPC client (as the browser's) against a loopback server that answers every request
 * with a reverse proxy's 502 HTML page, or against a port nothing listens on.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../src/server/trpc/appRouter';
import { freePort } from './freePort';

/** A loopback server answering every request 502 with an HTML page, as a proxy does while the server restarts. */
export async function proxyErrorPage(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(502, { 'content-type': 'text/html' });
    res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The origin of a loopback port nothing listens on (a request there gets no answer). */
export async function unansweredOrigin(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/** The error of a real tRPC query (`news.list`) to `origin`'s /api/trpc. */
export function failedCall(origin: string): Promise<unknown> {
  const client = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${origin}/api/trpc`, transformer: superjson })],
  });
  return client.news.list.query({}).then(
    () => {
      throw new Error(`a query to ${origin} did not fail`);
    },
    (err: unknown) => err,
  );
}
