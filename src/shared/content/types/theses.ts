/** Conference theses (abstracts): /conf/{conference}/{thesis}; edited inside their conference. */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import { authorSchema, idRefSchema, languageSchema, orderField, pdfRefSchema, richTextSchema, text } from '../fields';
import { LANGUAGE_FIELDS } from '../language';

export const theses = defineContentType({
  key: 'theses',
  labels: { singular: 'Тези', plural: 'Тези доповідей' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    conferenceId: idRefSchema.meta({ label: 'Конференція' }),
    /** Position within the conference programme (ascending). */
    order: orderField(100_000),
    section: text(200, 'Секція').default(''),
    authors: z
      .array(authorSchema)
      .min(1, 'Вкажіть хоча б одного автора')
      .max(30)
      .meta({ label: 'Автори', widget: 'objectList' }),
    keywords: z.array(text(80, 'Ключове слово')).max(20).default([]).meta({ label: 'Ключові слова', widget: 'tags' }),
    /** The abstract as rich text. */
    body: richTextSchema,
    pdf: pdfRefSchema.meta({ label: 'Повний текст (PDF)' }),
    /** The language the thesis is written in. */
    language: languageSchema.meta({ label: 'Мова тексту' }),
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'section', 'order', 'status'],
  listFields: ['title', 'slug', 'authors', 'section', 'language'],
  language: LANGUAGE_FIELDS.theses,
  searchable: ['title', 'summary'],
  filters: ['conferenceId', 'section'],
  sorts: { programme: { by: ['order'], direction: 'asc' }, title: { by: ['title'], direction: 'asc' } },
  fileFields: ['pdf'],
  relations: [{ field: 'conferenceId', to: 'conferences' }],
  publicPlace: {
    relation: 'conferenceId',
    path: (conference, d) => `${conference}/${typeof d.slug === 'string' ? d.slug : d.id}`,
    ownPage: true,
  },
});
