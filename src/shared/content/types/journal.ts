/** Issues of the journal «Метеорологія. Гідрологія. Моніторинг довкілля»: /journal and /journal/{slug}. */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import {
  authorSchema,
  doiSchema,
  integer,
  optionalImage,
  pdfRefSchema,
  requiredText,
  richTextSchema,
  text,
  year,
} from '../fields';

export const tocEntrySchema = z.object({
  title: requiredText(500, 'Назва статті'),
  authors: z.array(authorSchema).max(30).default([]).meta({ label: 'Автори', widget: 'objectList' }),
  /** Page range, e.g. «5–17». */
  pages: text(20, 'Сторінки').default(''),
  doi: doiSchema('DOI'),
  /** The article's abstract as plain text (paragraphs separated by blank lines); Crossref deposits it as JATS. */
  abstract: text(5000, 'Анотація').default(''),
});
export type TocEntry = z.infer<typeof tocEntrySchema>;

export const journal = defineContentType({
  key: 'journal',
  adminSection: 'Journal',
  labels: { singular: 'Випуск журналу', plural: 'Випуски журналу' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    // Its own name for the title field, so a message under it names the right field.
    title: requiredText(300, 'Назва випуску'),
    year: year('Рік', 1900, 2100),
    volume: integer('Том', 1, 10_000),
    number: integer('Номер випуску', 1, 100),
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
    pdf: pdfRefSchema.meta({ label: 'Повний текст (PDF)' }),
    toc: z.array(tocEntrySchema).max(200).default([]).meta({ label: 'Зміст', widget: 'objectList' }),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'year', 'number', 'status'],
  listFields: ['title', 'slug', 'cover', 'summary', 'year', 'volume', 'number'],
  searchable: ['title', 'summary'],
  filters: ['year'],
  sorts: { newest: { by: ['year', 'number'], direction: 'desc' } },
  fileFields: ['cover', 'pdf'],
  relations: [],
  publicPath: (d) => `/journal/${typeof d.slug === 'string' ? d.slug : d.id}`,
});
