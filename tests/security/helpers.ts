/**
 * Helpers of the security tests: sessions as a browser gets them, tRPC calls over HTTP (inject) as
 * the client makes them, and raw requests over a loopback socket (inject normalises requests, so
 * malformed ones must be written by hand).
 */
import type { FastifyRequest } from 'fastify';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import net from 'node:net';
import { EMBEDDED_API_KEY as API_KEY } from '../../src/server/config';
import { appRouter } from '../../src/server/trpc/appRouter';
import { createContextFactory } from '../../src/server/trpc/context';
import { createCallerFactory } from '../../src/server/trpc/init';
import { newAuthClient } from '../integration/firebaseClient';
import { postSession, type TestServer, type TrpcErrorBody } from '../integration/helpers';

export { disposeAuthClients } from '../integration/firebaseClient';
export {
  idTokenOf,
  postSession,
  sessionCookie,
  startTestServer,
  trpc,
  type TestServer,
  type TrpcAnswer,
  type TrpcErrorBody,
} from '../integration/helpers';

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** A storage client of its own app (like another browser); signed in when credentials are given. */
export async function storageClient(
  origin: string,
  bucket: string,
  user?: { email: string; password: string },
): Promise<FirebaseStorage> {
  const auth = await newAuthClient(origin);
  if (user) await signInWithEmailAndPassword(auth, user.email, user.password);
  const storage = getStorage(auth.app, `gs://${bucket}`);
  connectStorageEmulator(storage, '127.0.0.1', Number(new URL(origin).port));
  return storage;
}

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** A tRPC caller whose context comes from a request carrying the session cookie. */
export async function callerFor(server: TestServer, cookie: string): Promise<Caller> {
  const createContext = createContextFactory({
    config: server.config,
    content: server.content,
    identity: server.identity,
  });
  const req = { cookies: { __session: cookie }, ip: '192.0.2.1', headers: {} } as unknown as FastifyRequest;
  return createCaller(await createContext({ req }));
}

/** An Error shaped like node:fs's for errno `code` (ENOSPC, EDQUOT, EFBIG…). */
export function errnoError(code: string, syscall: string): NodeJS.ErrnoException {
  const text: Record<string, string> = {
    ENOSPC: 'no space left on device',
    EDQUOT: 'disk quota exceeded',
    EFBIG: 'file too large',
  };
  return Object.assign(new Error(`${code}: ${text[code] ?? 'error'}, ${syscall}`), { code, syscall, errno: -28 });
}

/** A tRPC mutation over HTTP (superjson body), as the browser's httpBatchLink sends it unbatched. */
export async function trpcMutation(
  server: TestServer,
  path: string,
  input: unknown,
  headers: Record<string, string> = {},
) {
  const res = await server.app.inject({
    method: 'POST',
    url: `/api/trpc/${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ json: input }),
  });
  return { status: res.statusCode, body: res.json<TrpcErrorBody>(), headers: res.headers };
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

// Identity helpers: the REST endpoints, tRPC calls and a staff session made with the firebase/auth SDK.

/** The embedded mode's web API key (config.ts). */
export { API_KEY };

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

/** Signs in with the SDK and posts the ID token to /api/__session; returns the `__session=…` cookie and the client. */
export async function sdkSession(server: TestServer, origin: string, email: string, password: string) {
  const auth = await newAuthClient(origin);
  await signInWithEmailAndPassword(auth, email, password);
  const token = await auth.currentUser!.getIdToken();
  const res = await postSession(server, token);
  if (res.statusCode !== 200) throw new Error(`session refused: ${res.statusCode}`);
  return { cookie: `__session=${token}`, auth, token };
}

/** Exchanges a refresh token at `origin`'s securetoken endpoint (with `apiKey`): the status and the body. */
export async function refreshIdToken(origin: string, refreshToken: string, apiKey: string = API_KEY) {
  const res = await fetch(`${origin}/securetoken.googleapis.com/v1/token?key=${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message?: string }; id_token?: string } };
}
