/** Scientific developments (models, methods, software, atlases) offered by the institute. */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import { attachmentsSchema, imageRefSchema, linkSchema, richTextSchema, text } from '../fields';

export const developments = defineContentType({
  key: 'developments',
  adminSection: 'Developments',
  labels: { singular: 'Розробка', plural: 'Розробки' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    year: z.number().int().min(1900).max(2100).meta({ label: 'Рік' }),
    authors: z.array(text(200, 'Автор')).max(30).default([]).meta({ label: 'Автори', widget: 'tags' }),
    /** Where it is applied, e.g. «оперативна практика УкрГМЦ». */
    application: text(1000, 'Застосування').default(''),
    body: richTextSchema,
    cover: imageRefSchema.nullable().default(null).meta({ label: 'Обкладинка' }),
    attachments: attachmentsSchema,
    links: z.array(linkSchema).max(20).default([]).meta({ label: 'Посилання', widget: 'objectList' }),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'year', 'status'],
  searchable: ['title', 'summary'],
  filters: ['year'],
  sorts: { newest: { by: ['year'], direction: 'desc' }, title: { by: ['title'], direction: 'asc' } },
  fileFields: ['cover', 'attachments'],
  relations: [],
});
