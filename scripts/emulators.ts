/**
 * `npm run emulators`: the two emulators for local work in firebase mode, on the ports of
 * firebase.json — Google's Firestore emulator (Debian package google-cloud-cli-firestore-emulator,
 * Java 17+) on 127.0.0.1:8080 and firebase-tools' Auth emulator on 127.0.0.1:9099 (project
 * demo-uhmi, offline). firebase-tools' own Firestore and Storage emulators need Java 21, which these
 * machines lack, so Firestore comes from Google's package and Storage is not emulated.
 *
 * Prints the environment that points the server (and, through the page's config, the admin's firebase
 * SDK) at them, with SEED=false unless STORAGE_EMULATOR_HOST names a Storage emulator (nothing else
 * could hold the seed's files); Ctrl+C stops both.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFirestoreEmulator } from '../tests/support/firestoreEmulator';
import { PROJECT, startMessage } from './emulatorsMessage';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
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

console.log(startMessage(process.env, firestore.host, AUTH_PORT));

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
