/** Official documents (orders, regulations, reports, procurement): /docs and /docs/{slug}. */
import { z } from 'zod';
import { DOC_KINDS } from '../constants';
import { defineContentType, publishableFields } from '../define';
import { attachmentsSchema, requiredDate, richTextSchema, text } from '../fields';

export const docs = defineContentType({
  key: 'docs',
  adminSection: 'Docs',
  labels: { singular: 'Документ', plural: 'Документи' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    kind: z
      .enum(Object.keys(DOC_KINDS) as [keyof typeof DOC_KINDS, ...Array<keyof typeof DOC_KINDS>])
      .meta({ label: 'Вид', widget: 'select', options: DOC_KINDS })
      .default('other'),
    /** Registration number, e.g. «15-од». */
    number: text(60, 'Номер').default(''),
    /** Date the document was signed or approved. */
    date: requiredDate('Дата'),
    body: richTextSchema,
    attachments: attachmentsSchema,
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'kind', 'date', 'status'],
  listFields: ['title', 'slug', 'summary', 'kind', 'number', 'date'],
  searchable: ['title', 'summary', 'number'],
  filters: ['kind'],
  sorts: { newest: { by: ['date'], direction: 'desc' }, title: { by: ['title'], direction: 'asc' } },
  rangeFields: ['date'],
  fileFields: ['attachments'],
  relations: [],
  publicPath: (d) => `/docs/${typeof d.slug === 'string' ? d.slug : d.id}`,
});

export { DOC_KINDS };
