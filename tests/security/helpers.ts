/**
 * Clients for the security tests: the official firebase/storage SDK against a real server on
 * loopback, the `__session` cookie of a staff account, and tRPC callers built from it.
 */
import { signInWithEmailAndPassword } from 'firebase/auth';
import { connectStorageEmulator, getStorage, type FirebaseStorage } from 'firebase/storage';
import type { FastifyRequest } from 'fastify';
import { appRouter } from '../../src/server/trpc/appRouter';
import { createContextFactory } from '../../src/server/trpc/context';
import { createCallerFactory } from '../../src/server/trpc/init';
import { newAuthClient } from '../integration/firebaseClient';
import type { TestServer } from '../integration/helpers';

export { disposeAuthClients } from '../integration/firebaseClient';
export { startTestServer, type TestServer } from '../integration/helpers';

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** A storage client of its own app (like another browser); signed in when credentials are given. */
export async function storageClient(origin: string, bucket: string, user?: { email: string; password: string }): Promise<FirebaseStorage> {
  const auth = await newAuthClient(origin);
  if (user) await signInWithEmailAndPassword(auth, user.email, user.password);
  const storage = getStorage(auth.app, `gs://${bucket}`);
  connectStorageEmulator(storage, '127.0.0.1', Number(new URL(origin).port));
  return storage;
}

/** An ID token of an account, from the embedded identity endpoints (for raw storage requests). */
export async function idTokenOf(server: TestServer, email: string, password: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { email, password, returnSecureToken: true },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { idToken: string }).idToken;
}

/** Signs in as the browser does (identity endpoint, then the session route); returns the `__session` cookie value. */
export async function sessionCookie(server: TestServer, email: string, password: string): Promise<string> {
  const token = await idTokenOf(server, email, password);
  const session = await server.app.inject({ method: 'POST', url: '/api/__session', payload: { token } });
  if (session.statusCode !== 200) throw new Error(`session failed: ${session.statusCode}`);
  return /__session=([^;]+)/.exec(String(session.headers['set-cookie']))![1]!;
}

const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;

/** A tRPC caller whose context comes from a request carrying the session cookie. */
export async function callerFor(server: TestServer, cookie: string): Promise<Caller> {
  const createContext = createContextFactory({ config: server.config, content: server.content, identity: server.identity });
  const req = { cookies: { __session: cookie }, ip: '192.0.2.1', headers: {} } as unknown as FastifyRequest;
  return createCaller(await createContext({ req }));
}

/** An Error shaped like node:fs's for errno `code` (ENOSPC, EDQUOT, EFBIG…). */
export function errnoError(code: string, syscall: string): NodeJS.ErrnoException {
  const text: Record<string, string> = { ENOSPC: 'no space left on device', EDQUOT: 'disk quota exceeded', EFBIG: 'file too large' };
  return Object.assign(new Error(`${code}: ${text[code] ?? 'error'}, ${syscall}`), { code, syscall, errno: -28 });
}
