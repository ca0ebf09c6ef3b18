/**
 * Firebase mode with Cloud Storage that cannot be reached (STORAGE_EMULATOR_HOST on a loopback port
 * nothing listens on), against the Firestore emulator (globalSetup): the server's first start with
 * the seed, `npm run export` and `npm run import` each stop with one line naming the endpoint, the
 * bucket, the reason and the remedy, exit status 1 and no stack trace; no seed document is written,
 * no archive is left behind and an import (even with --replace) changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBackend } from '../../src/server/backup/backend';
import { exportArchive } from '../../src/server/backup/export';
import { loadConfig } from '../../src/server/config';
import { firebaseFirestore } from '../../src/server/firebase/adminApp';
import { firebaseModeEnv } from '../integration/authEmulator';
import { freePort } from '../support/freePort';
import { newDataDir, removeDataDirs, ROOT, runToExit, TSX } from '../support/serverProcess';

const PROJECT = 'demo-unreachable';
const BUCKET = `${PROJECT}.appspot.com`;
const REMEDY =
  'set STORAGE_EMULATOR_HOST to a Storage emulator, or FIREBASE_STORAGE_BUCKET to a real bucket with credentials (GOOGLE_APPLICATION_CREDENTIALS)';

const tempDir = () => newDataDir('uhmi-unreachable-');
let storageOrigin: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  const port = await freePort(); // nothing listens there
  storageOrigin = `http://127.0.0.1:${port}`;
  process.env.FIRESTORE_EMULATOR_HOST = inject('firestoreEmulatorHost');
  process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9'; // no Application Default Credentials (adminApp.ts)
  env = {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...firebaseModeEnv(PROJECT),
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    STORAGE_EMULATOR_HOST: storageOrigin,
  };
  await clearFirestore();
});
afterAll(async () => {
  await clearFirestore();
  removeDataDirs();
});

/** The one line every caller prints about the unreachable bucket (without its caller's words around it). */
const unreachable = () =>
  `Cloud Storage at ${storageOrigin} (bucket ${BUCKET}) cannot be reached: connect ECONNREFUSED ${storageOrigin.slice(7)}; ${REMEDY}`;

async function collectionNames(): Promise<string[]> {
  return (await firebaseFirestore(PROJECT).listCollections()).map((c) => c.id);
}
async function clearFirestore(): Promise<void> {
  await fetch(
    `http://${inject('firestoreEmulatorHost')}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
    {
      method: 'DELETE',
    },
  );
}

function runCli(cli: 'export' | 'import', args: string[]) {
  return spawnSync(process.execPath, ['--import', TSX, path.join(ROOT, `src/server/cli/${cli}.ts`), ...args], {
    cwd: tempDir(), // no .env
    env: { ...env, DATA_DIR: tempDir() },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('Cloud Storage that cannot be reached', () => {
  it("stops the first start's seed with one line, exit 1, and no document in Firestore", async () => {
    const port = await freePort();
    const { code, stderr } = await runToExit('src/server/main.ts', tempDir(), {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: tempDir(),
      SEED: 'true',
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot store the seed's files: ${unreachable()}, or SEED=false to start without the seed content`,
    ]);
    expect(await collectionNames()).toEqual([]);
  });

  it('npm run export: one line, exit 1, no archive left', () => {
    const folder = tempDir();
    const result = runCli('export', [path.join(folder, 'x.tar.gz')]);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines.at(-1)).toBe(`Error: ${unreachable()}; no archive was written`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('npm run import --replace: one line, exit 1, the documents there unchanged', async () => {
    // An archive of one document, made from an embedded DATA_DIR.
    const source = await openBackend(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }), 'import');
    const archive = path.join(tempDir(), 'one.tar.gz');
    try {
      await source.store.createMany([{ collection: 'redirects', id: 'from-archive', data: { from: '/a', to: '/b' } }]);
      await exportArchive({ store: source.store, files: source.files, backend: 'embedded', file: archive });
    } finally {
      await source.close();
    }
    const kept = firebaseFirestore(PROJECT).collection('redirects').doc('kept');
    await kept.set({ from: '/old', to: '/new' });

    const result = runCli('import', [archive, '--replace']);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines.at(-1)).toBe(`Error: ${archive}: ${unreachable()}; nothing was changed`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect((await firebaseFirestore(PROJECT).collection('redirects').listDocuments()).map((d) => d.id)).toEqual([
      'kept',
    ]);
    expect((await kept.get()).data()).toEqual({ from: '/old', to: '/new' });
  });
});
