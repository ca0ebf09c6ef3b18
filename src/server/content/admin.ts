/**
 * The admin's content operations, generic over the registry (the routers in
 * trpc/routers/adminContent.ts are thin wrappers): lists with search, state filter, sort and cursor;
 * create and update with validation, slug generation (resolution 55 transliteration, unique per
 * type), rich text sanitised before it is stored and relations checked; optimistic concurrency on
 * every write; delete refused while other documents refer to the document, unless asked to detach
 * them; bulk publish / unpublish / delete; revisions with restore; the audit log and the dashboard.
 *
 * Every write is one atomic batch of the store: the document, its revision and its audit entry
 * (and, for a detaching delete, the referring documents), so history never disagrees with content.
 * Errors are TRPCErrors with Ukrainian messages; their `ErrorData` cause adds `reason` (and
 * `current`, `fieldErrors`, `referrers`) to the error's data for the admin UI.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import {
  adminDataSchema,
  type adminAuditListInput,
  type adminListInputSchema,
  type AdminStatus,
  type BulkAction,
  type RevisionAction,
} from '../../shared/content/adminInput';
import { adminAccessOf, adminListFieldsOf, isArrayField, richTextFieldsOf, type AnyContentType } from '../../shared/content/define';
import { contentTypeList, findContentType, getContentType } from '../../shared/content/registry';
import { slugify, withSlugSuffix } from '../../shared/content/slug';
import type { Role } from '../identity/types';
import {
  autoId,
  DocumentExistsError,
  DocumentNotFoundError,
  UniqueConstraintError,
  VersionConflictError,
  type DocumentStore,
  type Filter,
  type StoredDocument,
  type WriteOp,
} from '../store/port';
import { ErrorData } from '../trpc/init';
import { slugRedirectOps } from './slugRedirects';
import { ContentHistory, type AuditEntry, type AuditPage, type Author, type RevisionInfo } from './history';
import { sanitizeRichText } from './sanitize';
import { equalityFilters, withCursorCheck, type ApiDocument, type ContentService } from './service';

/** The signed-in staff member doing something (from the verified session). */
export interface Actor extends Author {
  role: Role;
}

export type AdminListQuery = z.output<ReturnType<typeof adminListInputSchema>>;
export type AuditListQuery = z.output<typeof adminAuditListInput>;

export interface AdminListPage {
  items: ApiDocument[];
  nextCursor: string | null;
  total: number;
  /** Titles of the documents that the page's relation columns point at: `{ field: { id: title } }`. */
  relationTitles: Record<string, Record<string, string>>;
}

/** A deleted document that `undelete` can bring back. */
export interface DeletedDocument {
  id: string;
  title: string;
  /** ISO time of the deletion. */
  deletedAt: string;
  /** Who deleted it (email), if known. */
  deletedBy: string | null;
}

export interface BulkResult {
  done: number;
  failed: Array<{ id: string; message: string }>;
}

export interface DashboardSummary {
  counts: Record<string, { total: number; drafts: number; scheduled: number }>;
  recent: AuditEntry[];
  newBookOrders: Array<{
    id: string;
    name: string;
    email: string;
    publicationId: string | null;
    publicationTitle: string | null;
    quantity: number;
    createdAt: string;
  }>;
}

export const STALE_VERSION_MESSAGE = 'Документ змінив інший користувач. Оновіть сторінку або порівняйте зміни.';
export const SLUG_TAKEN_MESSAGE = 'Така адреса вже використовується';

/** Referring documents named in the «in use» message. */
const REFERRERS_SHOWN = 5;
/** Tries when a generated slug was taken between the check and the write. */
const SLUG_RETRIES = 3;
/** Documents read per page while collecting references to detach. */
const REFERRER_PAGE = 500;

type Data = Record<string, unknown>;

/** adminDataSchema per type, built once. */
const dataSchemas = new WeakMap<AnyContentType, z.ZodType>();

interface Referrer {
  type: AnyContentType;
  doc: StoredDocument<Data>;
  fields: string[];
}

