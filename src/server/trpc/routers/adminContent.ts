/**
 * The admin's content procedures, generated from the registry: `adminContent.{key}` for every type.
 * Collections: list, get, options, create, update, delete, bulk, revisions, revision, restore. Singletons
 * (header, footer): get, update (version null = first save), revisions, revision, restore.
 * Each type's procedures are staff-only (adminProcedure) or admin-only (adminOnlyProcedure) as its
 * declaration's `access` says. The work is in ContentAdminService (content/admin.ts).
 */
import { z } from 'zod';
import {
  adminBulkInput,
  adminDataSchema,
  adminDeleteInput,
  adminGetInput,
  adminListInputSchema,
  adminOptionsInput,
  adminRestoreInput,
  adminRevisionInput,
  adminRevisionsInput,
  adminSingletonHistoryInputs,
  documentIdSchema,
  versionSchema,
} from '../../../shared/content/adminInput';
import { adminAccessOf, type AnyContentType } from '../../../shared/content/define';
import type { ContentRegistry, DocumentOf } from '../../../shared/content/registry';
import type { Actor, AdminListPage, DeletedDocument } from '../../content/admin';
import type { RevisionInfo } from '../../content/history';
import type { ApiDocument } from '../../content/service';
import { adminOnlyProcedure, adminProcedure, router } from '../init';

/** A type's stored data, and the data accepted on input (defaults may be omitted). */
type DataOf<Type extends AnyContentType> = z.output<Type['schema']>;
type InputOf<Type extends AnyContentType> = z.input<Type['schema']>;

/** A type's data as the admin sends it: the slug may be left out (it is then generated). */
export type AdminDataInput<Type extends AnyContentType> = 'slug' extends keyof InputOf<Type>
  ? Omit<InputOf<Type>, 'slug'> & { slug?: string }
  : InputOf<Type>;

/**
 * The one cast of the admin routers: the service is generic over the registry and returns
 * `ApiDocument`s (records) for a key chosen at run time; what it returns for `K` was validated by
 * `K`'s schema when it was written, so it is `K`'s document. TypeScript cannot relate the run-time
 * key to the static type, hence the cast, here only.
 */
function typed<Type extends AnyContentType>(_type: Type, doc: ApiDocument): DocumentOf<Type> {
  return doc as unknown as DocumentOf<Type>;
}

function procedureFor(type: AnyContentType): typeof adminProcedure {
  return adminAccessOf(type) === 'admin' ? adminOnlyProcedure : adminProcedure;
}

function actorOf(user: { uid: string; email: string | null; role: Actor['role'] }): Actor {
  return { uid: user.uid, email: user.email, role: user.role };
}

