/**
 * The input schema of a type's public list, built from its declaration: page size, cursor or page
 * number, a named sort, equality filters on the declared fields, a date range on a declared field
 * and which of the list's fields to return.
 */
import { z } from 'zod';
import { listFieldsOf, maintainedFieldsOf, type AnyContentType } from './define';

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
    .superRefine((input, ctx) => {
      const message = listCombinationError(type, input);
      if (message) ctx.addIssue({ code: 'custom', message, path: ['filter'] });
    })
    .default({ limit: 20 });
}

/**
 * Which combinations a public list answers: each needs its own composite indexes in Firestore
 * (firestore.indexes.json), so a list takes either one equality filter, in its type's first
 * (default) order, or one date range, in any of its named orders; not several filters, a filter
 * with a range, or a filter in another order (no page asks for those). Returns the Ukrainian
 * message of a refused combination, or null.
 */
export function listCombinationError(
  type: AnyContentType,
  input: { filter?: Record<string, unknown>; range?: unknown; sort?: string },
): string | null {
  const filters = Object.values(input.filter ?? {}).filter((v) => v !== undefined).length;
  if (filters > 1) return 'Список можна фільтрувати лише за одним полем';
  if (filters === 1 && input.range) return 'Фільтр за полем не поєднується з діапазоном дат';
  const first = Object.keys(type.sorts)[0];
  if (filters === 1 && input.sort !== undefined && input.sort !== first)
    return `Список із фільтром за полем впорядковується лише типово (${first})`;
  return null;
}

export type ListInput = z.input<ReturnType<typeof listInputSchema>>;

/**
 * The input of a public get: an id or a slug. `preview`: staff see the document whatever its state
 * (draft, scheduled); for anyone else the flag is ignored.
 */
export const getInputSchema = z
  .object({ idOrSlug: z.string().trim().min(1).max(200), preview: z.boolean().optional() })
  .strict();

/**
 * A type's public get input: `getInputSchema` plus `fields`, only these of the document's data
 * fields (and its id), for a page that shows little of it (a thesis page names its conference);
 * not the fields the server keeps for its own rules.
 */
export function getInputSchemaFor(type: AnyContentType) {
  return getInputSchema.extend({
    fields: z
      .array(
        z.enum(
          Object.keys(type.schema.shape).filter((f) => !maintainedFieldsOf(type).includes(f)) as [string, ...string[]],
        ),
      )
      .min(1)
      .max(50)
      .optional(),
  });
}
