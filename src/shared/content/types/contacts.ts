/** Contact points of the institute (reception, HR, postgraduate office...): /Contacts. */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import { emailSchema, orderField, requiredText, text } from '../fields';

export const contacts = defineContentType({
  key: 'contacts',
  adminSection: 'Contacts',
  labels: { singular: 'Контакт', plural: 'Контакти' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    // Its own name for the title field, so a message under it names the right field.
    title: requiredText(300, 'Назва'),
    order: orderField(),
    phones: z.array(text(60, 'Телефон')).max(10).default([]).meta({ label: 'Телефони', widget: 'tags' }),
    email: emailSchema.or(z.literal('')).default(''),
    address: text(300, 'Адреса').default(''),
    /** Working hours, e.g. «пн–чт 8:30–17:30, пт 8:30–16:15». */
    hours: text(300, 'Години роботи').default(''),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'email', 'order', 'status'],
  listFields: ['title', 'slug', 'summary', 'address', 'phones', 'email', 'hours'],
  searchable: ['title', 'email'],
  filters: [],
  sorts: { order: { by: ['order'], direction: 'asc' } },
  fileFields: [],
  relations: [],
  publicPlace: { page: '/Contacts' },
});