function titleOf(type: AnyContentType, data: Data, id: string): string {
  const value = data[type.useAsTitle];
  return typeof value === 'string' && value ? value : id;
}

function notFound(type: AnyContentType): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: `${type.labels.singular}: не знайдено` });
}

function badData(error: z.ZodError): TRPCError {
  const first = error.issues[0];
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  return new TRPCError({ code: 'BAD_REQUEST', message: `Перевірте поля: ${where}${first?.message ?? 'невірні дані'}`, cause: error });
}

/**
 * FORBIDDEN when the type's `writeCheck` refuses the data for the writer's role (e.g. an editor
 * pointing a redirect at another site); the messages become field errors (`data.{field}`, as the
 * input's own validation names them) so the form shows them under the field.
 */
function checkWriter(type: AnyContentType, data: Data, actor: Actor): void {
  const refused = type.writeCheck?.(data as never, { role: actor.role });
  const entries = refused ? Object.entries(refused).filter((e): e is [string, string] => typeof e[1] === 'string') : [];
  if (!entries.length) return;
  const fieldErrors = Object.fromEntries(entries.map(([field, message]) => [`data.${field}`, [message]]));
  throw new TRPCError({
    code: 'FORBIDDEN',
    message: entries[0]![1],
    cause: new ErrorData({ reason: 'forbidden-value', field: entries[0]![0], zodError: { formErrors: [], fieldErrors } }),
  });
}

export class ContentAdminService {
  readonly history: ContentHistory;
  private readonly store: DocumentStore;

  constructor(readonly content: ContentService) {
    this.store = content.store;
    this.history = new ContentHistory(content.store);
  }

  private typeOf(key: string, kind: 'collection' | 'singleton'): AnyContentType {
    const type = getContentType(key);
    if (type.kind !== kind) throw new Error(`${key} is not a ${kind}`);
    return type;
  }

  /** The stored document or NOT_FOUND. */
  private async load(type: AnyContentType, id: string): Promise<StoredDocument<Data>> {
    const doc = await this.store.get<Data>(type.key, id);
    if (!doc) throw notFound(type);
    return doc;
  }

  /** CONFLICT for a stale version, with the current document (or null when it is gone) in `data.current`. */
  private async stale(type: AnyContentType, id: string): Promise<TRPCError> {
    const current = await this.store.get<Data>(type.key, id);
    return new TRPCError({
      code: 'CONFLICT',
      message: STALE_VERSION_MESSAGE,
      cause: new ErrorData({ reason: 'stale-version', current: current ? this.content.toApi(type, current) : null }),
    });
  }

  /** Commits a batch, turning the store's precondition failures into the admin's errors. */
  private async commit(type: AnyContentType, id: string, ops: WriteOp[]): Promise<Array<StoredDocument<unknown> | null>> {
    try {
      return await this.store.commit(ops);
    } catch (err) {
      // A precondition on another registry document (a detached referrer) names that document;
      // one on the history (a revision written meanwhile) means this document changed.
      if (err instanceof VersionConflictError || err instanceof DocumentExistsError) {
        const other = findContentType(err.collection);
        throw other ? await this.stale(other, err.id) : await this.stale(type, id);
      }
      if (err instanceof DocumentNotFoundError) throw notFound(findContentType(err.collection) ?? type);
      if (err instanceof UniqueConstraintError) {
        throw new TRPCError({
          code: 'CONFLICT',
          message: SLUG_TAKEN_MESSAGE,
          cause: new ErrorData({ reason: 'slug-taken', field: err.field, zodError: { formErrors: [], fieldErrors: { [err.field]: [SLUG_TAKEN_MESSAGE] } } }),
        });
      }
      throw err;
    }
  }

  // ---------------------------------------------------------------- reads

