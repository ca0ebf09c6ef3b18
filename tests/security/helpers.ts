/** Small helpers of the security tests: the identity REST endpoints, tRPC calls and a staff cookie. */
import { signInWithEmailAndPassword } from 'firebase/auth';
import { newAuthClient } from '../integration/firebaseClient';
import type { TestServer } from '../integration/helpers';

export const API_KEY = 'embedded-uhmi-web-api-key';

export interface RestAnswer {
  status: number;
  body: Record<string, unknown>;
  /** The error message (e.g. `WEAK_PASSWORD : Password should be at least 8 characters`), or undefined. */
  error?: string;
}

/** POSTs JSON to an identity endpoint over real HTTP, e.g. rest(origin, 'accounts:signInWithPassword', {...}). */
export async function rest(origin: string, action: string, body: Record<string, unknown>): Promise<RestAnswer> {
  const res = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/${action}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown> & { error?: { message?: string } };
  return { status: res.status, body: json, error: json.error?.message };
}

export interface TrpcAnswer {
  status: number;
  data?: unknown;
  code?: string;
  message?: string;
}

/** A tRPC call through Fastify's inject, with an optional cookie header. */
export async function trpc(server: TestServer, kind: 'query' | 'mutation', procedure: string, input: unknown, cookie?: string): Promise<TrpcAnswer> {
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
  const body = res.json() as { result?: { data?: { json?: unknown } }; error?: { json?: { message?: string; data?: { code?: string } } } };
  return { status: res.statusCode, data: body.result?.data?.json, code: body.error?.json?.data?.code, message: body.error?.json?.message };
}

/** Signs in with the SDK and posts the ID token to /api/__session; returns the `__session=…` cookie and the client. */
export async function sessionCookie(server: TestServer, origin: string, email: string, password: string) {
  const auth = await newAuthClient(origin);
  await signInWithEmailAndPassword(auth, email, password);
  const token = await auth.currentUser!.getIdToken();
  const res = await server.app.inject({ method: 'POST', url: '/api/__session', payload: { token }, headers: { 'content-type': 'application/json' } });
  if (res.statusCode !== 200) throw new Error(`session refused: ${res.statusCode}`);
  return { cookie: `__session=${token}`, auth, token };
}
