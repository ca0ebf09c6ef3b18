/**
 * The staff notification of a new book order (Ukrainian, plain text and HTML): who ordered what, how
 * many copies, how to reach them, and the order's page in the admin. The visitor's values are escaped
 * in the HTML; replies go to the visitor's address.
 */
import { SITE_TIME_ZONE } from '../../shared/content/constants';
import { escapeHtml } from '../http/escapeHtml';
import { mailHtml } from './layout';
import type { OutgoingMail } from './transport';

/** The audit log's name for this kind of mail. */
export const BOOK_ORDER_KIND = 'Сповіщення про замовлення видання';

export interface BookOrderMailInput {
  orderId: string;
  publicationTitle: string;
  name: string;
  email: string;
  phone: string;
  organisation: string;
  quantity: number;
  comment: string;
  /** ISO instant the order was stored. */
  createdAt: string;
  /** The order in the admin: `{PUBLIC_URL}/edit/admin/config/BookOrders/{id}`. */
  adminUrl: string;
}

const formatKyiv = (iso: string) =>
  new Intl.DateTimeFormat('uk-UA', { dateStyle: 'long', timeStyle: 'short', timeZone: SITE_TIME_ZONE }).format(
    new Date(iso),
  );

/** The notification to `to` (one or more staff addresses). */
export function bookOrderMail(to: string[], order: BookOrderMailInput): OutgoingMail {
  const subject = `Нове замовлення видання: ${order.publicationTitle}`;
  const rows: Array<[string, string]> = [
    ['Видання', order.publicationTitle],
    ['Кількість примірників', String(order.quantity)],
    ["Ім'я", order.name],
    ['Електронна пошта', order.email],
    ['Телефон', order.phone || '—'],
    ['Організація', order.organisation || '—'],
    ['Коментар', order.comment || '—'],
    ['Отримано', formatKyiv(order.createdAt)],
  ];
  const text = [
    'На сайті УкрГМІ надійшло нове замовлення видання.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `Замовлення в адмініструванні сайту: ${order.adminUrl}`,
    'Щоб відповісти замовникові, відповідайте на цей лист.',
  ].join('\n');
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align: left; vertical-align: top; padding: 4px 12px 4px 0; white-space: nowrap;">${escapeHtml(label)}</th><td style="padding: 4px 0; white-space: pre-wrap;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = mailHtml(
    subject,
    `<p>На сайті УкрГМІ надійшло нове замовлення видання.</p>
<table style="border-collapse: collapse;">
${table}
</table>
<p><a href="${escapeHtml(order.adminUrl)}">Відкрити замовлення в адмініструванні сайту</a></p>
<p>Щоб відповісти замовникові, відповідайте на цей лист.</p>`,
  );
  return { to, subject, text, html, replyTo: order.email };
}
