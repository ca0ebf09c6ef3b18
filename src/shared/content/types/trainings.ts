/** Trainings, courses and seminars for specialists: /Trainings. */
import { z } from 'zod';
import { trainingPermalink } from '../../routes';
import { TRAINING_FORMATS } from '../constants';
import { defineContentType, publishableFields } from '../define';
import { attachmentsSchema, optionalHref, optionalImage, requiredDate, richTextSchema, text } from '../fields';

export const trainings = defineContentType({
  key: 'trainings',
  adminSection: 'Trainings',
  labels: { singular: 'Навчання', plural: 'Навчання' },
  kind: 'collection',
  isPublic: true,
  publishable: true,
  schema: z.object({
    ...publishableFields,
    startDate: requiredDate('Дата початку'),
    endDate: requiredDate('Дата завершення'),
    format: z
      .enum(['offline', 'online', 'hybrid'])
      .meta({ label: 'Формат', widget: 'select', options: TRAINING_FORMATS })
      .default('offline'),
    location: text(300, 'Місце').default(''),
    audience: text(500, 'Для кого').default(''),
    registrationUrl: optionalHref('Посилання на реєстрацію'),
    body: richTextSchema,
    cover: optionalImage('Обкладинка'),
    attachments: attachmentsSchema,
  }),
  useAsTitle: 'title',
  slug: { field: 'slug', from: 'title' },
  defaultColumns: ['title', 'startDate', 'format', 'status'],
  // The /Trainings page shows each training in full (it has no item page).
  listFields: [
    'title',
    'slug',
    'summary',
    'cover',
    'startDate',
    'endDate',
    'format',
    'location',
    'audience',
    'body',
    'registrationUrl',
    'attachments',
  ],
  searchable: ['title', 'summary', 'location'],
  filters: ['format'],
  sorts: { upcoming: { by: ['startDate'], direction: 'asc' }, newest: { by: ['startDate'], direction: 'desc' } },
  rangeFields: ['startDate', 'endDate'],
  fileFields: ['cover', 'attachments'],
  relations: [],
  // A permalink: /Trainings/{slug} answers 302 to the list page that shows it (routes/public/trainings.tsx).
  publicPath: (d) => trainingPermalink(typeof d.slug === 'string' ? d.slug : String(d.id)),
  permalink: true,
});

export { TRAINING_FORMATS };
