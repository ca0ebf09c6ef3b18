/**
 * Public content procedures, generated from the registry: for each public collection `list` and
 * `get`, for each public singleton `get`. Types come from the declarations, so the client sees
 * `trpc.news.list` returning news documents.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { getInputSchemaFor, listInputSchema } from '../../../shared/content/listInput';
import type { AnyContentType } from '../../../shared/content/define';
import type {
  ContentRegistry,
  ContentTypes,
  DocumentOf,
  PublicListItem,
  PublicView,
} from '../../../shared/content/registry';
import { publicItemView, publicListView, publicSingletonView } from '../../content/publicView';
import { publicProcedure, router } from '../init';

export interface PublicListPage<Type extends AnyContentType> {
  /** Each item's id and the list's fields (content/publicView.ts). */
  items: Array<PublicListItem<Type>>;
  /** null for a page read by number. */
  nextCursor: string | null;
  total: number;
  page: number;
  pageCount: number;
  limit: number;
}

/** A public `get` answer as typed for the pages: the public view of the document, and its address. */
export type PublicItemOf<Type extends AnyContentType> = PublicView<DocumentOf<Type>> & { publicPath: string | null };

/** Whether a `get` input asks for no preview (a preview's answer depends on who asks). */
const isNotPreview = (input: unknown): boolean => (input as { preview?: unknown } | undefined)?.preview !== true;

/** `list` and `get` of one public collection. */
export function publicCollectionRouter<Type extends AnyContentType>(type: Type) {
  const key = type.key;
  return router({
    list: publicProcedure
      .meta({ access: 'public', sharedRead: true })
      .input(listInputSchema(type))
      .query(
        async ({ ctx, input }) =>
          publicListView(type, input, await ctx.content.publicList(key, input)) as unknown as PublicListPage<Type>,
      ),
    get: publicProcedure
      .meta({ access: 'public', sharedRead: isNotPreview })
      .input(getInputSchemaFor(type))
      .query(async ({ ctx, input }) => {
        // Preview (drafts, scheduled documents) only for signed-in staff; ignored for anyone else.
        const preview = input.preview === true && Boolean(ctx.user?.role);
        const doc = await ctx.content.publicGet(key, input.idOrSlug, { preview });
        if (!doc) throw new TRPCError({ code: 'NOT_FOUND', message: `${type.labels.singular}: не знайдено` });
        // The page's one address (the registry's publicPath, by slug): item pages reached at another (the internal id) answer 301 there.
        const publicPath = type.publicPath?.(doc) ?? null;
        return { ...publicItemView(type, doc, input.fields, preview), publicPath } as unknown as PublicItemOf<Type>;
      }),
  });
}

/** `get` of one public singleton (header, footer); null before it is first saved. */
export function publicSingletonRouter<Type extends AnyContentType>(type: Type) {
  return router({
    get: publicProcedure
      .meta({ access: 'public', sharedRead: true })
      .input(z.void())
      .query(
        async ({ ctx }) =>
          publicSingletonView(await ctx.content.getSingleton(type.key)) as unknown as DocumentOf<Type> | null,
      ),
  });
}

type Types = Record<string, AnyContentType>;
type PublicKeys<T extends Types> = { [K in keyof T]: T[K]['isPublic'] extends true ? K : never }[keyof T];
type CollectionKeys<T extends Types> = {
  [K in PublicKeys<T>]: T[K]['kind'] extends 'collection' ? K : never;
}[PublicKeys<T>];
type SingletonKeys<T extends Types> = Exclude<PublicKeys<T>, CollectionKeys<T>>;

export type PublicRouters<T extends Types = ContentTypes> = {
  [K in CollectionKeys<T>]: ReturnType<typeof publicCollectionRouter<T[K]>>;
} & { [K in SingletonKeys<T>]: ReturnType<typeof publicSingletonRouter<T[K]>> };

/**
 * One router per public type of a registry, keyed by the type's key. The procedures answer through
 * the context's ContentService, which must serve the same registry.
 */
export function publicContentRouters<T extends Types>(registry: ContentRegistry<T>): PublicRouters<T> {
  const out: Record<string, unknown> = {};
  for (const type of registry.list) {
    if (!type.isPublic) continue;
    out[type.key] = type.kind === 'collection' ? publicCollectionRouter(type) : publicSingletonRouter(type);
  }
  return out as PublicRouters<T>;
}
