/** Free pages served at /{slug} (and the fixed pages /COP29 and /msg/tethys). */
import { z } from 'zod';
import { builtInSectionOf } from '../../routes';
import { FIXED_PAGE_SLUGS } from '../constants';
import { defineContentType, legacyPublishableFields } from '../define';
import { attachmentsSchema, legacySlugSchema, optionalImage, richTextSchema } from '../fields';

/** «Ця адреса зайнята розділом сайту «Новини»: оберіть іншу» (the section named when it has a name). */
export function builtInSectionMessage(section: string): string {
  return `Ця адреса зайнята розділом сайту${section ? ` «${section}»` : ''}: оберіть іншу`;
}

/**
 * A page's slug (its address `/{slug}`): never the first segment of a built-in section or of what the
 * server answers itself (`builtInSectionOf`), save the fixed page /COP29, which is a page.
 */
const pageSlugSchema = legacySlugSchema
  .superRefine((slug, ctx) => {
    if (slug === FIXED_PAGE_SLUGS.cop29) return;
    const section = builtInSectionOf(slug);
    if (section !== null) ctx.addIssue({ code: 'custom', message: builtInSectionMessage(section) });
  })
  .meta(legacySlugSchema.meta() ?? {});

export const pages = defineContentType({
  key: 'pages',
  adminSection: 'Pages',
  labels: { singular: 'Сторінка', plural: 'Сторінки' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...legacyPublishableFields,
    slug: pageSlugSchema,
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
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