  /**
   * A page of a collection for staff, every state included: `search` matches the type's searchable
   * fields (every word, case-insensitive in any script), `status` draft / published (and due) /
   * scheduled, declared equality filters, a sort by a list column or timestamp (default: last
   * updated first), cursor pagination. BAD_REQUEST for a bad cursor.
   */
  async list(key: string, input: AdminListQuery): Promise<AdminListPage> {
    const type = this.typeOf(key, 'collection');
    const where: Filter[] = [...equalityFilters(type, input.filter), ...this.statusFilters(type, input.status)];
    const sort = input.sort ?? { field: 'updatedAt', direction: 'desc' as const };
    return withCursorCheck(async () => {
      const page = await this.store.list<Data>(type.key, {
        where,
        search: input.search?.trim() || undefined,
        orderBy: { fields: [sort.field], direction: sort.direction, collation: 'uk' },
        limit: input.limit,
        cursor: input.cursor,
        withTotal: true,
        select: adminListFieldsOf(type),
      });
      return {
        items: page.items.map((d) => this.content.toApi(type, d)),
        nextCursor: page.nextCursor,
        total: page.total ?? 0,
        relationTitles: await this.relationTitles(type, page.items),
      };
    });
  }

  /** For each relation among the type's list columns, the titles of the documents `docs` point at (gone ones left out). */
  private async relationTitles(type: AnyContentType, docs: Array<StoredDocument<Data>>): Promise<AdminListPage['relationTitles']> {
    const result: AdminListPage['relationTitles'] = {};
    for (const relation of type.relations) {
      if (!(type.defaultColumns as readonly string[]).includes(relation.field)) continue;
      const ids = [...new Set(docs.flatMap((d) => [d.data[relation.field]].flat().filter((v): v is string => typeof v === 'string' && v !== '')))];
      const found = ids.length ? await this.options(relation.to, { ids, limit: ids.length }) : [];
      result[relation.field] = Object.fromEntries(found.map((o) => [o.id, o.title]));
    }
    return result;
  }

  private statusFilters(type: AnyContentType, status: AdminStatus | undefined): Filter[] {
    if (!status || !type.publishable) return [];
    if (status === 'draft') return [{ field: 'status', op: '==', value: 'draft' }];
    if (status === 'scheduled') return this.content.scheduledFilters();
    return this.content.visibilityFilters(type);
  }

  /** One document of a collection, whatever its state; NOT_FOUND otherwise. */
  async get(key: string, id: string): Promise<ApiDocument> {
    const type = this.typeOf(key, 'collection');
    return this.content.toApi(type, await this.load(type, id));
  }

  /**
   * `{ id, title }` choices of a collection for relation fields (every state), by search or for
   * given ids; titles only, so staff may pick from types they cannot manage (a department's head).
   */
  async options(key: string, input: { search?: string; ids?: string[]; limit: number }): Promise<Array<{ id: string; title: string }>> {
    const type = this.typeOf(key, 'collection');
    if (input.ids) {
      const docs = await Promise.all(input.ids.map((id) => this.store.get<Data>(type.key, id)));
      return docs.filter((d): d is StoredDocument<Data> => d !== null).map((d) => ({ id: d.id, title: titleOf(type, d.data, d.id) }));
    }
    const page = await this.store.list<Data>(type.key, {
      search: input.search?.trim() || undefined,
      orderBy: { fields: [type.useAsTitle], direction: 'asc', collation: 'uk' },
      limit: input.limit,
      select: [type.useAsTitle],
    });
    return page.items.map((d) => ({ id: d.id, title: titleOf(type, d.data, d.id) }));
  }

  /** A singleton's document, or null before its first save. */
  async getSingleton(key: string): Promise<ApiDocument | null> {
    this.typeOf(key, 'singleton');
    return this.content.getSingleton(key);
  }

  // ---------------------------------------------------------------- writes

