/**
 * The admin content API of one type, by key, for the generic screens. The routers are generated per
 * type on the server (adminContent.<key>.*); the screens choose the type at run time, so this module
 * is the one place that looks a type's procedures up by key and gives them the contract's shapes.
 */
import { trpc } from '../lib/trpc';

export interface AdminDoc extends Record<string, unknown> {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminListInput {
  search?: string;
  status?: 'draft' | 'published' | 'scheduled';
  filter?: Record<string, string | number | boolean>;
  sort?: { field: string; direction: 'asc' | 'desc' };
  cursor?: string;
  limit?: number;
}

export interface AdminListPage {
  items: AdminDoc[];
  nextCursor: string | null;
  total: number;
  /** Titles of the documents the page's relation columns point at: `{ field: { id: title } }`. */
  relationTitles: Record<string, Record<string, string>>;
}

export interface RevisionEntry {
  revision: number;
  version: number;
  action: 'create' | 'update' | 'restore' | 'publish' | 'unpublish';
  at: string;
  author: { uid: string; email: string | null };
}

interface QueryHook<I, O> {
  useQuery(input: I, opts?: { enabled?: boolean; placeholderData?: (prev: O | undefined) => O | undefined }): {
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

export interface CollectionApi {
  list: QueryHook<AdminListInput, AdminListPage>;
  /** Ids and titles for pickers (open to all staff). */
  options: QueryHook<{ search?: string; ids?: string[]; limit?: number }, Array<{ id: string; title: string }>>;
  get: QueryHook<{ id: string }, AdminDoc>;
  create: MutationHook<{ data: Record<string, unknown> }, AdminDoc>;
  update: MutationHook<{ id: string; version: number; data: Record<string, unknown> }, AdminDoc>;
  delete: MutationHook<{ id: string; version?: number; detach?: boolean }, { id: string }>;
  bulk: MutationHook<{ ids: string[]; action: 'publish' | 'unpublish' | 'delete' }, { done: number; failed: Array<{ id: string; message: string }> }>;
  revisions: QueryHook<{ id: string }, RevisionEntry[]>;
  revision: QueryHook<{ id: string; revision: number }, { revision: number; data: Record<string, unknown> }>;
  restore: MutationHook<{ id: string; revision: number; version: number }, AdminDoc>;
  /** Deleted documents that can be brought back, latest deletion first. */
  deleted: QueryHook<void, DeletedEntry[]>;
  undelete: MutationHook<{ id: string }, AdminDoc>;
}

/** A deleted document (`adminContent.{key}.deleted`). */
export interface DeletedEntry {
  id: string;
  title: string;
  deletedAt: string;
  deletedBy: string | null;
}

export interface SingletonApi {
  get: QueryHook<void, AdminDoc | null>;
  update: MutationHook<{ version: number | null; data: Record<string, unknown> }, AdminDoc>;
  revisions: QueryHook<{ id: string }, RevisionEntry[]>;
  revision: QueryHook<{ id: string; revision: number }, { revision: number; data: Record<string, unknown> }>;
  restore: MutationHook<{ id: string; revision: number; version: number }, AdminDoc>;
}

type Routers = Record<string, unknown>;

function routers(): Routers {
  return (trpc as unknown as { adminContent: Routers }).adminContent;
}

export function collectionApi(key: string): CollectionApi {
  return routers()[key] as CollectionApi;
}

export function singletonApi(key: string): SingletonApi {
  return routers()[key] as SingletonApi;
}

/** Invalidates every cached admin query of a type (after a write). */
export function useInvalidateType() {
  const utils = trpc.useUtils() as unknown as { adminContent: Record<string, { invalidate(): Promise<void> }>; adminDashboard?: { invalidate(): Promise<void> } };
  return async (key: string) => {
    await utils.adminContent[key]?.invalidate();
    await utils.adminDashboard?.invalidate();
  };
}
