/** The official firebase/auth SDK in Node, pointed at a server with connectAuthEmulator. */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, inMemoryPersistence, setPersistence, type Auth } from 'firebase/auth';

let counter = 0;
const apps: FirebaseApp[] = [];

/** A fresh, independent client (its own app, like another browser) signed out. */
export async function newAuthClient(origin: string, opts: { apiKey?: string; projectId?: string } = {}): Promise<Auth> {
  counter += 1;
  const app = initializeApp(
    {
      apiKey: opts.apiKey ?? 'embedded-uhmi-web-api-key',
      projectId: opts.projectId ?? 'uhmi-embedded',
      authDomain: '127.0.0.1',
    },
    `test-${process.pid}-${counter}`,
  );
  apps.push(app);
  const auth = getAuth(app);
  connectAuthEmulator(auth, origin, { disableWarnings: true });
  await setPersistence(auth, inMemoryPersistence);
  return auth;
}

export async function disposeAuthClients(): Promise<void> {
  await Promise.all(apps.splice(0).map((a) => deleteApp(a)));
}

/** Resolves with the error code a promise rejects with (fails when it resolves). */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
  throw new Error('expected a rejection');
}
