/**
 * Outgoing mail against a real SMTP server in the test process (smtp-server, with the credentials of
 * SMTP_URL), the embedded backend on a loopback port whose PUBLIC_URL is that port:
 * - a password reset asked on the login page and one sent by an administrator arrive in Ukrainian
 *   (subject, plain text, HTML) with a link on PUBLIC_URL; following it sets a new password, the new
 *   one signs in and the old one is refused; each send is in the audit log, never the code;
 * - a book order notifies staff (BOOK_ORDER_NOTIFY_EMAIL) with the order's details, the visitor's
 *   text escaped in the HTML and replies going to the visitor;
 * - an SMTP server refusing the mail keeps the order, audits the failure, and the admin is told the
 *   reset mail was not sent.
 */
import {
  confirmPasswordReset,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publications } from '../../src/shared/content/types/publications';
import { AUDIT_COLLECTION, type AuditEntry } from '../../src/server/content/history';
import { freePort } from '../support/freePort';
import { startSmtpServer, type TestSmtpServer } from '../support/smtpServer';
import { disposeAuthClients, errorCode, newAuthClient } from './firebaseClient';
import { FIRST_ADMIN as ADMIN, sessionCookie, startTestServer, trpc, type TestServer } from './helpers';

const STAFF_INBOX = 'orders@uhmi.example.org';
const OLD_PASSWORD = 'editor-password-1';

let smtp: TestSmtpServer;
let server: TestServer;
let origin: string;
let adminCookie: string;
let publicationId: string;

/** Signs in as a browser does; the Cookie header of its session. */
const cookieOf = async (email: string, password: string) => `__session=${await sessionCookie(server, email, password)}`;

/** The audit entries of one document, oldest first. */
async function auditOf(documentId: string): Promise<AuditEntry[]> {
  const page = await server.store.list<Omit<AuditEntry, 'id'>>(AUDIT_COLLECTION, {
    where: [{ field: 'documentId', op: '==', value: documentId }],
    orderBy: { fields: ['at'], direction: 'asc' },
    limit: 50,
  });
  return page.items.map((d) => ({ id: d.id, ...d.data }));
}

/** The stored book order whose name is `name`. */
async function orderNamed(name: string) {
  const page = await server.store.list<{ name: string; state: string }>('bookOrders', {
    where: [{ field: 'name', op: '==', value: name }],
    orderBy: { fields: ['createdAt'], direction: 'desc' },
    limit: 1,
  });
  return page.items[0]!;
}

async function allAuditText(): Promise<string> {
  const page = await server.store.list(AUDIT_COLLECTION, {
    orderBy: { fields: ['at'], direction: 'asc' },
    limit: 1000,
  });
  return JSON.stringify(page.items);
}

const linkIn = (text: string) => /(https?:\/\/\S+oobCode=[^\s"<]+)/.exec(text)?.[1];

beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await startTestServer({
    SEED: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: smtp.url,
    BOOK_ORDER_NOTIFY_EMAIL: STAFF_INBOX,
    PUBLIC_URL: origin,
    PORT: String(port),
  });
  await server.app.listen({ port, host: '127.0.0.1' });
  adminCookie = await cookieOf(ADMIN.email, ADMIN.password);
  const publication = await server.store.create(
    publications.key,
    publications.schema.parse({
      title: 'Атлас клімату України',
      slug: 'atlas-klimatu',
      status: 'published',
      kind: 'monograph',
      year: 2020,
      orderable: true,
    }),
  );
  publicationId = publication.id;
});
afterAll(async () => {
  await disposeAuthClients();
  await server?.dispose();
  await smtp?.close();
});

