/**
 * Public book orders (the order form on the publications pages): validated by the shared
 * `bookOrderFormSchema`, rate-limited per client address (5 orders an hour by default; in memory in
 * the embedded mode, shared through Firestore in firebase mode: rateLimit.ts), with a honeypot field (`website`, hidden from people) whose orders are
 * answered as accepted and not stored. Only published, orderable publications can be ordered.
 * Orders are stored with state `new`; staff handle them in the admin (BookOrders), and are told of
 * each by mail when SMTP is configured (the `onOrder` listener).
 */
import type { z } from 'zod';
import { bookOrders, type bookOrderFormSchema } from '../../shared/content/types/bookOrders';
import { publications } from '../../shared/content/types/publications';
import { memoryRateLimiter, type RateLimiter, type RateLimiterFactory } from '../rateLimit';
import type { StoredDocument } from '../store/port';
import { RateLimitedError, ValidationError } from './errors';
import type { ContentService } from './service';
import { textOf } from './text';

export type BookOrderForm = z.output<typeof bookOrderFormSchema>;
export type BookOrder = z.output<typeof bookOrders.schema>;

/**
 * Told about each stored order with its publication's title (the staff notification by mail,
 * mail/bookOrderNotifier.ts). Called after the order is stored, not awaited; must not throw.
 */
export type BookOrderListener = (order: StoredDocument<BookOrder>, publicationTitle: string) => void;

export const NOT_ORDERABLE_MESSAGE = 'Це видання не можна замовити';
export const TOO_MANY_ORDERS_MESSAGE = 'Забагато замовлень. Спробуйте пізніше.';

export interface BookOrderLimits {
  /** Orders one client address may send per `durationSeconds`. */
  points: number;
  durationSeconds: number;
}

export const DEFAULT_BOOK_ORDER_LIMITS: BookOrderLimits = { points: 5, durationSeconds: 3600 };

export class BookOrderService {
  private readonly limiter: RateLimiter;

  constructor(
    private readonly content: ContentService,
    limits: BookOrderLimits = DEFAULT_BOOK_ORDER_LIMITS,
    rateLimiter: RateLimiterFactory = memoryRateLimiter,
    private readonly onOrder?: BookOrderListener,
  ) {
    this.limiter = rateLimiter({ name: 'book-order', points: limits.points, durationSeconds: limits.durationSeconds });
  }

  /**
   * Takes an order from the public form. Throws RateLimitedError «Забагато замовлень…» past the
   * limit for `ip`, ValidationError «Це видання не можна замовити» for a
   * publication that is missing, unpublished or not orderable. A filled honeypot is answered the
   * same as a stored order.
   */
  async submit(input: BookOrderForm, ip: string | null): Promise<{ ok: true }> {
    const limited = await this.limiter.consume(ip ?? 'unknown');
    if (!limited.allowed) {
      throw new RateLimitedError(TOO_MANY_ORDERS_MESSAGE, {
        reason: 'rate-limited',
        retryAfterSeconds: Math.ceil(limited.retryAfterMs / 1000),
      });
    }
    const { website, ...fields } = input;
    if (website && website.trim()) return { ok: true };
    const publication = await this.content.store.get<Record<string, unknown>>(publications.key, fields.publicationId);
    if (
      !publication ||
      !this.content.isVisible(publications, publication.data) ||
      publication.data.orderable !== true
    ) {
      throw new ValidationError(NOT_ORDERABLE_MESSAGE, { reason: 'not-orderable' });
    }
    const order = await this.content.store.create(bookOrders.key, bookOrders.schema.parse({ ...fields, state: 'new' }));
    // Stored first: the notification (and its failure) cannot lose the order.
    this.onOrder?.(order, textOf(publication.data.title));
    return { ok: true };
  }
}
