/**
 * The SMTP connection of the server: nodemailer, configured from SMTP_URL (smtp://user:pass@host:587
 * with STARTTLS when offered, smtps://… for implicit TLS) and MAIL_FROM. Without SMTP_URL there is no
 * transport and nothing can be mailed; callers must say so rather than claim a mail was sent.
 * nodemailer (some 13 MB of memory) is loaded with the first message, not at start.
 */
import type { Transporter } from 'nodemailer';

/** One message, always in both forms: plain text and HTML (user data escaped by the template). */
export interface OutgoingMail {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  /** Where replies go (a book order's customer), when not to MAIL_FROM. */
  replyTo?: string;
}

export interface MailTransport {
  /** Sends one message; rejects when the SMTP server cannot be reached or refuses it. */
  send(mail: OutgoingMail): Promise<void>;
}

/** Seconds nodemailer waits for a connection, the greeting and each reply (its defaults are minutes). */
const SMTP_TIMEOUT_MS = 20_000;

/** The SMTP transport, or undefined when SMTP_URL is not set. */
export function createMailTransport(opts: { smtpUrl?: string; from: string }): MailTransport | undefined {
  const { smtpUrl } = opts;
  if (!smtpUrl) return undefined;
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({
          url: smtpUrl,
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        }),
      );
      const smtp = await transport;
      await smtp.sendMail({
        from: opts.from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}
