/**
 * The staff notification of new book orders: a BookOrderListener that mails each stored order to
 * BOOK_ORDER_NOTIFY_EMAIL (default SUPPORT_EMAIL) through the outbox, in the background. A failed
 * send is logged and audited (`mail-failed`) by the outbox; the order is already stored.
 */
import { bookOrders } from '../../shared/content/types/bookOrders';
import type { BookOrderListener } from '../content/bookOrders';
import { SYSTEM_AUTHOR } from '../content/history';
import { BOOK_ORDER_KIND, bookOrderMail } from './bookOrderMail';
import type { MailOutbox } from './outbox';

/** The listener, or undefined when SMTP is not configured or nobody is to be told. */
export function bookOrderNotifier(opts: {
  outbox: MailOutbox;
  recipients: string[];
  publicUrl: string;
}): BookOrderListener | undefined {
  const { outbox, recipients, publicUrl } = opts;
  if (!outbox.configured || recipients.length === 0) return undefined;
  return (order, publicationTitle) => {
    const mail = bookOrderMail(recipients, {
      orderId: order.id,
      publicationTitle,
      name: order.data.name,
      email: order.data.email,
      phone: order.data.phone,
      organisation: order.data.organisation,
      quantity: order.data.quantity,
      comment: order.data.comment,
      createdAt: order.createdAt,
      adminUrl: `${publicUrl}/edit/admin/config/${bookOrders.adminSection}/${encodeURIComponent(order.id)}`,
    });
    outbox
      .send(mail, { actor: SYSTEM_AUTHOR, collection: bookOrders.key, documentId: order.id, kind: BOOK_ORDER_KIND })
      // Already logged and audited by the outbox; the visitor's order stands either way.
      .catch(() => {});
  };
}
