/**
 * Firebase mode's password-reset mail with SMTP configured: the administrator's «скинути пароль»
 * makes the link with firebase-admin's generatePasswordResetLink (against firebase-tools' Auth
 * emulator) and mails it through our SMTP outbox (a real in-process SMTP server), in Ukrainian, with
 * the send in the audit log; following the link's code sets a new password that signs in.
 */
import { confirmPasswordReset, signInWithEmailAndPassword } from 'firebase/auth';
import { expect, it } from 'vitest';
import { AUDIT_COLLECTION } from '../../src/server/content/history';
import { FirebaseIdentity } from '../../src/server/identity/firebase';
import { passwordResetMailer } from '../../src/server/identity/mail';
import { API_KEY, PROJECT } from './authEmulator';
import { useFirebaseMail } from './firebaseEmulators';
import { errorCode, newAuthClient } from './firebaseClient';

const RESET_URL = 'https://uhmi.example.org/edit/admin/Login';
const mailing = useFirebaseMail('mail-firebase');

it('mails a firebase-admin reset link through SMTP, audited, and its code sets a working password', async () => {
  const identity = new FirebaseIdentity({
    projectId: PROJECT,
    apiKey: API_KEY,
    resetUrl: RESET_URL,
    mailer: passwordResetMailer(mailing.outbox),
  });
  const email = 'firebase-reset@uhmi.example.org';
  const account = await identity.createAccount({ email, password: 'old-password-1', role: 'editor' });
  const actor = { uid: 'admin-uid', email: 'webmaster@uhmi.example.org' };

  expect(await identity.sendPasswordReset(email, actor)).toEqual({ mailed: true });

  const mail = mailing.smtp.received.find((m) => m.to.includes(email))!;
  expect(mail.parsed.subject).toBe('Відновлення пароля — УкрГМІ');
  expect(mail.parsed.text).toContain('Щоб установити новий пароль, перейдіть за посиланням');
  const link = new URL(/(https?:\/\/\S+oobCode=\S+)/.exec(mail.parsed.text!)![1]!);
  expect(link.searchParams.get('mode')).toBe('resetPassword');
  // Firebase's action handler continues to our login page (PUBLIC_URL) afterwards.
  expect(link.searchParams.get('continueUrl')).toBe(RESET_URL);
  const code = link.searchParams.get('oobCode')!;

  const auth = await newAuthClient(mailing.auth.origin, { apiKey: API_KEY, projectId: PROJECT });
  await confirmPasswordReset(auth, code, 'new-password-from-mail');
  expect((await signInWithEmailAndPassword(auth, email, 'new-password-from-mail')).user.uid).toBe(account.uid);
  expect(
    await errorCode(
      signInWithEmailAndPassword(
        await newAuthClient(mailing.auth.origin, { apiKey: API_KEY, projectId: PROJECT }),
        email,
        'old-password-1',
      ),
    ),
  ).toMatch(/auth\/(wrong-password|invalid-credential)/);

  const audit = await mailing.store.list<Record<string, unknown>>(AUDIT_COLLECTION, {
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
