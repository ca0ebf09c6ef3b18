/**
 * The admin's reads: lists of a collection for staff (every state, search, status filter, sort,
 * cursor, the titles of related documents), one document, a singleton, and `{ id, title }` choices
 * for relation pickers.
 */
import type { z } from 'zod';
import type { adminListInputSchema, AdminStatus } from '../../../shared/content/adminInput';
import { adminListFieldsOf, type AnyContentType } from '../../../shared/content/define';
import type { Filter, StoredDocument } from '../../store/port';
import { equalityFilters, withCursorCheck, type ApiDocument } from '../service';
import { titleOf, type AdminCore, type Data } from './common';

export type AdminListQuery = z.output<ReturnType<typeof adminListInputSchema>>;

/** A page of the admin's list of a collection. */
export interface AdminListPage<Doc extends ApiDocument = ApiDocument> {
  items: Doc[];
  nextCursor: string | null;
  total: number;
  /** The search looked only at the most recently updated of its candidates (Firestore, see ListResult.partial). */
  partial?: boolean;
  /** Titles of the documents that the page's relation columns point at: `{ field: { id: title } }`. */
  relationTitles: Record<string, Record<string, string>>;
}

/** A choice of a relation picker. */
export interface AdminOption {
  id: string;
  title: string;
}

export class AdminReads {
  constructor(private readonly core: AdminCore) {}

  /**
   * A page of a collection for staff, every state included: `search` matches the type's searchable
   * fields (every word, case-insensitive in any script), `status` draft / published (and due) /
   * scheduled, declared equality filters, a sort by a list column or timestamp (default: last
   * updated first), cursor pagination. BAD_REQUEST for a bad cursor.
   */
  async list(key: string, input: AdminListQuery): Promise<AdminListPage> {
    const type = this.core.typeOf(key, 'collection');
    const where: Filter[] = [...equalityFilters(type, input.filter), ...this.statusFilters(type, input.status)];
    const sort = input.sort ?? { field: 'updatedAt', direction: 'desc' as const };
    return withCursorCheck(async () => {
      const page = await this.core.store.list<Data>(type.key, {
        where,
        search: input.search?.trim() || undefined,
        orderBy: { fields: [sort.field], direction: sort.direction, collation: 'uk' },
        limit: input.limit,
        cursor: input.cursor,
        withTotal: true,
        select: adminListFieldsOf(type),
      });
      return {
        items: page.items.map((d) => this.core.content.toApi(type, d)),
        nextCursor: page.nextCursor,
        total: page.total ?? 0,
        ...(page.partial ? { partial: true } : {}),
        relationTitles: await this.relationTitles(type, page.items),
      };
    });
  }

  /** For each relation among the type's list columns, the titles of the documents `docs` point at (gone ones left out). */
  private async relationTitles(
    type: AnyContentType,
    docs: Array<StoredDocument<Data>>,
  ): Promise<AdminListPage['relationTitles']> {
    const result: AdminListPage['relationTitles'] = {};
    for (const relation of type.relations) {
      if (!(type.defaultColumns as readonly string[]).includes(relation.field)) continue;
      const ids = [
        ...new Set(
          docs.flatMap((d) =>
            [d.data[relation.field]].flat().filter((v): v is string => typeof v === 'string' && v !== ''),
          ),
        ),
      ];
      const found = ids.length ? await this.options(relation.to, { ids, limit: ids.length }) : [];
      result[relation.field] = Object.fromEntries(found.map((o) => [o.id, o.title]));
    }
    return result;
  }

  private statusFilters(type: AnyContentType, status: AdminStatus | undefined): Filter[] {
    if (!status || !type.publishable) return [];
    if (status === 'draft') return [{ field: 'status', op: '==', value: 'draft' }];
    if (status === 'scheduled') return this.core.content.scheduledFilters();
    return this.core.content.visibilityFilters(type);
  }

  /** One document of a collection, whatever its state; NOT_FOUND otherwise. */
  async get(key: string, id: string): Promise<ApiDocument> {
    const type = this.core.typeOf(key, 'collection');
    return this.core.content.toApi(type, await this.core.load(type, id));
  }

  /**
   * `{ id, title }` choices of a collection for relation fields (every state), by search or for
   * given ids; titles only, so staff may pick from types they cannot manage (a department's head).
   */
  async options(key: string, input: { search?: string; ids?: string[]; limit: number }): Promise<AdminOption[]> {
    const type = this.core.typeOf(key, 'collection');
    if (input.ids) {
      const docs = await Promise.all(input.ids.map((id) => this.core.store.get<Data>(type.key, id)));
      return docs
        .filter((d): d is StoredDocument<Data> => d !== null)
        .map((d) => ({ id: d.id, title: titleOf(type, d.data, d.id) }));
    }
    const page = await this.core.store.list<Data>(type.key, {
      search: input.search?.trim() || undefined,
      orderBy: { fields: [type.useAsTitle], direction: 'asc', collation: 'uk' },
      limit: input.limit,
      select: [type.useAsTitle],
    });
    return page.items.map((d) => ({ id: d.id, title: titleOf(type, d.data, d.id) }));
  }

  /** A singleton's document, or null before its first save. */
  async getSingleton(key: string): Promise<ApiDocument | null> {
    this.core.typeOf(key, 'singleton');
    return this.core.content.getSingleton(key);
  }
}
