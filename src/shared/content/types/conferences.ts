/** Scientific conferences: /conf and /conf/{slug}; their theses are a separate type. */
import { z } from 'zod';
import { defineContentType, publishableFields } from '../define';
import {
  attachmentsSchema,
  dateSchema,
  optionalHref,
  optionalImage,
  requiredDate,
  richTextSchema,
  text,
} from '../fields';

export const conferences = defineContentType({
  key: 'conferences',
  adminSection: 'Conferences',
  labels: { singular: 'Конференція', plural: 'Конференції' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    startDate: requiredDate('Дата початку'),
    endDate: requiredDate('Дата завершення'),
    location: text(300, 'Місце').default(''),
    organizers: text(1000, 'Організатори').default(''),
    /** Last day to submit theses. */
    submissionDeadline: dateSchema.nullable().default(null).meta({ label: 'Прийом тез до' }),
    registrationUrl: optionalHref('Посилання на реєстрацію'),
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
    attachments: attachmentsSchema,
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'startDate', 'location', 'status'],
  listFields: ['title', 'slug', 'summary', 'cover', 'startDate', 'endDate', 'location'],
  searchable: ['title', 'summary', 'location'],
  filters: [],
  sorts: { newest: { by: ['startDate'], direction: 'desc' }, upcoming: { by: ['startDate'], direction: 'asc' } },
  rangeFields: ['startDate', 'endDate'],
  fileFields: ['cover', 'attachments'],
  relations: [],
  publicPath: (d) => `/conf/${typeof d.slug === 'string' ? d.slug : d.id}`,
});
