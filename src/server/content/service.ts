/**
 * Content reads for the public site, driven by the registry: visibility (published and due),
 * filters, named sorts, cursor or page pagination, lookup by slug or id, rich text sanitised on read,
 * and staff preview of documents visitors cannot see yet. The admin (admin.ts) builds on its
 * visibility rules, filters and API shape.
 */
import { isArrayField, listFieldsOf, richTextFieldsOf, type AnyContentType } from '../../shared/content/define';
import type { ListInput } from '../../shared/content/listInput';
import { registry as siteRegistry, type ContentRegistry } from '../../shared/content/registry';
import { InvalidCursorError, type DocumentStore, type Filter, type StoredDocument } from '../store/port';
import { NotFoundError, ValidationError } from './errors';
import { sanitizeRichText } from './sanitize';
import { textOf } from './text';

/** A document as the API returns it: data fields with id, version and timestamps alongside. */
export type ApiDocument = Record<string, unknown> & {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
};

export interface ListPage {
  items: ApiDocument[];
  nextCursor: string | null;
  total: number;
  /** 1-based page number served (1 when a cursor was used). */
  page: number;
  pageCount: number;
  limit: number;
}

const SANITISED_CACHE_LIMIT = 2000;

/** Store filters for a list's equality filters (array fields match when they contain the value). */
export function equalityFilters(type: AnyContentType, filter: Record<string, unknown> | undefined): Filter[] {
  const where: Filter[] = [];
  for (const [field, value] of Object.entries(filter ?? {})) {
    if (value === undefined) continue;
    where.push({ field, op: isArrayField(type, field) ? 'array-contains' : '==', value: value as Filter['value'] });
  }
  return where;
}

/** A list's named sort (the type's first when none is named). */
export function sortOf(type: AnyContentType, input: ListInput) {
  const name = input?.sort ?? Object.keys(type.sorts)[0];
  return name ? type.sorts[name] : undefined;
}

/** Runs a store read, turning a bad cursor into BAD_REQUEST. */
export async function withCursorCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof InvalidCursorError) throw new ValidationError('Невірний курсор сторінки');
    throw err;
  }
}

export class ContentService {
  /** Sanitised rich text by `collection/id@version/field` (bounded; oldest entries dropped first). */
  private readonly sanitised = new Map<string, string>();

  constructor(
    readonly store: DocumentStore,
    /** The clock that decides when scheduled documents become visible. */
    readonly now: () => Date = () => new Date(),
    /** The content types it serves (the site's; a test may pass a copy with a type added). */
    readonly registry: ContentRegistry = siteRegistry,
  ) {}

  /** Filters that keep only what visitors may see: published, and due when scheduled. */
  visibilityFilters(type: AnyContentType): Filter[] {
    if (!type.publishable) return [];
    return [
      { field: 'status', op: '==', value: 'published' },
      { field: 'publishedAt', op: 'is-null-or-<=', value: this.now().toISOString() },
    ];
  }

  /** Filters for documents published but not yet due (scheduled). */
  scheduledFilters(): Filter[] {
    return [
      { field: 'status', op: '==', value: 'published' },
      { field: 'publishedAt', op: '>', value: this.now().toISOString() },
    ];
  }

  /** Whether a stored document is visible to visitors now. */
  isVisible(type: AnyContentType, data: Record<string, unknown>): boolean {
    if (!type.isPublic) return false;
    if (!type.publishable) return true;
    const at = data.publishedAt;
    return data.status === 'published' && (at == null || textOf(at) <= this.now().toISOString());
  }

  /** Converts a stored document to the API shape, sanitising its rich-text fields. */
  toApi(type: AnyContentType, doc: StoredDocument<Record<string, unknown>>): ApiDocument {
    const out: ApiDocument = {
      ...doc.data,
      id: doc.id,
      version: doc.version,
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
    };
    for (const field of richTextFieldsOf(type)) {
      const html = out[field];
      if (typeof html === 'string' && html)
        out[field] = this.sanitiseCached(`${doc.collection}/${doc.id}@${doc.version}/${field}`, html);
    }
    return out;
  }