  /**
   * Validates admin input and makes it storable: rich text sanitised, an empty slug generated from
   * the `slug.from` field (unique in the type, `selfId` excluded), relations checked.
   * BAD_REQUEST (with the zod issues as cause) for invalid data or a missing related document.
   */
  private async prepare(type: AnyContentType, input: unknown, selfId: string | undefined, actor: Actor): Promise<{ data: Data; generatedSlug: boolean }> {
    let schema = dataSchemas.get(type);
    if (!schema) dataSchemas.set(type, (schema = adminDataSchema(type)));
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw badData(parsed.error);
    const data: Data = { ...(parsed.data as Data) };
    for (const field of richTextFieldsOf(type)) {
      if (typeof data[field] === 'string') data[field] = sanitizeRichText(data[field] as string);
    }
    let generatedSlug = false;
    if (type.slug && !data[type.slug.field]) {
      const base = slugify(String(data[type.slug.from] ?? '')) || slugify(type.key);
      data[type.slug.field] = await this.freeSlug(type, base, selfId);
      generatedSlug = true;
    }
    const final = type.schema.safeParse(data);
    if (!final.success) throw badData(final.error);
    checkWriter(type, final.data as Data, actor);
    await this.checkRelations(type, final.data as Data);
    return { data: final.data as Data, generatedSlug };
  }

  /** The first of `base`, `base-2`, `base-3`… no other document of the type uses. */
  private async freeSlug(type: AnyContentType, base: string, selfId: string | undefined): Promise<string> {
    const field = type.slug!.field;
    for (let n = 1; n <= 1000; n += 1) {
      const candidate = withSlugSuffix(base, n);
      const holder = await this.store.findOne(type.key, [{ field, op: '==', value: candidate }]);
      if (!holder || holder.id === selfId) return candidate;
    }
    return withSlugSuffix(base, Date.now());
  }

  private uniqueFields(type: AnyContentType, data: Data) {
    const slug = type.slug ? data[type.slug.field] : undefined;
    return typeof slug === 'string' && slug ? [{ field: type.slug!.field, value: slug }] : [];
  }

