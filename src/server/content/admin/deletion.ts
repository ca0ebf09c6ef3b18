/**
 * Deleting and bringing back: delete (refused while other documents refer to the document, unless
 * asked to detach them in the same atomic write), the list of deleted documents that can be
 * brought back, and undelete from the revision the deletion kept.
 */
import type { z } from 'zod';
import type { RevisionAction } from '../../../shared/content/adminInput';
import { adminAccessOf, isArrayField, type AnyContentType } from '../../../shared/content/define';
import type { Filter, StoredDocument, WriteOp } from '../../store/port';
import { ConflictError, ForbiddenError, NotFoundError, PreconditionError } from '../errors';
import { Deletions } from '../deletions';
import type { ApiDocument } from '../service';
import { titleOf, type Actor, type AdminCore, type Data } from './common';
import { ruledUpdate, uniqueFields, type AdminWrites } from './writes';

/** Referring documents named in the «in use» message. */
const REFERRERS_SHOWN = 5;
/** Documents read per page while collecting references to detach. */
const REFERRER_PAGE = 500;

/** A deleted document that `undelete` can bring back. */
export interface DeletedDocument {
  id: string;
  title: string;
  /** ISO time of the deletion. */
  deletedAt: string;
  /** Who deleted it (email), if known. */
  deletedBy: string | null;
}

interface Referrer {
  type: AnyContentType;
  doc: StoredDocument<Data>;
  fields: string[];
}

