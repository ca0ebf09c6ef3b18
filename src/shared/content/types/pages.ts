/** Free pages served at /{slug} (and the fixed pages /COP29 and /msg/tethys). */
import { z } from 'zod';
import { FIXED_PAGE_SLUGS } from '../constants';
import { defineContentType, legacyPublishableFields } from '../define';
import { attachmentsSchema, imageRefSchema, richTextSchema } from '../fields';

export const pages = defineContentType({
  key: 'pages',
  adminSection: 'Pages',
  labels: { singular: 'Сторінка', plural: 'Сторінки' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...legacyPublishableFields,
    body: richTextSchema,
    cover: imageRefSchema.nullable().default(null).meta({ label: 'Обкладинка' }),
    attachments: attachmentsSchema,
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'slug', 'status'],
  searchable: ['title', 'summary'],
  filters: [],
  sorts: { title: { by: ['title'], direction: 'asc' } },
  fileFields: ['cover', 'attachments'],
  relations: [],
  // /msg/tethys keeps the old site's two-segment address; every other page is /{slug}.
  publicPath: (d) =>
    d.slug === FIXED_PAGE_SLUGS.tethys ? '/msg/tethys' : `/${typeof d.slug === 'string' ? d.slug : d.id}`,
});

export { FIXED_PAGE_SLUGS };