  /** BAD_REQUEST naming the field when a relation points at a document that does not exist. */
  private async checkRelations(type: AnyContentType, data: Data): Promise<void> {
    for (const relation of type.relations) {
      const value = data[relation.field];
      const ids = Array.isArray(value) ? value : [value];
      for (const id of ids) {
        if (id === null || id === undefined || id === '') continue;
        const target = getContentType(relation.to);
        if (await this.store.get(relation.to, String(id))) continue;
        const message = `Поле ${relation.field}: документ «${String(id)}» (${target.labels.plural}) не існує`;
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message,
          cause: new ErrorData({ reason: 'bad-relation', field: relation.field, zodError: { formErrors: [], fieldErrors: { [relation.field]: [message] } } }),
        });
      }
    }
  }

  /** Which revision action an update is: publish / unpublish when it changes the state. */
  private updateAction(type: AnyContentType, before: Data, after: Data, fallback: RevisionAction): RevisionAction {
    if (fallback !== 'update' || !type.publishable || before.status === after.status) return fallback;
    return after.status === 'published' ? 'publish' : 'unpublish';
  }

  /**
   * Creates a document of a collection: `data` is the type's input (an empty or missing slug is
   * generated). Returns it as stored. BAD_REQUEST for invalid data or relations; CONFLICT
   * «Така адреса вже використовується» for a slug another document has.
   */
  async create(key: string, input: unknown, actor: Actor): Promise<ApiDocument> {
    const type = this.typeOf(key, 'collection');
    for (let attempt = 1; ; attempt += 1) {
      const { data, generatedSlug } = await this.prepare(type, input, undefined, actor);
      const id = autoId();
      try {
        const [doc] = await this.commit(type, id, [
          { kind: 'create', collection: type.key, id, data, unique: this.uniqueFields(type, data) },
          this.history.revisionOp(type.key, id, 1, 'create', actor, data),
          this.history.auditOp(actor, type.key, id, titleOf(type, data, id), 'create'),
          ...(await slugRedirectOps(this.store, this.history, actor, { type, id, before: null, after: data })),
        ]);
        return this.content.toApi(type, doc as StoredDocument<Data>);
      } catch (err) {
        // Someone took the generated slug between the check and the write: generate again.
        if (generatedSlug && attempt < SLUG_RETRIES && err instanceof TRPCError && err.message === SLUG_TAKEN_MESSAGE) continue;
        throw err;
      }
    }
  }

  /**
   * Replaces a document's data if `version` is still current. NOT_FOUND, BAD_REQUEST, CONFLICT
   * (stale version: message STALE_VERSION_MESSAGE and the current document in `data.current`;
   * or a taken slug).
   */
  async update(key: string, id: string, version: number, input: unknown, actor: Actor): Promise<ApiDocument> {
    return this.writeExisting(this.typeOf(key, 'collection'), id, version, input, actor, 'update');
  }

  private async writeExisting(type: AnyContentType, id: string, version: number, input: unknown, actor: Actor, kind: 'update' | 'restore'): Promise<ApiDocument> {
    const current = await this.load(type, id);
    if (current.version !== version) throw await this.stale(type, id);
    for (let attempt = 1; ; attempt += 1) {
      const { data, generatedSlug } = await this.prepare(type, input, id, actor);
      const action = this.updateAction(type, current.data, data, kind);
      const baseline = await this.history.baselineOps(current);
      try {
        const docs = await this.commit(type, id, [
          ...baseline,
          { kind: 'update', collection: type.key, id, data, expectedVersion: version, unique: this.uniqueFields(type, data) },
          this.history.revisionOp(type.key, id, version + 1, action, actor, data),
          this.history.auditOp(actor, type.key, id, titleOf(type, data, id), action),
          ...(await slugRedirectOps(this.store, this.history, actor, { type, id, before: current.data, after: data })),
        ]);
        const doc = docs[baseline.length];
        return this.content.toApi(type, doc as StoredDocument<Data>);
      } catch (err) {
        if (generatedSlug && attempt < SLUG_RETRIES && err instanceof TRPCError && err.message === SLUG_TAKEN_MESSAGE) continue;
        throw err;
      }
    }
  }

  /**
   * Saves a singleton (header, footer): `version` null is the first save (CONFLICT with the current
   * document when it was saved meanwhile), otherwise as `update`.
   */
  async saveSingleton(key: string, version: number | null, input: unknown, actor: Actor): Promise<ApiDocument> {
    const type = this.typeOf(key, 'singleton');
    if (version !== null) return this.writeExisting(type, key, version, input, actor, 'update');
    const { data } = await this.prepare(type, input, key, actor);
    const [doc] = await this.commit(type, key, [
      { kind: 'create', collection: key, id: key, data },
      this.history.revisionOp(key, key, 1, 'create', actor, data),
      this.history.auditOp(actor, key, key, titleOf(type, data, key), 'create'),
    ]);
    return this.content.toApi(type, doc as StoredDocument<Data>);
  }

  // ---------------------------------------------------------------- delete and references

  /** Documents of any type whose relations point at `key/id` (up to `limit`), and how many there are. */
  private async referrers(key: string, id: string, limit: number): Promise<{ items: Referrer[]; total: number }> {
    const byDoc = new Map<string, Referrer>();
    let total = 0;
    for (const type of contentTypeList) {
      for (const relation of type.relations) {
        if (relation.to !== key) continue;
        const many = relation.many || isArrayField(type, relation.field);
        const where: Filter[] = [{ field: relation.field, op: many ? 'array-contains' : '==', value: id }];
        let cursor: string | undefined;
        do {
          const page = await this.store.list<Data>(type.key, {
            where,
            orderBy: { fields: ['createdAt'], direction: 'asc' },
            limit: Math.min(REFERRER_PAGE, Math.max(1, limit - byDoc.size)),
            cursor,
            withTotal: cursor === undefined,
          });
          if (page.total !== undefined) total += page.total;
          for (const doc of page.items) {
            const k = `${type.key}/${doc.id}`;
            const seen = byDoc.get(k);
            if (seen) seen.fields.push(relation.field);
            else if (byDoc.size < limit) byDoc.set(k, { type, doc, fields: [relation.field] });
          }
          cursor = byDoc.size < limit ? (page.nextCursor ?? undefined) : undefined;
        } while (cursor);
      }
    }
    return { items: [...byDoc.values()], total };
  }

  /** The referrer's data with its references to `id` cleared (and unpublished when the field is required). */
  private detached(ref: Referrer, id: string): Data {
    const data: Data = { ...ref.doc.data };
    let required = false;
    for (const field of ref.fields) {
      const value = data[field];
      if (Array.isArray(value)) data[field] = value.filter((v) => v !== id);
      else {
        data[field] = null;
        if (!(ref.type.schema.shape[field] as z.ZodType).safeParse(null).success) required = true;
      }
    }
    // A thesis without its conference (a required reference) cannot stay on the site: it goes back
    // to draft until staff attach it elsewhere (its form then asks for the field).
    if (required && ref.type.publishable) data.status = 'draft';
    return data;
  }

  /**
   * Deletes a document (singletons cannot be deleted). When others refer to it, PRECONDITION_FAILED
   * «Документ використовується: …» naming up to 5 of them (all in `data.referrers` / `data.total`),
   * unless `detach`, which first clears those references in the same atomic write (FORBIDDEN if
   * that would change a type the actor may not manage). CONFLICT for a stale `version`.
   */
  async delete(key: string, id: string, opts: { version?: number; detach?: boolean }, actor: Actor, extra: { bulk?: boolean } = {}): Promise<{ id: string }> {
    const type = this.typeOf(key, 'collection');
    const doc = await this.load(type, id);
    if (opts.version !== undefined && doc.version !== opts.version) throw await this.stale(type, id);
    const refs = await this.referrers(key, id, opts.detach ? Number.MAX_SAFE_INTEGER : REFERRERS_SHOWN);
    if (refs.total > 0 && !opts.detach) {
      const named = refs.items.map((r) => `«${titleOf(r.type, r.doc.data, r.doc.id)}» (${r.type.labels.plural})`);
      const more = refs.total > named.length ? ` та ще ${refs.total - named.length}` : '';
      throw new TRPCError({
        code: 'PRECONDITION_FAILED',
        message: `Документ використовується: ${named.join(', ')}${more}`,
        cause: new ErrorData({
          reason: 'in-use',
          total: refs.total,
          referrers: refs.items.map((r) => ({ collection: r.type.key, id: r.doc.id, title: titleOf(r.type, r.doc.data, r.doc.id) })),
        }),
      });
    }
    const ops: WriteOp[] = [];
    for (const ref of refs.items) {
      if (adminAccessOf(ref.type) === 'admin' && actor.role !== 'admin') {
        throw new TRPCError({
          code: 'FORBIDDEN',
          message: `Від'єднати записи розділу «${ref.type.labels.plural}» може лише адміністратор`,
        });
      }
      const data = this.detached(ref, id);
      const action: RevisionAction = ref.doc.data.status === 'published' && data.status === 'draft' ? 'unpublish' : 'update';
      ops.push(
        ...(await this.history.baselineOps(ref.doc)),
        { kind: 'update', collection: ref.type.key, id: ref.doc.id, data, expectedVersion: ref.doc.version },
        this.history.revisionOp(ref.type.key, ref.doc.id, ref.doc.version + 1, action, actor, data),
        this.history.auditOp(actor, ref.type.key, ref.doc.id, titleOf(ref.type, data, ref.doc.id), 'detach', extra),
      );
    }
    ops.push(
      // The deleted version is kept as a revision, so `undelete` can bring it back.
      ...(await this.history.baselineOps(doc)),
      { kind: 'delete', collection: key, id, expectedVersion: doc.version },
      this.history.auditOp(actor, key, id, titleOf(type, doc.data, id), 'delete', { ...extra, version: doc.version }),
    );
    await this.commit(type, id, ops);
    return { id };
  }

  /**
   * The revision holding the version a deletion removed, or null when it is not kept (deletions
   * recorded before deletes kept it, or a version written outside the admin).
   */
  private async deletedRevision(type: AnyContentType, entry: AuditEntry | undefined): Promise<{ revision: number; data: Data } | null> {
    if (!entry || entry.version === undefined) return null;
    const latest = await this.history.latest(type.key, entry.documentId);
    return latest && latest.revision === entry.version ? latest : null;
  }

  /**
   * Deleted documents of a collection that can be brought back (the deleted version is among the
   * revisions), latest deletion first: `{ id, title, deletedAt, deletedBy }`, up to 100.
   */
  async deleted(key: string): Promise<DeletedDocument[]> {
    const type = this.typeOf(key, 'collection');
    const result: DeletedDocument[] = [];
    const seen = new Set<string>();
    for (const entry of (await this.history.audit({ collection: type.key, action: 'delete', limit: 500 })).entries) {
      if (result.length >= 100) break;
      if (seen.has(entry.documentId)) continue;
      seen.add(entry.documentId);
      if (await this.store.get(type.key, entry.documentId)) continue;
      if (!(await this.deletedRevision(type, entry))) continue;
      result.push({ id: entry.documentId, title: entry.title, deletedAt: entry.at, deletedBy: entry.email });
    }
    return result;
  }

  /**
   * Brings a deleted document back under its id from its last revision, as a draft when the type
   * has states (so nothing reappears on the site unseen), with the next version number (its history
   * goes on) and a new slug when another document took the old one. CONFLICT when the document
   * exists, NOT_FOUND when the deleted version is not kept, BAD_REQUEST when the old data no longer
   * passes the schema or points at documents that are gone.
   */
  async undelete(key: string, id: string, actor: Actor): Promise<ApiDocument> {
    const type = this.typeOf(key, 'collection');
    if (await this.store.get(type.key, id)) {
      throw new TRPCError({ code: 'CONFLICT', message: 'Документ не видалено: він уже є в розділі' });
    }
    const [deletion] = (await this.history.audit({ collection: type.key, action: 'delete', documentId: id, limit: 1 })).entries;
    const latest = await this.deletedRevision(type, deletion);
    if (!latest) throw new TRPCError({ code: 'NOT_FOUND', message: 'Видаленої версії цього документа не збережено' });
    const input: Data = { ...latest.data };
    if (type.publishable) input.status = 'draft';
    const slug = type.slug ? input[type.slug.field] : undefined;
    if (typeof slug === 'string' && slug) input[type.slug!.field] = await this.freeSlug(type, slug, id);
    const { data } = await this.prepare(type, input, id, actor);
    const version = latest.revision + 1;
    const [doc] = await this.commit(type, id, [
      { kind: 'create', collection: type.key, id, data, unique: this.uniqueFields(type, data), version },
      this.history.revisionOp(type.key, id, version, 'restore', actor, data),
      this.history.auditOp(actor, type.key, id, titleOf(type, data, id), 'restore'),
    ]);
    return this.content.toApi(type, doc as StoredDocument<Data>);
  }

  // ---------------------------------------------------------------- bulk

  /** Sets a publishable document's state (no write when it already has it). */
  private async setStatus(type: AnyContentType, id: string, action: 'publish' | 'unpublish', actor: Actor, extra: { bulk?: boolean }): Promise<void> {
    if (!type.publishable) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Документи цього розділу не мають стану публікації' });
    const doc = await this.load(type, id);
    const status = action === 'publish' ? 'published' : 'draft';
    if (doc.data.status === status) return;
    const parsed = type.schema.safeParse({ ...doc.data, status });
    if (!parsed.success) throw badData(parsed.error);
    const data = parsed.data as Data;
    await this.commit(type, id, [
      ...(await this.history.baselineOps(doc)),
      { kind: 'update', collection: type.key, id, data, expectedVersion: doc.version },
      this.history.revisionOp(type.key, id, doc.version + 1, action, actor, data),
      this.history.auditOp(actor, type.key, id, titleOf(type, data, id), action, extra),
      ...(await slugRedirectOps(this.store, this.history, actor, { type, id, before: doc.data, after: data })),
    ]);
  }

  /**
   * Publishes, unpublishes or deletes each document on its own (delete without detaching; refused
   * for referenced documents). Returns how many succeeded and why the others failed.
   */
  async bulk(key: string, ids: string[], action: BulkAction, actor: Actor): Promise<BulkResult> {
    const type = this.typeOf(key, 'collection');
    const result: BulkResult = { done: 0, failed: [] };
    for (const id of [...new Set(ids)]) {
      try {
        if (action === 'delete') await this.delete(key, id, {}, actor, { bulk: true });
        else await this.setStatus(type, id, action, actor, { bulk: true });
        result.done += 1;
      } catch (err) {
        if (!(err instanceof TRPCError)) throw err;
        result.failed.push({ id, message: err.message });
      }
    }
    return result;
  }

  // ---------------------------------------------------------------- history

  /** The revisions of a document (collections: `id`; singletons: the key), newest first. */
  async revisions(key: string, id: string): Promise<RevisionInfo[]> {
    const type = getContentType(key);
    return this.history.list(type.key, id, await this.store.get(type.key, id));
  }

  /** One revision's data; NOT_FOUND when there is no such revision. */
  async revision(key: string, id: string, revision: number): Promise<{ revision: number; data: Data }> {
    const type = getContentType(key);
    const found = await this.history.get(type.key, id, revision, await this.store.get(type.key, id));
    if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: 'Такої версії документа немає' });
    return found;
  }

  /**
   * Writes an old revision's data as a new version, if `version` is still current (as update).
   * BAD_REQUEST when the old data no longer passes the type's schema or its relations are gone.
   */
  async restore(key: string, id: string, revision: number, version: number, actor: Actor): Promise<ApiDocument> {
    const type = getContentType(key);
    const old = await this.revision(key, id, revision);
    return this.writeExisting(type, id, version, old.data, actor, 'restore');
  }

  // ---------------------------------------------------------------- audit and dashboard

  /** A page of the audit log, newest first. BAD_REQUEST for a bad cursor. */
  async audit(input: AuditListQuery): Promise<AuditPage> {
    return withCursorCheck(() => this.history.audit(input));
  }

  /** Counts per type (total, drafts, scheduled), the 10 latest audit entries and the 10 latest new book orders. */
  async dashboard(): Promise<DashboardSummary> {
    const counts: DashboardSummary['counts'] = {};
    for (const type of contentTypeList) {
      counts[type.key] = {
        total: await this.store.count(type.key),
        drafts: type.publishable ? await this.store.count(type.key, [{ field: 'status', op: '==', value: 'draft' }]) : 0,
        scheduled: type.publishable ? await this.store.count(type.key, this.content.scheduledFilters()) : 0,
      };
    }
    const recent = (await this.history.audit({ limit: 10 })).entries;
    const orders = await this.store.list<Data>('bookOrders', {
      where: [{ field: 'state', op: '==', value: 'new' }],
      orderBy: { fields: ['createdAt'], direction: 'desc' },
      limit: 10,
    });
    const titles = new Map<string, string | null>();
    const newBookOrders: DashboardSummary['newBookOrders'] = [];
    for (const order of orders.items) {
      const publicationId = typeof order.data.publicationId === 'string' ? order.data.publicationId : null;
      if (publicationId && !titles.has(publicationId)) {
        const publication = await this.store.get<Data>('publications', publicationId);
        titles.set(publicationId, publication ? String(publication.data.title ?? '') : null);
      }
      newBookOrders.push({
        id: order.id,
        name: String(order.data.name ?? ''),
        email: String(order.data.email ?? ''),
        publicationId,
        publicationTitle: publicationId ? (titles.get(publicationId) ?? null) : null,
        quantity: Number(order.data.quantity ?? 0),
        createdAt: order.createdAt,
      });
    }
    return { counts, recent, newBookOrders };
  }
}
