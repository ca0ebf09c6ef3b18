/** Research departments and laboratories: /Departments and /Departments/{slug}. */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import { emailSchema, idRefSchema, optionalImage, orderField, requiredText, richTextSchema, text } from '../fields';

export const departments = defineContentType({
  key: 'departments',
  adminSection: 'Departments',
  labels: { singular: 'Підрозділ', plural: 'Наукові підрозділи' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    // Its own name for the title field, so a message under it names the right field.
    title: requiredText(300, 'Назва підрозділу'),
    shortName: text(60, 'Скорочена назва').default(''),
    order: orderField(),
    /** The staff member (users) who heads the department. */
    headId: idRefSchema.nullable().default(null).meta({ label: 'Керівник' }),
    researchAreas: z
      .array(text(300, 'Напрям'))
      .max(30)
      .default([])
      .meta({ label: 'Напрями досліджень', widget: 'tags' }),
    phone: text(60, 'Телефон').default(''),
    email: emailSchema.or(z.literal('')).default(''),
    room: text(60, 'Кімната').default(''),
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'shortName', 'order', 'status'],
  listFields: ['title', 'slug', 'summary', 'shortName'],
  searchable: ['title', 'summary'],
  filters: [],
  sorts: { order: { by: ['order'], direction: 'asc' }, title: { by: ['title'], direction: 'asc' } },
  fileFields: ['cover'],
  relations: [{ field: 'headId', to: 'users' }],
  publicPath: (d) => `/Departments/${typeof d.slug === 'string' ? d.slug : d.id}`,
});
