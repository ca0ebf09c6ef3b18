/**
 * What `npm run emulators` (emulators.ts) prints: the command that starts the site against the
 * emulators, as one shell line (continued with backslashes), and what that setup can and cannot do.
 * Without a Storage emulator (STORAGE_EMULATOR_HOST in `npm run emulators`' environment) nothing can
 * hold files, so the line starts the site with SEED=false (the seed's files would fail the start).
 */
import { storageEmulatorOrigin } from '../src/server/firebase/emulatorHosts';

/** The Firebase project the emulators run (offline `demo-` project). */
export const PROJECT = 'demo-uhmi';

/** The environment of the printed start line (before `npm start`), in order. */
export function startEnvironment(env: NodeJS.ProcessEnv, firestoreHost: string, authPort: number): string[][] {
  const storage = storageEmulatorOrigin(env);
  return [
    ['BACKEND=firebase', `FIREBASE_PROJECT_ID=${PROJECT}`, `FIREBASE_API_KEY=${PROJECT}-web-api-key`],
    [`FIREBASE_APP_ID=1:000000000000:web:${PROJECT}`, storage ? `STORAGE_EMULATOR_HOST=${storage}` : 'SEED=false'],
    [`FIRESTORE_EMULATOR_HOST=${firestoreHost}`, `FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:${authPort}`],
  ];
}

/** The whole message, with `env` the environment `npm run emulators` runs in. */
export function startMessage(env: NodeJS.ProcessEnv, firestoreHost: string, authPort: number): string {
  const storage = storageEmulatorOrigin(env);
  const line = startEnvironment(env, firestoreHost, authPort)
    .map((words) => words.join(' '))
    .join(' \\\n  ');
  const files = storage
    ? `Files go to the Storage emulator at ${storage}.`
    : `Uploads, the seed's files, export and import need a Storage emulator (run this with
STORAGE_EMULATOR_HOST=http://host:port set) or a real bucket (FIREBASE_STORAGE_BUCKET with credentials).`;
  return `
Firestore emulator on ${firestoreHost}; the Auth emulator is starting on 127.0.0.1:${authPort}.
Start the site against them in another terminal with:

  ${line} npm start

Then sign in at /edit/admin with ADMIN_EMAIL and ADMIN_PASSWORD (add them to the line above on the
first start: the server creates that administrator in the Auth emulator); the page's firebase SDK talks
to the emulator. ${files}
Not with NODE_ENV=production: the server refuses emulators there. Ctrl+C stops both.
`;
}
