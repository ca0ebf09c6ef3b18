/** News items: /News and /News/{slug}. */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import { attachmentsSchema, optionalImage, requiredDateTime, richTextSchema, text } from '../fields';

export const news = defineContentType({
  key: 'news',
  adminSection: 'News',
  labels: { singular: 'Новина', plural: 'Новини' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    /** The moment the news is dated by (shown on the site, sorts the list). */
    date: requiredDateTime('Дата'),
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
    attachments: attachmentsSchema,
    tags: z.array(text(60, 'Мітка')).max(20).default([]).meta({ label: 'Мітки', widget: 'tags' }),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'date', 'status'],
  listFields: ['title', 'slug', 'summary', 'cover', 'date'],
  searchable: ['title', 'summary'],
  filters: ['tags'],
  sorts: { newest: { by: ['date'], direction: 'desc' }, oldest: { by: ['date'], direction: 'asc' } },
  rangeFields: ['date'],
  fileFields: ['cover', 'attachments'],
  relations: [],
  publicPath: (d) => `/News/${typeof d.slug === 'string' ? d.slug : d.id}`,
});
