/**
 * Input schemas of the admin's content procedures (`adminContent.{key}.*`), built from each type's
 * declaration so the server validates and the admin forms resolve with the same objects.
 */
import { z } from 'zod';
import type { AnyContentType } from './define';
import { SLUG_MAX_LENGTH } from './slug';

/** Default and largest page of an admin list. */
export const ADMIN_PAGE_SIZE = 25;
/** Longest admin search, in characters (the search boxes stop there, the API answers 400 past it). */
export const ADMIN_SEARCH_MAX = 200;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** Most documents one bulk action touches. */
export const BULK_MAX = 200;

/** Admin list states: `scheduled` is published with a `publishedAt` still in the future. */
export const ADMIN_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const documentIdSchema = z.string().trim().min(1, 'Вкажіть документ').max(200);
/** A document version (optimistic concurrency): the one the editor started from. */
export const versionSchema = z.number().int().min(1);
const filterValue = z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]);

/**
 * Fields an admin list may sort by: the type's list columns and the timestamps. Alone, each is one
 * field (Firestore's single-field indexes); with a state or a field filter only some combine (see
 * adminListCombinationError). The SQLite store indexes each (the dashboard's new book orders use
 * `createdAt`).
 */
export function adminSortFields(type: AnyContentType): string[] {
  return [...new Set([...type.defaultColumns, 'createdAt', 'updatedAt'])];
}

/**
 * Which combinations an admin list answers: each needs its own composite indexes in Firestore
 * (firestore.indexes.json), so only those the admin screens ask for are allowed, and the store's
 * index test covers them all. Without filters a list sorts by any of its sort fields; a state
 * filter orders by the last update, newest first; an equality filter (a parent's children, a
 * department's staff) is one field at a time, with no state, ordered by the last update (newest
 * first) or, when the type has one, by `order` ascending. A search combines with everything (it
 * filters, sorts and pages its matches in memory). Returns the Ukrainian message of a refused combination, or null.
 */
export function adminListCombinationError(
  type: AnyContentType,
  input: {
    search?: string;
    status?: string;
    filter?: Record<string, unknown>;
    sort?: { field: string; direction: 'asc' | 'desc' };
  },
): string | null {
  // A search reads its candidates by one term and filters, sorts and pages them in memory (no index per combination).
  if (input.search?.trim()) return null;
  const filters = Object.entries(input.filter ?? {}).filter(([, v]) => v !== undefined);
  if (!filters.length) {
    if (input.status && input.sort && (input.sort.field !== 'updatedAt' || input.sort.direction !== 'desc')) {
      return 'Список зі станом впорядковується лише за датою зміни, новіші спершу';
    }
    return null;
  }
  if (filters.length > 1) return 'Фільтр за кількома полями одразу не підтримується: виберіть одне поле';
  if (input.status) return 'Фільтр за полем не поєднується з фільтром за станом';
  const sort = input.sort;
  if (!sort || (sort.field === 'updatedAt' && sort.direction === 'desc')) return null;
  if (sort.field === 'order' && sort.direction === 'asc' && adminSortFields(type).includes('order')) return null;
  return 'Список із фільтром за полем впорядковується лише за датою зміни (новіші спершу) або за порядком';
}

/** `{ search?, status?, filter?, sort?, cursor?, limit? }` of one type's admin list. */
export function adminListInputSchema(type: AnyContentType) {
  const filterShape = Object.fromEntries(type.filters.map((f) => [f, filterValue.optional()]));
  return z
    .object({
      search: z.string().max(ADMIN_SEARCH_MAX, `Запит задовгий (до ${ADMIN_SEARCH_MAX} символів)`).optional(),
      status: z.enum(ADMIN_STATUSES).optional(),
      filter: z.object(filterShape).strict().optional(),
      sort: z
        .object({
          field: z.enum(adminSortFields(type) as [string, ...string[]]),
          direction: z.enum(['asc', 'desc']),
        })
        .strict()
        .optional(),
      cursor: z.string().min(1).max(2000).optional(),
      /** Sent by tRPC's useInfiniteQuery with every page; the list only reads forward. */
      direction: z.literal('forward').optional(),
      limit: z.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
    })
    .strict()
    .superRefine((input, ctx) => {
      const message = adminListCombinationError(type, input);
      if (message) ctx.addIssue({ code: 'custom', message, path: ['filter'] });
    })
    .default({ limit: ADMIN_PAGE_SIZE });
}
export type AdminListInput = z.input<ReturnType<typeof adminListInputSchema>>;

/**
 * A type's document data as the admin sends it: the type's schema, except that the slug may be
 * empty or missing (the server then generates it from the `slug.from` field).
 */
export function adminDataSchema(type: AnyContentType) {
  if (!type.slug) return type.schema;
  const slug = type.schema.shape[type.slug.field] as z.ZodType<string, string>;
  const optionalSlug = z
    .string()
    .trim()
    .max(SLUG_MAX_LENGTH, `Адреса задовга (до ${SLUG_MAX_LENGTH} символів)`)
    .pipe(z.union([z.literal(''), slug]))
    .optional();
  return type.schema.extend({ [type.slug.field]: optionalSlug });
}

export const adminGetInput = z.object({ id: documentIdSchema }).strict();

/** Choices for a relation field: by search, or the titles of given ids. */
export const adminOptionsInput = z
  .object({
    search: z.string().max(ADMIN_SEARCH_MAX).optional(),
    ids: z.array(documentIdSchema).max(100).optional(),
    limit: z.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(50),
  })
  .strict()
  .default({ limit: 50 });

export const adminDeleteInput = z
  .object({
    id: documentIdSchema,
    version: versionSchema.optional(),
    /** Clear the references of other documents to this one first (set to null, or drop from arrays). */
    detach: z.boolean().optional(),
  })
  .strict();

export const BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const adminBulkInput = z
  .object({
    ids: z
      .array(documentIdSchema)
      .min(1, 'Виберіть документи')
      .max(BULK_MAX, `Не більше ${BULK_MAX} документів за раз`),
    action: z.enum(BULK_ACTIONS),
  })
  .strict();

export const adminRevisionsInput = z.object({ id: documentIdSchema }).strict();
export const adminRevisionInput = z.object({ id: documentIdSchema, revision: z.number().int().min(1) }).strict();
export const adminRestoreInput = z
  .object({ id: documentIdSchema, revision: z.number().int().min(1), version: versionSchema })
  .strict();

/** A singleton's history inputs: the same shapes with `id` optional (it can only be the key). */
export function adminSingletonHistoryInputs(key: string) {
  const id = z.literal(key).optional();
  return {
    revisions: z.object({ id }).strict().optional(),
    revision: z.object({ id, revision: z.number().int().min(1) }).strict(),
    restore: z.object({ id, revision: z.number().int().min(1), version: versionSchema }).strict(),
  };
}

/** Actions recorded as revisions (each a full snapshot of the data). */
export const REVISION_ACTIONS = ['create', 'update', 'restore', 'publish', 'unpublish'] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** Actions recorded in the audit log (`mail-sent` / `mail-failed`: a mail the server sent or failed to send). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'publish',
  'unpublish',
  'detach',
  'mail-sent',
  'mail-failed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const adminAuditListInput = z
  .object({
    cursor: z.string().min(1).max(2000).optional(),
    limit: z.number().int().min(1).max(ADMIN_MAX_PAGE_SIZE).default(50),
    collection: z.string().max(64).optional(),
    uid: z.string().max(128).optional(),
  })
  .strict()
  .default({ limit: 50 });
