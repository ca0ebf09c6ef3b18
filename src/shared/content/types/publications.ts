/** Publications: monographs, guidance documents, serials, atlases: /publications and /publications/{slug}. */
import { z } from 'zod';
import { PUBLICATION_KINDS } from '../constants';
import { defineContentType, publishableFields } from '../define';
import {
  attachmentsSchema,
  doiSchema,
  integer,
  languageSchema,
  optionalHref,
  optionalImage,
  richTextSchema,
  text,
  year,
} from '../fields';
import { LANGUAGE_FIELDS } from '../language';

export const publications = defineContentType({
  key: 'publications',
  adminSection: 'Publications',
  labels: { singular: 'Публікація', plural: 'Публікації' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    kind: z
      .enum(
        Object.keys(PUBLICATION_KINDS) as [keyof typeof PUBLICATION_KINDS, ...Array<keyof typeof PUBLICATION_KINDS>],
      )
      .meta({ label: 'Вид', widget: 'select', options: PUBLICATION_KINDS }),
    authors: z.array(text(200, 'Автор')).max(50).default([]).meta({ label: 'Автори', widget: 'tags' }),
    year: year('Рік', 1800, 2100),
    publisher: text(300, 'Видавництво').default(''),
    pages: integer('Сторінок', 0, 100_000).nullable().default(null),
    /** A journal article's journal (container title), volume, issue, and pages («5–18») or article number. */
    journalTitle: text(300, 'Журнал (для статті)').default(''),
    journalVolume: text(20, 'Том журналу').default(''),
    journalIssue: text(20, 'Номер журналу').default(''),
    journalPages: text(40, 'Сторінки статті або її номер').default(''),
    isbn: text(40, 'ISBN').default(''),
    doi: doiSchema('DOI'),
    url: optionalHref('Посилання'),
    /** Whether visitors may order printed copies (book orders). */
    orderable: z.boolean().default(false).meta({ label: 'Можна замовити друкований примірник' }),
    /** The language of the work's title and publisher (an article in an English journal: `en`). */
    language: languageSchema.meta({ label: 'Мова тексту' }),
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
    attachments: attachmentsSchema,
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'kind', 'year', 'status'],
  listFields: ['title', 'slug', 'cover', 'summary', 'kind', 'year', 'authors', 'language'],
  language: LANGUAGE_FIELDS.publications,
  searchable: ['title', 'summary', 'publisher'],
  filters: ['kind', 'year'],
  sorts: { newest: { by: ['year'], direction: 'desc' }, title: { by: ['title'], direction: 'asc' } },
  fileFields: ['cover', 'attachments'],
  relations: [],
  publicPath: (d) => `/publications/${typeof d.slug === 'string' ? d.slug : d.id}`,
});

export { PUBLICATION_KINDS };