  private sanitiseCached(key: string, html: string): string {
    const hit = this.sanitised.get(key);
    if (hit !== undefined) return hit;
    const clean = sanitizeRichText(html);
    if (this.sanitised.size >= SANITISED_CACHE_LIMIT) {
      const oldest = this.sanitised.keys().next().value;
      if (oldest !== undefined) this.sanitised.delete(oldest);
    }
    this.sanitised.set(key, clean);
    return clean;
  }

  /**
   * A page of visible documents of a public type. Throws BAD_REQUEST for an invalid cursor, NOT_FOUND
   * for a page past the last one (page 1 of an empty list is an empty page), so `?page=99` is a 404.
   */
  async publicList(key: string, listInput: ListInput): Promise<ListPage> {
    const input = listInput ?? {};
    const type = this.registry.get(key);
    if (!type.isPublic || type.kind !== 'collection')
      throw new NotFoundError(`${type.labels.plural}: розділу немає на сайті`);
    const where = this.listWhere(type, input);
    const sort = sortOf(type, input);
    const limit = input.limit ?? 20;
    const page = input.cursor ? 1 : (input.page ?? 1);
    return withCursorCheck(async () => {
      const result = await this.store.list<Record<string, unknown>>(type.key, {
        where,
        orderBy: { fields: sort?.by ?? ['createdAt'], direction: sort?.direction ?? 'desc', collation: 'uk' },
        limit,
        cursor: input.cursor,
        offset: (page - 1) * limit,
        withTotal: true,
        // Only what the cards show (never bodies): the list is also the page's dehydrated state.
        select: input.fields?.length ? input.fields : listFieldsOf(type),
      });
      const total = result.total ?? 0;
      const pageCount = Math.max(1, Math.ceil(total / limit));
      if (page > pageCount) throw new NotFoundError(`Сторінки ${page} немає: усього сторінок ${pageCount}`);
      return {
        items: result.items.map((d) => this.toApi(type, d)),
        nextCursor: result.nextCursor,
        total,
        page,
        pageCount,
        limit,
      };
    });
  }

  /** The store filters of a public list: visibility, its equality filters and its date range. */
  listWhere(type: AnyContentType, input: ListInput): Filter[] {
    const where: Filter[] = [...this.visibilityFilters(type), ...equalityFilters(type, input?.filter)];
    if (input?.range) {
      if (input.range.gte) where.push({ field: input.range.field, op: '>=', value: input.range.gte });
      if (input.range.lte) where.push({ field: input.range.field, op: '<=', value: input.range.lte });
    }
    return where;
  }

  /**
   * A visible document by slug (first) or id; null when there is none or it is not visible.
   * `preview` (the caller has checked that the user is staff): drafts and scheduled documents too.
   */
  async publicGet(key: string, idOrSlug: string, opts: { preview?: boolean } = {}): Promise<ApiDocument | null> {
    const type = this.registry.get(key);
    if (!type.isPublic || type.kind !== 'collection') return null;
    const visibility = opts.preview ? [] : this.visibilityFilters(type);
    const bySlug = type.slug
      ? await this.store.findOne<Record<string, unknown>>(type.key, [
          { field: type.slug.field, op: '==', value: idOrSlug },
          ...visibility,
        ])
      : null;
    const doc = bySlug ?? (await this.store.get<Record<string, unknown>>(type.key, idOrSlug));
    if (!doc || (!opts.preview && !this.isVisible(type, doc.data))) return null;
    return this.toApi(type, doc);
  }

  /** A singleton settings document (header, footer); null before it is first saved. */
  async getSingleton(key: string): Promise<ApiDocument | null> {
    const type = this.registry.get(key);
    if (type.kind !== 'singleton') throw new Error(`${key} is not a singleton`);
    const doc = await this.store.get<Record<string, unknown>>(type.key, type.key);
    return doc ? this.toApi(type, doc) : null;
  }
}
