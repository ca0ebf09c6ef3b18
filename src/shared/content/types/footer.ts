/** Footer settings: link columns, contacts, social links, copyright line (singleton). */
import { z } from 'zod';
import { defineContentType } from '../define';
import { emailSchema, linkSchema, requiredText, text } from '../fields';

export const SOCIAL_NETWORKS = { facebook: 'Facebook', youtube: 'YouTube', telegram: 'Telegram', x: 'X', linkedin: 'LinkedIn' } as const;

export const footer = defineContentType({
  key: 'footer',
  adminSection: 'Footer',
  labels: { singular: 'Підвал сайту', plural: 'Підвал сайту' },
  kind: 'singleton',
  isPublic: true,
  publishable: false,
  schema: z.object({
    columns: z
      .array(z.object({ title: requiredText(100, 'Заголовок колонки'), links: z.array(linkSchema).max(30).default([]) }))
      .max(6)
      .default([]),
    address: text(300, 'Адреса').default(''),
    phone: text(60, 'Телефон').default(''),
    email: emailSchema.or(z.literal('')).default(''),
    social: z
      .array(z.object({ network: z.enum(['facebook', 'youtube', 'telegram', 'x', 'linkedin']), url: z.url() }))
      .max(10)
      .default([]),
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
