/** Orders for printed copies of publications, sent from the public form; staff-only. */
import { z } from 'zod';
import { BOOK_ORDER_STATES } from '../constants';
import { BOOK_ORDER_TEXT_FIELDS as F } from '../bookOrderFields';
import { defineContentType } from '../define';
import { emailSchema, idRefSchema, requiredText, text } from '../fields';

export const bookOrders = defineContentType({
  key: 'bookOrders',
  adminSection: 'BookOrders',
  labels: { singular: 'Замовлення видання', plural: 'Замовлення видань' },
  kind: 'collection',
  isPublic: false,
  publishable: false,
  schema: z.object({
    publicationId: idRefSchema.meta({ label: 'Видання' }),
    name: requiredText(F.name.max, F.name.label),
    email: emailSchema,
    phone: text(F.phone.max, F.phone.label).default(''),
    organisation: text(F.organisation.max, F.organisation.label).default(''),
    quantity: z
      .number({ error: 'Вкажіть кількість примірників числом' })
      .int('Кількість має бути цілим числом')
      .min(1, 'Щонайменше 1 примірник')
      .max(100, 'Не більше 100 примірників')
      .meta({ label: 'Кількість' }),
    comment: text(F.comment.max, F.comment.label).default(''),
    state: z
      .enum(['new', 'in_progress', 'done', 'cancelled'])
      .meta({ label: 'Стан замовлення', widget: 'select', options: BOOK_ORDER_STATES })
      .default('new'),
  }),
  useAsTitle: 'name',
  defaultColumns: ['name', 'publicationId', 'quantity', 'state'],
  searchable: ['name', 'email', 'organisation'],
  filters: ['state', 'publicationId'],
  sorts: { newest: { by: ['createdAt'], direction: 'desc' } },
  fileFields: [],
  relations: [{ field: 'publicationId', to: 'publications' }],
});

/**
 * The public order form: the fields a visitor fills in, plus `website`, a honeypot people leave
 * empty (an order with it filled in is answered as accepted and not stored).
 */
export const bookOrderFormSchema = bookOrders.schema
  .pick({
    publicationId: true,
    name: true,
    email: true,
    phone: true,
    organisation: true,
    quantity: true,
    comment: true,
  })
  .extend({ website: z.string().max(500).optional() });

export { BOOK_ORDER_STATES };