describe('password-reset mail', () => {
  it('asked on the login page: a Ukrainian mail whose PUBLIC_URL link sets a new password', async () => {
    const email = 'reset-self@uhmi.example.org';
    const account = await server.identity.createAccount({ email, password: OLD_PASSWORD, role: 'editor' });
    const auth = await newAuthClient(origin);
    await sendPasswordResetEmail(auth, email, { url: `${origin}/edit/admin/Login` });

    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.from).toBe('no-reply@uhmi.org.ua');
    expect(mail.parsed.from?.text).toContain('УкрГМІ');
    expect(mail.parsed.subject).toBe('Відновлення пароля — УкрГМІ');
    expect(mail.parsed.text).toContain('Щоб установити новий пароль, перейдіть за посиланням');
    expect(mail.parsed.html).toContain('<html lang="uk">');
    expect(mail.parsed.html).toContain('Установити новий пароль');
    const link = linkIn(mail.parsed.text!)!;
    expect(link.startsWith(`${origin}/edit/admin/Login?mode=resetPassword&oobCode=`)).toBe(true);
    // The same link is the HTML's button (its & escaped in the markup, decoded by the parser).
    expect(mail.parsed.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    // Follow it: the page the link opens, then the requests that page makes.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const code = new URL(link).searchParams.get('oobCode')!;
    expect(await verifyPasswordResetCode(auth, code)).toBe(email);
    await confirmPasswordReset(auth, code, 'new-password-from-mail');
    const signedIn = await signInWithEmailAndPassword(auth, email, 'new-password-from-mail');
    expect(signedIn.user.uid).toBe(account.uid);
    expect(await errorCode(signInWithEmailAndPassword(await newAuthClient(origin), email, OLD_PASSWORD))).toBe(
      'auth/invalid-credential',
    );

    const entries = await auditOf(account.uid);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'mail-sent',
        collection: 'accounts',
        uid: 'system',
        title: `Відновлення пароля → ${email}`,
      }),
    ]);
    expect(await allAuditText()).not.toContain(code);
  });

  it('sent by an administrator: mailed, said so truthfully, and audited under the administrator', async () => {
    const email = 'reset-by-admin@uhmi.example.org';
    const account = await server.identity.createAccount({ email, password: OLD_PASSWORD, role: 'editor' });
    const answer = await trpc(server, 'mutation', 'authUsers.sendPasswordReset', { uid: account.uid }, adminCookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ mailed: true, message: `Посилання для зміни пароля надіслано на ${email}` });
    // Sent before the answer: it is already here.
    const mail = smtp.received.find((m) => m.to.includes(email))!;
    expect(mail.parsed.subject).toBe('Відновлення пароля — УкрГМІ');
    const code = new URL(linkIn(mail.parsed.text!)!).searchParams.get('oobCode')!;
    const auth = await newAuthClient(origin);
    await confirmPasswordReset(auth, code, 'admin-sent-password');
    await signInWithEmailAndPassword(auth, email, 'admin-sent-password');

    const admin = (await server.identity.listAccounts({ search: ADMIN.email })).accounts[0]!;
    expect(await auditOf(account.uid)).toEqual([
      expect.objectContaining({ action: 'mail-sent', uid: admin.uid, email: ADMIN.email }),
    ]);
    expect(await allAuditText()).not.toContain(code);
  });
});

describe('book-order notification', () => {
  const order = {
    name: 'Оксана <script>alert(1)</script> Петренко',
    email: 'oksana@example.org',
    phone: '+380 44 000 00 00',
    organisation: 'Бібліотека & архів',
    quantity: 3,
    comment: 'Для читальної зали',
  };
  const submit = (input: Record<string, unknown>, ip: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/trpc/bookOrders.submit',
      payload: { json: input },
      headers: { 'x-forwarded-for': ip },
    });

  it('mails staff the order in Ukrainian with the visitor’s text escaped, and audits it', async () => {
    const res = await submit({ ...order, publicationId }, '198.51.100.10');
    expect(res.statusCode, res.body).toBe(200);
    const stored = await orderNamed(order.name);

    const mail = await smtp.waitFor((m) => m.to.includes(STAFF_INBOX));
    expect(mail.parsed.subject).toBe('Нове замовлення видання: Атлас клімату України');
    expect(mail.parsed.replyTo?.text).toBe(order.email);
    for (const value of [
      'На сайті УкрГМІ надійшло нове замовлення видання.',
      'Кількість примірників: 3',
      `Ім'я: ${order.name}`,
      'Телефон: +380 44 000 00 00',
      'Організація: Бібліотека & архів',
      'Коментар: Для читальної зали',
    ]) {
      expect(mail.parsed.text).toContain(value);
    }
    expect(mail.parsed.text).toContain(`${origin}/edit/admin/config/BookOrders/${stored.id}`);
    expect(mail.parsed.html).toContain('Оксана &lt;script&gt;alert(1)&lt;/script&gt; Петренко');
    expect(mail.parsed.html).not.toContain('<script>');
    expect(mail.parsed.html).toContain('Бібліотека &amp; архів');

    await vi.waitFor(async () =>
      expect(await auditOf(stored.id)).toEqual([
        expect.objectContaining({ action: 'mail-sent', collection: 'bookOrders', uid: 'system' }),
      ]),
    );
  });

  it('keeps the order when the SMTP server refuses the mail, and audits the failure', async () => {
    smtp.refuse = true;
    try {
      const name = 'Замовник при відмові пошти';
      const received = smtp.received.length;
      const res = await submit({ ...order, name, publicationId }, '198.51.100.11');
      expect(res.statusCode, res.body).toBe(200);
      const stored = await orderNamed(name);
      expect(stored.data.state).toBe('new');
      await vi.waitFor(async () =>
        expect(await auditOf(stored.id)).toEqual([
          expect.objectContaining({
            action: 'mail-failed',
            collection: 'bookOrders',
            title: `Сповіщення про замовлення видання → ${STAFF_INBOX}`,
          }),
        ]),
      );
      expect(smtp.received.length).toBe(received);

      // The admin's reset: refused too, and the admin is told no mail went out.
      const account = await server.identity.createAccount({
        email: 'refused@uhmi.example.org',
        password: OLD_PASSWORD,
        role: 'editor',
      });
      const answer = await trpc(server, 'mutation', 'authUsers.sendPasswordReset', { uid: account.uid }, adminCookie);
      expect(answer.code).toBe('BAD_GATEWAY');
      expect(answer.message).toContain('Лист не надіслано');
      expect(answer.message).toContain('npm run user -- reset-link refused@uhmi.example.org');
      expect(await auditOf(account.uid)).toEqual([
        expect.objectContaining({ action: 'mail-failed', collection: 'accounts' }),
      ]);
    } finally {
      smtp.refuse = false;
    }
  });
});
