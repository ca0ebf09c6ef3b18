/**
 * The input schema of a type's public list, built from its declaration: page size, cursor or page
 * number, a named sort, equality filters on the declared fields, a date range on a declared field
 * and which of the list's fields to return.
 */
import { z } from 'zod';
import { listFieldsOf, type AnyContentType } from './define';

/** Most items one list call returns. */
export const MAX_PAGE_SIZE = 100;
/** Highest page number accepted (deeper pages use cursors). */
export const MAX_PAGE = 10_000;

const filterValue = z.union([z.string().max(200), z.number().finite(), z.boolean()]);

export function listInputSchema(type: AnyContentType) {
  const sortNames = Object.keys(type.sorts);
  const filterShape = Object.fromEntries(type.filters.map((f) => [f, filterValue.optional()]));
  return z
    .object({
      limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
      cursor: z.string().min(1).max(1000).optional(),
      page: z.number().int().min(1).max(MAX_PAGE).optional(),
      sort: (sortNames.length ? z.enum(sortNames as [string, ...string[]]) : z.never()).optional(),
      filter: z.object(filterShape).strict().optional(),
      /** Only these of the list's fields (what the page shows; the id always comes, version and timestamps never). */
      fields: z
        .array(z.enum(listFieldsOf(type) as [string, ...string[]]))
        .min(1)
        .max(50)
        .optional(),
      /** Only documents whose `field` (a declared date field) is within [gte, lte] (YYYY-MM-DD or ISO instants). */
      range: z
        .object({
          field: z.enum((type.rangeFields?.length ? type.rangeFields : ['__none__']) as [string, ...string[]]),
          gte: z.string().max(40).optional(),
          lte: z.string().max(40).optional(),
        })
        .strict()
        .optional(),
    })
    .strict()
    .default({ limit: 20 });
}

export type ListInput = z.input<ReturnType<typeof listInputSchema>>;

/**
 * The input of a public get: an id or a slug. `preview`: staff see the document whatever its state
 * (draft, scheduled); for anyone else the flag is ignored.
 */
export const getInputSchema = z.object({ idOrSlug: z.string().trim().min(1).max(200), preview: z.boolean().optional() }).strict();

/**
 * A type's public get input: `getInputSchema` plus `fields`, only these of the document's data
 * fields (and its id), for a page that shows little of it (a thesis page names its conference).
 */
export function getInputSchemaFor(type: AnyContentType) {
  return getInputSchema.extend({
    fields: z
      .array(z.enum(Object.keys(type.schema.shape) as [string, ...string[]]))
      .min(1)
      .max(50)
      .optional(),
  });
}