/** The referrer's data with its references to `id` cleared (and unpublished when the field is required). */
function detached(ref: Referrer, id: string): Data {
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

export class AdminDeletion {
  private readonly deletions: Deletions;

  constructor(
    private readonly core: AdminCore,
    private readonly writes: AdminWrites,
  ) {
    this.deletions = new Deletions(core.store, core.history);
  }

  /** Documents of any type whose relations point at `key/id` (up to `limit`), and how many there are. */
  private async referrers(key: string, id: string, limit: number): Promise<{ items: Referrer[]; total: number }> {
    const byDoc = new Map<string, Referrer>();
    let total = 0;
    for (const type of this.core.registry.list) {
      for (const relation of type.relations) {
        if (relation.to !== key) continue;
        const many = relation.many || isArrayField(type, relation.field);
        const where: Filter[] = [{ field: relation.field, op: many ? 'array-contains' : '==', value: id }];
        let cursor: string | undefined;
        do {
          const page = await this.core.store.list<Data>(type.key, {
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

  /**
   * Deletes a document (singletons cannot be deleted). When others refer to it, PRECONDITION_FAILED
   * «Документ використовується: …» naming up to 5 of them (all in `data.referrers` / `data.total`),
   * unless `detach`, which first clears those references in the same atomic write (FORBIDDEN if
   * that would change a type the actor may not manage). CONFLICT for a stale `version`.
   */
  async delete(
    key: string,
    id: string,
    opts: { version?: number; detach?: boolean },
    actor: Actor,
    extra: { bulk?: boolean } = {},
  ): Promise<{ id: string }> {
    const { core } = this;
    const type = core.typeOf(key, 'collection');
    const doc = await core.load(type, id);
    if (opts.version !== undefined && doc.version !== opts.version) throw await core.stale(type, id);
    const refs = await this.referrers(key, id, opts.detach ? Number.MAX_SAFE_INTEGER : REFERRERS_SHOWN);
    if (refs.total > 0 && !opts.detach) {
      const named = refs.items.map((r) => `«${titleOf(r.type, r.doc.data, r.doc.id)}» (${r.type.labels.plural})`);
      const more = refs.total > named.length ? ` та ще ${refs.total - named.length}` : '';
      throw new PreconditionError(`Документ використовується: ${named.join(', ')}${more}`, {
        reason: 'in-use',
        total: refs.total,
        referrers: refs.items.map((r) => ({
          collection: r.type.key,
          id: r.doc.id,
          title: titleOf(r.type, r.doc.data, r.doc.id),
        })),
      });
    }
    const ops: WriteOp[] = [];
    for (const ref of refs.items) {
      if (adminAccessOf(ref.type) === 'admin' && actor.role !== 'admin') {
        throw new ForbiddenError(`Від'єднати записи розділу «${ref.type.labels.plural}» може лише адміністратор`);
      }
      // The referrer's own write rule judges the detached data like any other admin write.
      const data = ruledUpdate(ref.type, ref.doc.data, detached(ref, id), {
        now: core.content.now().toISOString(),
        createdAt: ref.doc.createdAt,
      });
      const action: RevisionAction =
        ref.doc.data.status === 'published' && data.status === 'draft' ? 'unpublish' : 'update';
      ops.push(
        ...(await core.history.baselineOps(ref.doc)),
        { kind: 'update', collection: ref.type.key, id: ref.doc.id, data, expectedVersion: ref.doc.version },
        core.history.revisionOp(ref.type.key, ref.doc.id, ref.doc.version + 1, action, actor, data),
        core.history.auditOp(actor, ref.type.key, ref.doc.id, titleOf(ref.type, data, ref.doc.id), 'detach', extra),
      );
    }
    ops.push(
      // The deleted version is kept as a revision, so `undelete` can bring it back.
      ...(await core.history.baselineOps(doc)),
      { kind: 'delete', collection: key, id, expectedVersion: doc.version },
      core.history.auditOp(actor, key, id, titleOf(type, doc.data, id), 'delete', { ...extra, version: doc.version }),
    );
    await core.commit(type, id, ops);
    return { id };
  }

  /**
   * Deleted documents of a collection that can be brought back (the deleted version is among the
   * revisions), latest deletion first: `{ id, title, deletedAt, deletedBy }`, up to 100.
   */
  async deleted(key: string): Promise<DeletedDocument[]> {
    const type = this.core.typeOf(key, 'collection');
    const result: DeletedDocument[] = [];
    for await (const { entry } of this.deletions.restorable(type.key)) {
      result.push({ id: entry.documentId, title: entry.title, deletedAt: entry.at, deletedBy: entry.email });
      if (result.length >= 100) break;
    }
    return result;
  }

  /**
   * Brings a deleted document back under its id from its last revision, as a draft when the type
   * has states (so nothing reappears on the site unseen), with the next version number (its history
   * goes on) and a new slug when another document took the old one; the type's `updateRule` applies
   * as to an update of the deleted version at its deletion. CONFLICT when the document exists,
   * NOT_FOUND when the deleted version is not kept, BAD_REQUEST when the old data no longer passes
   * the schema or points at documents that are gone, PRECONDITION_FAILED when the rule refuses.
   */
  async undelete(key: string, id: string, actor: Actor): Promise<ApiDocument> {
    const { core } = this;
    const type = core.typeOf(key, 'collection');
    if (await core.store.get(type.key, id)) throw new ConflictError('Документ не видалено: він уже є в розділі');
    const deletion = await this.deletions.lastDeletion(type.key, id);
    const latest = await this.deletions.deletedRevision(type.key, deletion);
    if (!latest || !deletion) throw new NotFoundError('Видаленої версії цього документа не збережено');
    const input: Data = { ...latest.data };
    if (type.publishable) input.status = 'draft';
    const slug = type.slug ? input[type.slug.field] : undefined;
    if (typeof slug === 'string' && slug) input[type.slug!.field] = await this.writes.freeSlug(type, slug, id);
    const prepared = await this.writes.prepare(type, input, id, actor);
    // The type's rule sees the deleted version as it stood until the deletion (a dataset that was
    // live then keeps its published versions' files frozen as a draft).
    const at = deletion.at;
    const data = ruledUpdate(type, latest.data, prepared.data, {
      now: core.content.now().toISOString(),
      createdAt: at,
      liveAt: at,
    });
    const version = latest.revision + 1;
    const [doc] = await core.commit(type, id, [
      { kind: 'create', collection: type.key, id, data, unique: uniqueFields(type, data), version },
      core.history.revisionOp(type.key, id, version, 'restore', actor, data),
      core.history.auditOp(actor, type.key, id, titleOf(type, data, id), 'restore'),
    ]);
    return core.toApi(type, doc);
  }
}
