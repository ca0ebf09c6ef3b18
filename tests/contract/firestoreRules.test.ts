/**
 * firestore.rules denies every client: a browser with the official `firebase/firestore` SDK, signed
 * out or carrying a staff token, can neither read nor write any document, while the server
 * (firebase-admin, which the rules do not bind) can. Runs against Google's Firestore emulator
 * started with `--rules=firestore.rules`.
 */
import { initializeApp as initializeAdminApp, deleteApp as deleteAdminApp } from 'firebase-admin/app';
import { getFirestore as getAdminFirestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  setDoc,
  terminate,
} from 'firebase/firestore';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type RunningEmulator } from '../support/firestoreEmulator';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROJECT = 'demo-uhmi-rules';

/** Resolves to the error code of a rejected promise (`permission-denied`), or 'ok'. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    return (err as { code?: string }).code ?? String(err);
  }
}

describe('firestore.rules', () => {
  let emulator: RunningEmulator;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ rules: path.join(ROOT, 'firestore.rules') });
  }, 90_000);
  afterAll(async () => {
    await emulator?.stop();
  });

  it('refuses every client read and write, while the server reads and writes', async () => {
    const [host, port] = emulator.host.split(':') as [string, string];

    // The server: firebase-admin is not bound by the rules.
    const admin = initializeAdminApp({ projectId: PROJECT }, 'rules-admin');
    const adminDb = getAdminFirestore(admin);
    adminDb.settings({ host: emulator.host, ssl: false });
    await adminDb.doc('news/first').set({ data: { title: 'Новина' }, version: 1 });
    expect((await adminDb.doc('news/first').get()).data()?.data).toEqual({ title: 'Новина' });

    // A browser, as any visitor's page could run it.
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo-key', appId: '1:0:web:0' }, 'rules-client');
    const db = getFirestore(app);
    connectFirestoreEmulator(db, host, Number(port));
    const results = {
      getPublished: await outcome(getDoc(doc(db, 'news/first'))),
      listNews: await outcome(getDocs(collection(db, 'news'))),
      listAudit: await outcome(getDocs(collection(db, '_audit'))),
      overwrite: await outcome(setDoc(doc(db, 'news/first'), { data: { title: 'Зламано' }, version: 2 })),
      create: await outcome(setDoc(doc(db, 'redirects/evil'), { data: { from: '/', to: 'https://evil.example' } })),
    };
    expect(results).toEqual({
      getPublished: 'permission-denied',
      listNews: 'permission-denied',
      listAudit: 'permission-denied',
      overwrite: 'permission-denied',
      create: 'permission-denied',
    });
    expect((await adminDb.doc('news/first').get()).data()?.data).toEqual({ title: 'Новина' });
    expect((await adminDb.doc('redirects/evil').get()).exists).toBe(false);

    await terminate(db);
    await deleteApp(app);
    await deleteAdminApp(admin);
  });
});
