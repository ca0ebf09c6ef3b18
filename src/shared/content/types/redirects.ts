/** Redirect rules answered with 301 before rendering (spec section 2). */
import { z } from 'zod';
import { defineContentType } from '../define';
import { text, webUrlSchema } from '../fields';

const pathSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .regex(/^\/(?!\/)[^\s?#]*$/, 'Шлях має починатися з / і не містити пробілів, ? чи #');

export const redirects = defineContentType({
  key: 'redirects',
  adminSection: 'Redirects',
  labels: { singular: 'Переадресація', plural: 'Переадресації' },
  kind: 'collection',
  isPublic: false,
  publishable: false,
  schema: z.object({
    /**
     * `prefix`: paths equal to `from` or under `from/` go to `to` (plus the rest of the path when
     * `keepRest`); `zip`: `{name}.zip` under `from` goes to the archive folder base URL from configuration.
     */
    match: z.enum(['prefix', 'zip']).default('prefix'),
    from: pathSchema,
    to: z.union([pathSchema, webUrlSchema, z.literal('')]).default(''),
    keepRest: z.boolean().default(false),
    /** Lower runs first. */
    priority: z.number().int().min(0).max(10_000).default(100),
    note: text(300, 'Примітка').default(''),
  }),
  useAsTitle: 'from',
  defaultColumns: ['from', 'to', 'match', 'keepRest'],
  searchable: ['from', 'to'],
  filters: ['match'],
  sorts: { priority: { by: ['priority'], direction: 'asc' } },
  fileFields: [],
  relations: [],
});
