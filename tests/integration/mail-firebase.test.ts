/**
 * Firebase mode's password-reset mail with SMTP configured: the administrator's «скинути пароль»
 * makes the link with firebase-admin's generatePasswordResetLink (against firebase-tools' Auth
 * emulator) and mails it through our SMTP outbox (a real in-process SMTP server), in Ukrainian, with
 * the send in the audit log; following the link's code sets a new password that signs in.
 */
import { confirmPasswordReset, signInWithEmailAndPassword } from 'firebase/auth';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUDIT_COLLECTION } from '../../src/server/content/history';
import { FirebaseIdentity } from '../../src/server/identity/firebase';
import { passwordResetMailer } from '../../src/server/identity/mail';
import { MailOutbox } from '../../src/server/mail/outbox';
import { createMailTransport } from '../../src/server/mail/transport';
import { openSqliteDatabase, SqliteDocumentStore } from '../../src/server/store/sqlite';
import { API_KEY, PROJECT, startEmulatorWithRetry, STARTUP_TIMEOUT_MS, type Emulator } from './authEmulator';
import { disposeAuthClients, errorCode, newAuthClient } from './firebaseClient';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer';

const RESET_URL = 'https://uhmi.example.org/edit/admin/Login';
let emulator: Emulator;
let smtp: TestSmtpServer;
let dir: string;
let db: Awaited<ReturnType<typeof openSqliteDatabase>>;
let store: SqliteDocumentStore;

beforeAll(async () => {
  emulator = await startEmulatorWithRetry();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  smtp = await startSmtpServer();
  dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-mail-firebase-'));
  db = await openSqliteDatabase(path.join(dir, 'site.db'));
  store = new SqliteDocumentStore(db);
}, STARTUP_TIMEOUT_MS + 15_000);

afterAll(async () => {
  await disposeAuthClients();
  await store?.close();
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await smtp?.close();
  await emulator?.stop();
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
});

it('mails a firebase-admin reset link through SMTP, audited, and its code sets a working password', async () => {
  const outbox = new MailOutbox(
    createMailTransport({ smtpUrl: smtp.url, from: 'УкрГМІ <no-reply@uhmi.org.ua>' }),
    store,
    { warn: () => {} },
  );
  const identity = new FirebaseIdentity({
    projectId: PROJECT,
    apiKey: API_KEY,
    resetUrl: RESET_URL,
    mailer: passwordResetMailer(outbox),
  });
  const email = 'firebase-reset@uhmi.example.org';
  const account = await identity.createAccount({ email, password: 'old-password-1', role: 'editor' });
  const actor = { uid: 'admin-uid', email: 'webmaster@uhmi.example.org' };

  expect(await identity.sendPasswordReset(email, actor)).toEqual({ mailed: true });

  const mail = smtp.received.find((m) => m.to.includes(email))!;
  expect(mail.parsed.subject).toBe('Відновлення пароля — УкрГМІ');
  expect(mail.parsed.text).toContain('Щоб установити новий пароль, перейдіть за посиланням');
  const link = new URL(/(https?:\/\/\S+oobCode=\S+)/.exec(mail.parsed.text!)![1]!);
  expect(link.searchParams.get('mode')).toBe('resetPassword');
  // Firebase's action handler continues to our login page (PUBLIC_URL) afterwards.
  expect(link.searchParams.get('continueUrl')).toBe(RESET_URL);
  const code = link.searchParams.get('oobCode')!;

  const auth = await newAuthClient(emulator.origin, { apiKey: API_KEY, projectId: PROJECT });
  await confirmPasswordReset(auth, code, 'new-password-from-mail');
  expect((await signInWithEmailAndPassword(auth, email, 'new-password-from-mail')).user.uid).toBe(account.uid);
  expect(
    await errorCode(
      signInWithEmailAndPassword(
        await newAuthClient(emulator.origin, { apiKey: API_KEY, projectId: PROJECT }),
        email,
        'old-password-1',
      ),
    ),
  ).toMatch(/auth\/(wrong-password|invalid-credential)/);

  const audit = await store.list<Record<string, unknown>>(AUDIT_COLLECTION, {
    orderBy: { fields: ['at'], direction: 'asc' },
    limit: 10,
  });
  expect(audit.items.map((d) => d.data)).toEqual([
    expect.objectContaining({
      action: 'mail-sent',
      collection: 'accounts',
      documentId: account.uid,
      uid: actor.uid,
      email: actor.email,
      title: `Відновлення пароля → ${email}`,
    }),
  ]);
  expect(JSON.stringify(audit.items)).not.toContain(code);
});
