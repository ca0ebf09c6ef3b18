/** Activities of the institute (research, postgraduate studies, reception of citizens): /activity. */
import { z } from 'zod';
import { RECEPTION_SLUG } from '../constants';
import { defineContentType, publishableFields } from '../define';
import { attachmentsSchema, optionalImage, orderField, richTextSchema } from '../fields';

export const activities = defineContentType({
  key: 'activities',
  labels: { singular: 'Напрям діяльності', plural: 'Діяльність' },
  adminSection: 'Activities',
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    order: orderField(),
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
    attachments: attachmentsSchema,
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'order', 'status'],
  listFields: ['title', 'slug', 'summary', 'cover'],
  searchable: ['title', 'summary'],
  filters: [],
  sorts: { order: { by: ['order'], direction: 'asc' }, title: { by: ['title'], direction: 'asc' } },
  fileFields: ['cover', 'attachments'],
  relations: [],
  publicPath: (d) => `/activity/${typeof d.slug === 'string' ? d.slug : d.id}`,
});

export { RECEPTION_SLUG };
