/**
 * Helpers of the security tests: sessions as a browser gets them, tRPC calls over HTTP (inject) as
 * the client makes them, and raw requests over a loopback socket (inject normalises requests, so
 * malformed ones must be written by hand).
 */
import net from 'node:net';
import { expect } from 'vitest';
import type { TestServer } from '../integration/helpers';

/** Signs in through the identity endpoint and the session route; returns the `__session` cookie value. */
export async function sessionCookie(server: TestServer, email: string, password: string): Promise<string> {
  const signIn = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { email, password, returnSecureToken: true },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const { idToken } = signIn.json() as { idToken: string };
  const session = await server.app.inject({ method: 'POST', url: '/api/__session', payload: { token: idToken } });
  expect(session.statusCode, session.body).toBe(200);
  return /__session=([^;]+)/.exec(String(session.headers['set-cookie']))![1]!;
}

export interface TrpcErrorBody {
  error?: { json: { message: string; code: number; data: { code: string; httpStatus: number; zodError?: { fieldErrors: Record<string, string[]> } | null } } };
  result?: { data: { json: unknown } };
}

/** A tRPC mutation over HTTP (superjson body), as the browser's httpBatchLink sends it unbatched. */
export async function trpcMutation(server: TestServer, path: string, input: unknown, headers: Record<string, string> = {}) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ json: input }),
  });
  return { status: res.statusCode, body: res.json() as TrpcErrorBody, headers: res.headers };
}

export interface RawResponse {
  /** 0 when the server closed the connection without answering. */
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Writes `request` as is to the server's socket and reads the first response. */
export function rawRequest(port: number, request: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${JSON.stringify(request.slice(0, 80))}`));
    });
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, text });
    });
    socket.write(request);
  });
}

/** The port a listening test server is on. */
export function portOf(origin: string): number {
  return Number(new URL(origin).port);
}