/** The procedures of one collection. */
export function adminCollectionRouter<Type extends AnyContentType>(type: Type) {
  const key = type.key;
  const procedure = procedureFor(type);
  const data = adminDataSchema(type) as unknown as z.ZodType<DataOf<Type>, AdminDataInput<Type>>;
  return router({
    list: procedure
      .input(adminListInputSchema(type))
      .query(async ({ ctx, input }): Promise<AdminListPage<DocumentOf<Type>>> => {
        const page = await ctx.admin.list(key, input);
        return { ...page, items: page.items.map((doc) => typed(type, doc)) };
      }),
    get: procedure
      .input(adminGetInput)
      .query(async ({ ctx, input }) => typed(type, await ctx.admin.get(key, input.id))),
    // Staff for every type (titles only): relation pickers of staff-managed types may point at admin-only ones.
    options: adminProcedure.input(adminOptionsInput).query(({ ctx, input }) => ctx.admin.options(key, input)),
    create: procedure
      .input(z.object({ data }).strict())
      .mutation(async ({ ctx, input }) => typed(type, await ctx.admin.create(key, input.data, actorOf(ctx.user)))),
    update: procedure
      .input(z.object({ id: documentIdSchema, version: versionSchema, data }).strict())
      .mutation(async ({ ctx, input }) =>
        typed(type, await ctx.admin.update(key, input.id, input.version, input.data, actorOf(ctx.user))),
      ),
    delete: procedure
      .input(adminDeleteInput)
      .mutation(({ ctx, input }) =>
        ctx.admin.delete(key, input.id, { version: input.version, detach: input.detach }, actorOf(ctx.user)),
      ),
    bulk: procedure
      .input(adminBulkInput)
      .mutation(({ ctx, input }) => ctx.admin.bulk(key, input.ids, input.action, actorOf(ctx.user))),
    revisions: procedure
      .input(adminRevisionsInput)
      .query(({ ctx, input }): Promise<RevisionInfo[]> => ctx.admin.revisions(key, input.id)),
    revision: procedure
      .input(adminRevisionInput)
      .query(
        async ({ ctx, input }) =>
          (await ctx.admin.revision(key, input.id, input.revision)) as { revision: number; data: DataOf<Type> },
      ),
    restore: procedure
      .input(adminRestoreInput)
      .mutation(async ({ ctx, input }) =>
        typed(type, await ctx.admin.restore(key, input.id, input.revision, input.version, actorOf(ctx.user))),
      ),
    deleted: procedure.input(z.void()).query(({ ctx }): Promise<DeletedDocument[]> => ctx.admin.deleted(key)),
    undelete: procedure
      .input(adminGetInput)
      .mutation(async ({ ctx, input }) => typed(type, await ctx.admin.undelete(key, input.id, actorOf(ctx.user)))),
  });
}

/** The procedures of one singleton (its id is its key). */
export function adminSingletonRouter<Type extends AnyContentType>(type: Type) {
  const key = type.key;
  const procedure = procedureFor(type);
  const history = adminSingletonHistoryInputs(key);
  const data = type.schema as unknown as z.ZodType<DataOf<Type>, InputOf<Type>>;
  return router({
    get: procedure.input(z.void()).query(async ({ ctx }) => {
      const doc = await ctx.admin.getSingleton(key);
      return doc ? typed(type, doc) : null;
    }),
    update: procedure
      .input(z.object({ version: versionSchema.nullable(), data }).strict())
      .mutation(async ({ ctx, input }) =>
        typed(type, await ctx.admin.saveSingleton(key, input.version, input.data, actorOf(ctx.user))),
      ),
    revisions: procedure
      .input(history.revisions)
      .query(({ ctx }): Promise<RevisionInfo[]> => ctx.admin.revisions(key, key)),
    revision: procedure
      .input(history.revision)
      .query(
        async ({ ctx, input }) =>
          (await ctx.admin.revision(key, key, input.revision)) as { revision: number; data: DataOf<Type> },
      ),
    restore: procedure
      .input(history.restore)
      .mutation(async ({ ctx, input }) =>
        typed(type, await ctx.admin.restore(key, key, input.revision, input.version, actorOf(ctx.user))),
      ),
  });
}

type Types = Record<string, AnyContentType>;
type CollectionKeys<T extends Types> = { [K in keyof T]: T[K]['kind'] extends 'collection' ? K : never }[keyof T];
type SingletonKeys<T extends Types> = Exclude<keyof T, CollectionKeys<T>>;

export type AdminContentRouters<T extends Types> = {
  [K in CollectionKeys<T>]: ReturnType<typeof adminCollectionRouter<T[K]>>;
} & { [K in SingletonKeys<T>]: ReturnType<typeof adminSingletonRouter<T[K]>> };

/**
 * One router per content type of a registry, keyed by the type's key. The procedures work through
 * the context's ContentAdminService, whose ContentService must serve the same registry.
 */
export function adminContentRouters<T extends Types>(registry: ContentRegistry<T>): AdminContentRouters<T> {
  const out: Record<string, unknown> = {};
  for (const type of registry.list)
    out[type.key] = type.kind === 'collection' ? adminCollectionRouter(type) : adminSingletonRouter(type);
  return out as AdminContentRouters<T>;
}
