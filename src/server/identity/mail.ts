/**
 * Outgoing mail for password resets, through SMTP (nodemailer) when SMTP_URL is configured. Without
 * SMTP there is no mailer: no reset mail can be sent, and reset links are never written anywhere else
 * (not to the log): an administrator makes one with `npm run user -- reset-link EMAIL`.
 */
import nodemailer from 'nodemailer';

export interface Mailer {
  /** Sends the reset link to `to`; rejects when the SMTP server refuses it. */
  sendPasswordReset(to: string, link: string): Promise<void>;
}

/** The SMTP mailer, or undefined when SMTP_URL is not set. */
export function createMailer(opts: { smtpUrl?: string; from: string }): Mailer | undefined {
  if (!opts.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async sendPasswordReset(to, link) {
      await transport.sendMail({
        from: opts.from,
        to,
        subject: 'Відновлення пароля — УкрГМІ',
        text: `Добрий день!\n\nЩоб установити новий пароль для входу в адміністративну частину сайту УкрГМІ, перейдіть за посиланням:\n${link}\n\nПосилання дійсне одну годину. Якщо ви не просили змінити пароль, просто проігноруйте цей лист.`,
      });
    },
  };
}

/** The admin's answer when a reset could not be mailed because SMTP is not configured. */
export function noMailMessage(email: string): string {
  return `Пошту (SMTP_URL) на сервері не налаштовано, тому лист не надіслано. Одноразове посилання для зміни пароля адміністратор сервера може отримати командою: npm run user -- reset-link ${email}`;
}
