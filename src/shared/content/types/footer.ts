/** Footer settings: link columns, contacts, social links, copyright line (singleton). */
import { z } from 'zod';
import { SOCIAL_NETWORKS } from '../constants';
import { defineContentType } from '../define';
import { emailSchema, linkSchema, requiredText, text, webUrlSchema } from '../fields';

export const footer = defineContentType({
  key: 'footer',
  adminSection: 'Footer',
  labels: { singular: 'Підвал сайту', plural: 'Підвал сайту' },
  kind: 'singleton',
  isPublic: true,
  publishable: false,
  schema: z.object({
    columns: z
      .array(
        z.object({
          title: requiredText(100, 'Заголовок колонки'),
          links: z.array(linkSchema).max(30).default([]).meta({ label: 'Посилання', widget: 'objectList' }),
        }),
      )
      .max(6)
      .default([])
      .meta({ label: 'Колонки посилань', widget: 'objectList' }),
    address: text(300, 'Адреса').default(''),
    phone: text(60, 'Телефон').default(''),
    email: emailSchema.or(z.literal('')).default(''),
    social: z
      .array(
        z.object({
          network: z
            .enum(['facebook', 'youtube', 'telegram', 'x', 'linkedin'])
            .meta({ label: 'Мережа', widget: 'select', options: SOCIAL_NETWORKS }),
          url: webUrlSchema.meta({ label: 'Посилання' }),
        }),
      )
      .max(10)
      .default([])
      .meta({ label: 'Соцмережі', widget: 'objectList' }),
    copyright: text(300, 'Копірайт').default(''),
  }),
  useAsTitle: 'copyright',
  defaultColumns: ['copyright'],
  searchable: [],
  filters: [],
  sorts: {},
  fileFields: [],
  relations: [],
});

export { SOCIAL_NETWORKS };
