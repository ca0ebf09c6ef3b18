/**
 * `npm run emulators`: the two emulators for local work in firebase mode, on the ports of
 * firebase.json — Google's Firestore emulator (Debian package google-cloud-cli-firestore-emulator,
 * Java 17+) on 127.0.0.1:8080 and firebase-tools' Auth emulator on 127.0.0.1:9099 (project
 * demo-uhmi, offline). firebase-tools' own Firestore and Storage emulators need Java 21, which these
 * machines lack, so Firestore comes from Google's package and Storage is not emulated.
 *
 * Prints the environment that points the server (and, through the page's config, the admin's firebase
 * SDK) at them; Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFirestoreEmulator } from '../tests/support/firestoreEmulator';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PROJECT = 'demo-uhmi';
const FIRESTORE_PORT = 8080;
const AUTH_PORT = 9099;

const firestore = await startFirestoreEmulator({ port: FIRESTORE_PORT });
// firebase-tools reads the emulator ports from firebase.json; CI=true keeps it offline (no update check).
const auth = spawn(
  process.execPath,
  [
    path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'),
    'emulators:start',
    '--only',
    'auth',
    '--project',
    PROJECT,
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1' },
  },
);

console.log(`
Firestore emulator on ${firestore.host}; the Auth emulator is starting on 127.0.0.1:${AUTH_PORT}.
Start the site against them in another terminal with:

  BACKEND=firebase FIREBASE_PROJECT_ID=${PROJECT} FIREBASE_API_KEY=${PROJECT}-web-api-key \\
  FIREBASE_APP_ID=1:000000000000:web:${PROJECT} \\
  FIRESTORE_EMULATOR_HOST=${firestore.host} FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:${AUTH_PORT} npm start

Then sign in at /edit/admin with ADMIN_EMAIL and ADMIN_PASSWORD (add them to the line above on the
first start: the server creates that administrator in the Auth emulator); the page's firebase SDK talks
to the emulator. Files go to the bucket named by FIREBASE_STORAGE_BUCKET, or to a Storage emulator
given as STORAGE_EMULATOR_HOST=http://host:port. Not with NODE_ENV=production: the server refuses
emulators there. Ctrl+C stops both.
`);

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    auth.kill('SIGINT');
    await firestore.stop();
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
auth.on('exit', (code) => void stop(code ?? 0));
