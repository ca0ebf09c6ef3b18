/**
 * The admin content API of one type, by key, for the generic screens. The routers are generated per
 * type on the server (adminContent.<key>.*) and typed per type; the screens choose the type at run
 * time, so this module is the one place that looks a type's procedures up by key. The lookup is a
 * mapped type over the registry's keys (no cast), and the compiler checks that every type's router
 * fits the screens' view of it (`CollectionApi`, `SingletonApi`): documents as `AdminDoc`, data as a
 * record (the server validates it against the type's schema). Output types are the server's own.
 */
import type { keepPreviousData } from '@tanstack/react-query';
import { contentTypes, type ContentKey, type ContentTypes } from '../../shared/content/registry';
import type { AdminListPage, AdminOption, BulkResult, DeletedDocument } from '../../server/content/admin';
import type { RevisionInfo } from '../../server/content/history';
import type { ApiDocument } from '../../server/content/service';
import { trpc } from '../lib/trpc';

/** A document as the admin API returns it: data fields with id, version and timestamps. */
export type AdminDoc = ApiDocument;

export interface AdminListInput {
  search?: string;
  status?: 'draft' | 'published' | 'scheduled';
  filter?: Record<string, string | number | boolean>;
  sort?: { field: string; direction: 'asc' | 'desc' };
  cursor?: string;
  limit?: number;
}

/** A revision in a document's history (`adminContent.{key}.revisions`). */
export type RevisionEntry = RevisionInfo;
/** A deleted document (`adminContent.{key}.deleted`). */
export type DeletedEntry = DeletedDocument;

interface QueryHook<I, O> {
  useQuery(
    input: I,
    /** `placeholderData: keepPreviousData` keeps the last page while the next one loads. */
    opts?: { enabled?: boolean; placeholderData?: typeof keepPreviousData },
  ): {
    data: O | undefined;
    error: unknown;
    isLoading: boolean;
    isFetching: boolean;
    refetch(): Promise<unknown>;
  };
}
interface MutationHook<I, O> {
  useMutation(): { mutateAsync(input: I): Promise<O>; isPending: boolean };
}

/** The pages of a list read one after another through its cursor (a parent's children). */
interface InfiniteListHook {
  useInfiniteQuery(
    input: Omit<AdminListInput, 'cursor'>,
    opts: { getNextPageParam: (last: AdminListPage<AdminDoc>) => string | null | undefined },
  ): {
    data: { pages: Array<AdminListPage<AdminDoc>> } | undefined;
    error: unknown;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage(): Promise<{ data?: { pages: Array<AdminListPage<AdminDoc>> } | undefined }>;
  };
}

export interface CollectionApi {
  list: QueryHook<AdminListInput, AdminListPage<AdminDoc>> & InfiniteListHook;
  /** Ids and titles for pickers (open to all staff). */
  options: QueryHook<{ search?: string; ids?: string[]; limit?: number }, AdminOption[]>;
  get: QueryHook<{ id: string }, AdminDoc>;
  create: MutationHook<{ data: Record<string, unknown> }, AdminDoc>;
  update: MutationHook<{ id: string; version: number; data: Record<string, unknown> }, AdminDoc>;
  delete: MutationHook<{ id: string; version?: number; detach?: boolean }, { id: string }>;
  bulk: MutationHook<{ ids: string[]; action: 'publish' | 'unpublish' | 'delete' }, BulkResult>;
  revisions: QueryHook<{ id: string }, RevisionEntry[]>;
  revision: QueryHook<{ id: string; revision: number }, { revision: number; data: Record<string, unknown> }>;
  restore: MutationHook<{ id: string; revision: number; version: number }, AdminDoc>;
  /** Deleted documents that can be brought back, latest deletion first. */
  deleted: QueryHook<void, DeletedEntry[]>;
  undelete: MutationHook<{ id: string }, AdminDoc>;
}

export interface SingletonApi {
  get: QueryHook<void, AdminDoc | null>;
  update: MutationHook<{ version: number | null; data: Record<string, unknown> }, AdminDoc>;
  revisions: QueryHook<{ id: string }, RevisionEntry[]>;
  revision: QueryHook<{ id: string; revision: number }, { revision: number; data: Record<string, unknown> }>;
  restore: MutationHook<{ id: string; revision: number; version: number }, AdminDoc>;
}

type CollectionKey = { [K in ContentKey]: ContentTypes[K]['kind'] extends 'collection' ? K : never }[ContentKey];
type SingletonKey = Exclude<ContentKey, CollectionKey>;

/** The per-type routers by key: each collection's router must fit `CollectionApi`, each singleton's `SingletonApi`. */
type AdminRouters = { [K in CollectionKey]: CollectionApi } & { [K in SingletonKey]: SingletonApi };

/** The routers, checked against the screens' view of them by the compiler. */
function adminRouters(): AdminRouters {
  return trpc.adminContent;
}

/** Whether `key` is a registry type of the given kind. */
function isKind<K extends ContentKey>(key: string, kind: 'collection' | 'singleton'): key is K {
  return Object.hasOwn(contentTypes, key) && contentTypes[key as ContentKey].kind === kind;
}

/**
 * The procedures of a collection. The edit screen asks for both views of its type (hooks run
 * unconditionally) and uses the one that fits; for a key of the other kind the collection view of
 * a placeholder collection is returned, whose hooks that screen leaves disabled.
 */
export function collectionApi(key: string): CollectionApi {
  return adminRouters()[isKind<CollectionKey>(key, 'collection') ? key : 'news'];
}

/** The procedures of a singleton (see `collectionApi` for a key of the other kind). */
export function singletonApi(key: string): SingletonApi {
  return adminRouters()[isKind<SingletonKey>(key, 'singleton') ? key : 'header'];
}

/**
 * Invalidates every cached admin query of a type and the dashboard (after a write). `refetch: false`
 * marks the type's queries stale without refetching those on screen (after a delete: the page's
 * query of the deleted document would answer 404); each refetches when next mounted.
 */
export function useInvalidateType() {
  const utils = trpc.useUtils();
  return async (key: string, { refetch = true }: { refetch?: boolean } = {}) => {
    if (Object.hasOwn(contentTypes, key))
      await utils.adminContent[key as ContentKey].invalidate(undefined, refetch ? undefined : { refetchType: 'none' });
    await utils.adminDashboard.invalidate();
  };
}

/** The screens' view of a collection's `get` in the query utils (checked for news, the same for every collection). */
interface DocumentFetcher {
  fetch(input: { id: string }, opts: { staleTime: number }): Promise<AdminDoc>;
}

/**
 * Reads whole documents of a collection outside a render (list rows carry only the list's fields,
 * so a write based on a row needs the whole document first). Always asks the server.
 */
export function useFetchDocument() {
  const utils = trpc.useUtils();
  return (key: string, id: string): Promise<AdminDoc> => {
    const collection: CollectionKey = isKind<CollectionKey>(key, 'collection') ? key : 'news';
    const get: DocumentFetcher = utils.adminContent[collection as 'news'].get;
    return get.fetch({ id }, { staleTime: 0 });
  };
}
