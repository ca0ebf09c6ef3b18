/** The password-reset mail (Ukrainian, plain text and HTML) with the one-time link. */
import { escapeHtml } from '../http/escapeHtml';
import { mailHtml } from './layout';
import type { OutgoingMail } from './transport';

export const PASSWORD_RESET_SUBJECT = 'Відновлення пароля — УкрГМІ';
/** The audit log's name for this kind of mail. */
export const PASSWORD_RESET_KIND = 'Відновлення пароля';

/** The message to `to` with `link` (built from PUBLIC_URL by the identity backend). */
export function passwordResetMail(to: string, link: string): OutgoingMail {
  const text = [
    'Добрий день!',
    '',
    'Хтось (можливо, ви або адміністратор сайту) попросив змінити пароль для входу в адміністративну частину сайту УкрГМІ.',
    'Щоб установити новий пароль, перейдіть за посиланням:',
    link,
    '',
    'Посилання дійсне одну годину і спрацює лише один раз. Якщо ви не просили змінити пароль, просто проігноруйте цей лист: пароль залишиться тим самим.',
  ].join('\n');
  const href = escapeHtml(link);
  const html = mailHtml(
    PASSWORD_RESET_SUBJECT,
    `<p>Добрий день!</p>
<p>Хтось (можливо, ви або адміністратор сайту) попросив змінити пароль для входу в адміністративну частину сайту УкрГМІ.</p>
<p><a href="${href}" style="display: inline-block; padding: 10px 18px; background: #1c5fa8; color: #fff; text-decoration: none; border-radius: 4px;">Установити новий пароль</a></p>
<p>Якщо кнопка не відкривається, скопіюйте посилання в адресний рядок браузера:<br><span style="word-break: break-all;">${href}</span></p>
<p>Посилання дійсне одну годину і спрацює лише один раз. Якщо ви не просили змінити пароль, просто проігноруйте цей лист: пароль залишиться тим самим.</p>`,
  );
  return { to, subject: PASSWORD_RESET_SUBJECT, text, html };
}
