/**
 * Starts the real server on a temporary DATA_DIR for a test file, and removes it afterwards; signs
 * accounts in as a browser does, and calls tRPC procedures through inject or over real HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { createServer, type CreateServerOptions, type ServerHandle } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Role } from '../../src/server/identity/types';
import { answerOf, trpcRequest, type TrpcAnswer } from '../support/trpcHttp';

export { fetchTrpc, fetchTrpcAnswer, type TrpcAnswer, type TrpcErrorBody } from '../support/trpcHttp';
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

/** A tRPC call through Fastify's inject, with an optional cookie header. */
export async function trpc(
  server: TestServer,
  kind: 'query' | 'mutation',
  procedure: string,
  input: unknown,
  cookie?: string,
): Promise<TrpcAnswer> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const { method, url, body } = trpcRequest(kind, procedure, input);
  const res =
    method === 'GET'
      ? await server.app.inject({ method, url, headers })
      : await server.app.inject({
          method,
          url,
          payload: body,
          headers: { ...headers, 'content-type': 'application/json' },
        });
  return answerOf(res.statusCode, res.json());
}

/** An account's email and password. */
export interface Credentials {
  email: string;
  password: string;
}

/** An ID token of an account, from the embedded identity endpoints (for raw storage requests). */
export async function idTokenOf(server: TestServer, email: string, password: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { email, password, returnSecureToken: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ idToken: string }>().idToken;
}

/** POSTs an ID token to the session route (/api/__session) as the login page does; the response. */
export function postSession(server: TestServer, token: string | undefined) {
  return server.app.inject({ method: 'POST', url: '/api/__session', payload: { token } });
}

/** Signs in through the identity endpoint and the session route; returns the `__session` cookie value. */
export async function sessionCookie(server: TestServer, email: string, password: string): Promise<string> {
  const token = await idTokenOf(server, email, password);
  const session = await postSession(server, token);
  expect(session.statusCode, session.body).toBe(200);
  return /__session=([^;]+)/.exec(String(session.headers['set-cookie']))![1]!;
}

/** The first administrator of a server started with FIRST_ADMIN_ENV. */
export const FIRST_ADMIN: Credentials = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
/** The environment of a server without the seed whose first administrator is FIRST_ADMIN. */
export const FIRST_ADMIN_ENV = { SEED: 'false', ADMIN_EMAIL: FIRST_ADMIN.email, ADMIN_PASSWORD: FIRST_ADMIN.password };

/** A started server listening on a free loopback port: its origin (`http://127.0.0.1:…`) and port. */
export interface ListeningServer {
  server: TestServer;
  origin: string;
  port: number;
}

/** startTestServer(env), then listening on a free loopback port. The caller disposes `server`. */
export async function listeningServer(env: Record<string, string> = {}): Promise<ListeningServer> {
  const server = await startTestServer(env);
  const origin = await server.listen();
  return { server, origin, port: Number(new URL(origin).port) };
}

/** A listening server with one signed-in account; `cookie` is the Cookie header its requests carry (`__session=…`). */
export interface SignedInServer extends ListeningServer {
  cookie: string;
}

/**
 * Starts a server without the seed (plus `env`), listening on a free loopback port, creates `account`
 * with `role` and signs it in. The caller disposes `server`.
 */
export async function signedInServer(
  account: Credentials,
  role: Role,
  env: Record<string, string> = {},
): Promise<SignedInServer> {
  const listening = await listeningServer({ SEED: 'false', ...env });
  const { server } = listening;
  await server.identity.createAccount({ ...account, role });
  return { ...listening, cookie: `__session=${await sessionCookie(server, account.email, account.password)}` };
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
