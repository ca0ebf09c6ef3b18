/** Scientific developments (models, methods, software, atlases): /Developments and /Developments/{slug}. */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import { attachmentsSchema, idRefSchema, linkSchema, optionalImage, richTextSchema, text, year } from '../fields';

export const developments = defineContentType({
  key: 'developments',
  adminSection: 'Developments',
  labels: { singular: 'Розробка', plural: 'Розробки' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    year: year('Рік', 1900, 2100),
    authors: z.array(text(200, 'Автор')).max(30).default([]).meta({ label: 'Автори', widget: 'tags' }),
    /** Where it is applied, e.g. «оперативна практика УкрГМЦ». */
    application: text(1000, 'Застосування').default(''),
    /** The department that made it (its page lists its developments). */
    departmentId: idRefSchema.nullable().default(null).meta({ label: 'Підрозділ' }),
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
    attachments: attachmentsSchema,
    links: z.array(linkSchema).max(20).default([]).meta({ label: 'Посилання', widget: 'objectList' }),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'year', 'status'],
  listFields: ['title', 'slug', 'summary', 'cover', 'year', 'authors', 'departmentId'],
  searchable: ['title', 'summary', 'application'],
  // Only what the pages ask for: each filter and sort costs Firestore indexes (at most 160 in all).
  filters: ['departmentId'],
  sorts: { newest: { by: ['year'], direction: 'desc' } },
  fileFields: ['cover', 'attachments'],
  relations: [{ field: 'departmentId', to: 'departments' }],
  publicPath: (d) => `/Developments/${typeof d.slug === 'string' ? d.slug : d.id}`,
});
