/** Starts the real server on a temporary DATA_DIR for a test file, and removes it afterwards. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type CreateServerOptions, type ServerHandle } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedSet } from '../../src/server/seed/content/index';

export interface TestServer extends ServerHandle {
  dataDir: string;
  /** Listens on a free loopback port (for the real SDKs) and returns the origin. */
  listen(): Promise<string>;
  /** GET through Fastify's inject (no socket), with an optional user agent. */
  get(url: string, userAgent?: string): Promise<{ status: number; body: string; headers: Record<string, unknown> }>;
  dispose(): Promise<void>;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: CreateServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://uhmi.example.org',
    ...env,
  });
  const handle = await createServer(config, { logger: false, ...options });
  return {
    ...handle,
    dataDir,
    async listen() {
      await handle.app.listen({ port: 0, host: '127.0.0.1' });
      const address = handle.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    },
    async get(url, userAgent) {
      const res = await handle.app.inject({
        method: 'GET',
        url,
        headers: userAgent ? { 'user-agent': userAgent } : {},
      });
      return { status: res.statusCode, body: res.body, headers: res.headers };
    },
    async dispose() {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The text of an HTML document without tags, entities decoded enough for assertions. */
export function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ');
}

export interface TrpcAnswer {
  status: number;
  data?: unknown;
  code?: string;
  message?: string;
}

/** A tRPC call through Fastify's inject, with an optional cookie header. */
export async function trpc(
  server: TestServer,
  kind: 'query' | 'mutation',
  procedure: string,
  input: unknown,
  cookie?: string,
): Promise<TrpcAnswer> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const res =
    kind === 'query'
      ? await server.app.inject({
          method: 'GET',
          url: `/api/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`,
          headers,
        })
      : await server.app.inject({
          method: 'POST',
          url: `/api/trpc/${procedure}`,
          payload: input === undefined ? '' : JSON.stringify({ json: input }),
          headers: { ...headers, 'content-type': 'application/json' },
        });
  const body = res.json<{
    result?: { data?: { json?: unknown } };
    error?: { json?: { message?: string; data?: { code?: string } } };
  }>();
  return {
    status: res.statusCode,
    data: body.result?.data?.json,
    code: body.error?.json?.data?.code,
    message: body.error?.json?.message,
  };
}

/** The seed's newest published news item (its id, and the data a test compares pages with). */
export function newestSeedNews(): { id: string; data: { status?: string; date: string; title: string; slug: string } } {
  const news = seedSet.news as Array<{
    id: string;
    data: { status?: string; date: string; title: string; slug: string };
  }>;
  return news
    .filter((n) => n.data.status === 'published')
    .sort((a, b) => Date.parse(b.data.date) - Date.parse(a.data.date))[0]!;
}
