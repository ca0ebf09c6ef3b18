/** Header settings: the site name and the main menu tree (singleton). */
import { z } from 'zod';
import type { MenuItem } from '../constants';
import { defineContentType } from '../define';
import { hrefSchema, requiredText, text } from '../fields';

export type { MenuItem };

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    label: requiredText(100, 'Пункт меню'),
    href: hrefSchema,
    children: z.array(menuItemSchema).max(30).default([]),
  }),
) as z.ZodType<MenuItem>;

export const header = defineContentType({
  key: 'header',
  adminSection: 'Header',
  labels: { singular: 'Шапка сайту', plural: 'Шапка сайту' },
  kind: 'singleton',
  isPublic: true,
  publishable: false,
  schema: z.object({
    siteName: requiredText(300, 'Назва сайту'),
    shortName: text(40, 'Скорочена назва').default(''),
    tagline: text(300, 'Підзаголовок').default(''),
    menu: z.array(menuItemSchema).max(30).default([]),
  }),
  useAsTitle: 'siteName',
  defaultColumns: ['siteName'],
  searchable: [],
  filters: [],
  sorts: {},
  fileFields: [],
  relations: [],
});
