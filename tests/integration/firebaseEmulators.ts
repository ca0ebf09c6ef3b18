/**
 * What firebase-mode test files run against, started by the file's `beforeAll` and stopped by its
 * `afterAll` (registered on the call, so hooks the file registers later run inside them: after the
 * start, before the stop): the Auth and Firestore emulators, or the Auth emulator with a mail outbox.
 * firebase-admin finds the emulators through FIREBASE_AUTH_EMULATOR_HOST and FIRESTORE_EMULATOR_HOST,
 * set while they run; the SDK clients of firebaseClient.ts are disposed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { MailOutbox } from '../../src/server/mail/outbox';
import { createMailTransport } from '../../src/server/mail/transport';
import { openSqliteDatabase, SqliteDocumentStore } from '../../src/server/store/sqlite';
import { startFirestoreEmulator, type RunningEmulator } from '../support/firestoreEmulator';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer';
import { startEmulatorWithRetry, STARTUP_TIMEOUT_MS, type Emulator } from './authEmulator';
import { disposeAuthClients } from './firebaseClient';

/** Firebase mode's two emulators: firebase-tools' Auth emulator and Google's Firestore emulator. */
export interface FirebaseEmulators {
  auth: Emulator;
  firestore: RunningEmulator;
}

/**
 * Both emulators for the file's tests (filled in by `beforeAll`): a server started with
 * FIREBASE_MODE_ENV keeps its accounts in the first and its documents in the second.
 */
export function useFirebaseEmulators(): FirebaseEmulators {
  const emulators = {} as FirebaseEmulators;
  beforeAll(async () => {
    emulators.auth = await startEmulatorWithRetry();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulators.auth.host;
    emulators.firestore = await startFirestoreEmulator();
    process.env.FIRESTORE_EMULATOR_HOST = emulators.firestore.host;
  }, STARTUP_TIMEOUT_MS + 15_000);
  afterAll(async () => {
    await disposeAuthClients();
    await emulators.auth?.stop();
    await emulators.firestore?.stop();
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
  }, 20_000);
  return emulators;
}

/** The Auth emulator and a mail outbox sending through a real SMTP server in the test process. */
export interface FirebaseMail {
  auth: Emulator;
  smtp: TestSmtpServer;
  /** The outbox on an SQLite store in a temporary folder (it keeps the audit log of each send). */
  outbox: MailOutbox;
  store: SqliteDocumentStore;
}

/**
 * The Auth emulator with SMTP configured (filled in by `beforeAll`), for firebase-admin's action
 * links mailed through our outbox; `name` names the temporary folder of the outbox's store.
 */
export function useFirebaseMail(name: string): FirebaseMail {
  const mail = {} as FirebaseMail;
  let dir: string | undefined;
  let db: Awaited<ReturnType<typeof openSqliteDatabase>> | undefined;
  beforeAll(async () => {
    mail.auth = await startEmulatorWithRetry();
    process.env.FIREBASE_AUTH_EMULATOR_HOST = mail.auth.host;
    mail.smtp = await startSmtpServer();
    dir = mkdtempSync(path.join(os.tmpdir(), `uhmi-${name}-`));
    db = await openSqliteDatabase(path.join(dir, 'site.db'));
    mail.store = new SqliteDocumentStore(db);
    mail.outbox = new MailOutbox(
      createMailTransport({ smtpUrl: mail.smtp.url, from: 'УкрГМІ <no-reply@uhmi.org.ua>' }),
      mail.store,
      { warn: () => {} },
    );
  }, STARTUP_TIMEOUT_MS + 15_000);
  afterAll(async () => {
    await disposeAuthClients();
    await mail.store?.close();
    db?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    await mail.smtp?.close();
    await mail.auth?.stop();
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  });
  return mail;
}
