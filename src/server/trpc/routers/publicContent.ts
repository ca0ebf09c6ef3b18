/**
 * Public content procedures, generated from the registry: for each public collection `list` and
 * `get`, for each public singleton `get`. Types come from the declarations, so the client sees
 * `trpc.news.list` returning news documents.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { getInputSchemaFor, listInputSchema } from '../../../shared/content/listInput';
import {
  contentTypes,
  type ContentDocument,
  type ContentKey,
  type ContentTypes,
} from '../../../shared/content/registry';
import { publicItemView, publicListView, publicSingletonView } from '../../content/publicView';
import { publicProcedure, router } from '../init';

export interface PublicListPage<K extends ContentKey> {
  /** Each item's id and the list's fields (content/publicView.ts); typed as whole documents for the pages. */
  items: Array<ContentDocument<K>>;
  /** null for a page read by number. */
  nextCursor: string | null;
  total: number;
  page: number;
  pageCount: number;
  limit: number;
}

/** `list` and `get` of one public collection. */
export function publicCollectionRouter<K extends ContentKey>(key: K) {
  const type = contentTypes[key];
  return router({
    list: publicProcedure
      .input(listInputSchema(type))
      .query(
        async ({ ctx, input }) =>
          publicListView(type, input, await ctx.content.publicList(key, input)) as unknown as PublicListPage<K>,
      ),
    get: publicProcedure.input(getInputSchemaFor(type)).query(async ({ ctx, input }) => {
      // Preview (drafts, scheduled documents) only for signed-in staff; ignored for anyone else.
      const doc = await ctx.content.publicGet(key, input.idOrSlug, {
        preview: input.preview === true && Boolean(ctx.user?.role),
      });
      if (!doc) throw new TRPCError({ code: 'NOT_FOUND', message: `${type.labels.singular}: не знайдено` });
      // The page's one address (the registry's publicPath, by slug): item pages reached at another (the internal id) answer 301 there.
      const publicPath = type.publicPath?.(doc) ?? null;
      return { ...(publicItemView(doc, input.fields) as unknown as ContentDocument<K>), publicPath };
    }),
  });
}

/** `get` of one public singleton (header, footer); null before it is first saved. */
export function publicSingletonRouter<K extends ContentKey>(key: K) {
  return router({
    get: publicProcedure
      .input(z.void())
      .query(
        async ({ ctx }) =>
          publicSingletonView(await ctx.content.getSingleton(key)) as unknown as ContentDocument<K> | null,
      ),
  });
}

type PublicKeys = { [K in ContentKey]: ContentTypes[K]['isPublic'] extends true ? K : never }[ContentKey];
type CollectionKeys = { [K in PublicKeys]: ContentTypes[K]['kind'] extends 'collection' ? K : never }[PublicKeys];
type SingletonKeys = Exclude<PublicKeys, CollectionKeys>;

type PublicRouters = { [K in CollectionKeys]: ReturnType<typeof publicCollectionRouter<K>> } & {
  [K in SingletonKeys]: ReturnType<typeof publicSingletonRouter<K>>;
};

/** One router per public type, keyed by the type's key. */
export function publicContentRouters(): PublicRouters {
  const out: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(contentTypes)) {
    if (!type.isPublic) continue;
    out[key] =
      type.kind === 'collection' ? publicCollectionRouter(key as ContentKey) : publicSingletonRouter(key as ContentKey);
  }
  return out as PublicRouters;
}
