/** Header settings: the site name and the main menu tree (singleton). */
import { z } from 'zod';
import type { MenuItem } from '../constants';
import { defineContentType } from '../define';
import { hrefSchema, requiredText, text } from '../fields';

export type { MenuItem };

/** A menu entry as written (children may be omitted). */
export interface MenuItemInput {
  label: string;
  href: string;
  children?: MenuItemInput[];
}

export const menuItemSchema: z.ZodType<MenuItem, MenuItemInput> = z.lazy(() =>
  z.object({
    label: requiredText(100, 'Підпис'),
    href: hrefSchema.meta({ label: 'Посилання' }),
    children: z.array(menuItemSchema).max(30).default([]).meta({ label: 'Підпункти', widget: 'menuTree' }),
  }),
);

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
    menu: z.array(menuItemSchema).max(30).default([]).meta({ label: 'Меню', widget: 'menuTree' }),
  }),
  useAsTitle: 'siteName',
  defaultColumns: ['siteName'],
  searchable: [],
  filters: [],
  sorts: {},
  fileFields: [],
  relations: [],
});
