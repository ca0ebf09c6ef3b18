/**
 * The identity mails with a one-time link besides the password reset (Ukrainian, plain text and
 * HTML): sign-in by email link, confirming an address, and confirming a new address before an email
 * change. Each link is built by the identity backend from PUBLIC_URL.
 */
import { escapeHtml } from '../http/escapeHtml';
import { mailHtml } from './layout';
import type { OutgoingMail } from './transport';

export type EmailAction = 'signIn' | 'verifyEmail' | 'verifyAndChangeEmail';

interface ActionTexts {
  subject: string;
  /** The audit log's name for this kind of mail. */
  kind: string;
  intro: string;
  button: string;
  outro: string;
}

export const EMAIL_ACTION_TEXTS: Record<EmailAction, ActionTexts> = {
  signIn: {
    subject: 'Вхід на сайт — УкрГМІ',
    kind: 'Посилання для входу',
    intro: 'Хтось (можливо, ви) попросив посилання для входу в адміністративну частину сайту УкрГМІ.',
    button: 'Увійти',
    outro:
      'Посилання дійсне одну годину і спрацює лише один раз. Якщо ви не просили увійти, просто проігноруйте цей лист.',
  },
  verifyEmail: {
    subject: 'Підтвердження адреси — УкрГМІ',
    kind: 'Підтвердження адреси',
    intro: 'Підтвердьте, що ця адреса електронної пошти належить вашому обліковому запису на сайті УкрГМІ.',
    button: 'Підтвердити адресу',
    outro: 'Посилання дійсне одну годину і спрацює лише один раз. Якщо ви не очікували цього листа, проігноруйте його.',
  },
  verifyAndChangeEmail: {
    subject: 'Зміна адреси електронної пошти — УкрГМІ',
    kind: 'Зміна адреси',
    intro:
      'Хтось (можливо, ви) попросив змінити адресу облікового запису на сайті УкрГМІ на цю. Адресу буде змінено, щойно ви її підтвердите.',
    button: 'Підтвердити нову адресу',
    outro:
      'Посилання дійсне одну годину і спрацює лише один раз. Якщо ви не просили змінити адресу, проігноруйте цей лист: нічого не зміниться.',
  },
};

/** The mail of `action` to `to` with its one-time `link`. */
export function emailActionMail(action: EmailAction, to: string, link: string): OutgoingMail {
  const t = EMAIL_ACTION_TEXTS[action];
  const text = ['Добрий день!', '', t.intro, 'Перейдіть за посиланням:', link, '', t.outro].join('\n');
  const href = escapeHtml(link);
  const html = mailHtml(
    t.subject,
    `<p>Добрий день!</p>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #1c5fa8; color: #fff; text-decoration: none; border-radius: 4px;">${escapeHtml(t.button)}</a></p>
<p>Якщо кнопка не відкривається, скопіюйте посилання в адресний рядок браузера:<br><span style="word-break: break-all;">${href}</span></p>
<p>${escapeHtml(t.outro)}</p>`,
  );
  return { to, subject: t.subject, text, html };
}
