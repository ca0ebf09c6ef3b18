/**
 * Outgoing mail for password resets: through SMTP (nodemailer) when SMTP_URL is configured,
 * otherwise the link is written to the server log so an administrator can pass it on.
 */
import nodemailer from 'nodemailer';

export interface Mailer {
  sendPasswordReset(to: string, link: string): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; log: { info(message: string): void } }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async sendPasswordReset(to, link) {
        opts.log.info(`Password reset for ${to} (no SMTP configured): ${link}`);
      },
    };
  }
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
