/**
 * Password-reset mail for the identity backends, through the server's outbox (mail/outbox.ts: SMTP
 * from SMTP_URL, every send recorded in the audit log without the link). Without SMTP there is no
 * mailer: no reset mail can be sent, and reset links are never written anywhere else (not to the
 * log): an administrator makes one with `npm run user -- reset-link EMAIL`.
 */
import { SYSTEM_AUTHOR } from '../content/history';
import { ACCOUNTS_AUDIT_COLLECTION, type MailOutbox } from '../mail/outbox';
import { EMAIL_ACTION_TEXTS, emailActionMail, type EmailAction } from '../mail/emailActionMail';
import { PASSWORD_RESET_KIND, passwordResetMail } from '../mail/passwordResetMail';
import type { Actor } from './types';

export interface Mailer {
  /**
   * Mails the reset link to `to`, the account `uid`, on behalf of `actor` (default: the system, for
   * the login page's request); resolves once sent, rejects (MailSendError) when the SMTP server
   * refuses it or cannot be reached. Either outcome is in the audit log.
   */
  sendPasswordReset(to: string, link: string, about: { uid: string; actor?: Actor }): Promise<void>;
  /** Mails a sign-in, address-confirmation or address-change link (emailActionMail.ts); settles as sendPasswordReset. */
  sendEmailAction(action: EmailAction, to: string, link: string, about: { uid: string; actor?: Actor }): Promise<void>;
}

/** The reset mailer over `outbox`, or undefined when no outbox is given or SMTP is not configured. */
export function passwordResetMailer(outbox: MailOutbox | undefined): Mailer | undefined {
  if (!outbox?.configured) return undefined;
  return {
    sendPasswordReset: (to, link, about) =>
      outbox.send(passwordResetMail(to, link), {
        actor: about.actor ?? SYSTEM_AUTHOR,
        collection: ACCOUNTS_AUDIT_COLLECTION,
        documentId: about.uid,
        kind: PASSWORD_RESET_KIND,
      }),
    sendEmailAction: (action, to, link, about) =>
      outbox.send(emailActionMail(action, to, link), {
        actor: about.actor ?? SYSTEM_AUTHOR,
        collection: ACCOUNTS_AUDIT_COLLECTION,
        documentId: about.uid,
        kind: EMAIL_ACTION_TEXTS[action].kind,
      }),
  };
}

/** The admin's answer when a reset could not be mailed because SMTP is not configured. */
export function noMailMessage(email: string): string {
  return `Пошту (SMTP_URL) на сервері не налаштовано, тому лист не надіслано. Одноразове посилання для зміни пароля адміністратор сервера може отримати командою: npm run user -- reset-link ${email}`;
}

/** The admin's answer when the SMTP server refused the reset mail or could not be reached. */
export function mailFailedMessage(email: string): string {
  return `Лист не надіслано: поштовий сервер його не прийняв або недоступний (подробиці — у журналі змін і журналі сервера). Спробуйте пізніше або отримайте одноразове посилання командою: npm run user -- reset-link ${email}`;
}
