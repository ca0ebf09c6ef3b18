/**
 * Bulk actions of the admin's lists: publish, unpublish or delete several documents, each on its
 * own; the answer says how many succeeded and why the others failed.
 */
import type { BulkAction } from '../../../shared/content/adminInput';
import type { AnyContentType } from '../../../shared/content/define';
import { DomainError, ValidationError } from '../errors';
import { slugRedirectOps } from '../slugRedirects';
import { badData, titleOf, type Actor, type AdminCore } from './common';
import type { AdminDeletion } from './deletion';
import { ruledUpdate } from './writes';

export interface BulkResult {
  done: number;
  failed: Array<{ id: string; message: string }>;
}

export class AdminBulk {
  constructor(
    private readonly core: AdminCore,
    private readonly deletion: AdminDeletion,
  ) {}

  /** Sets a publishable document's state (no write when it already has it), through the type's `updateRule`. */
  private async setStatus(
    type: AnyContentType,
    id: string,
    action: 'publish' | 'unpublish',
    actor: Actor,
    extra: { bulk?: boolean },
  ): Promise<void> {
    const { core } = this;
    if (!type.publishable) throw new ValidationError('Документи цього розділу не мають стану публікації');
    const doc = await core.load(type, id);
    const status = action === 'publish' ? 'published' : 'draft';
    if (doc.data.status === status) return;
    const parsed = type.schema.safeParse({ ...doc.data, status });
    if (!parsed.success) throw badData(parsed.error);
    const data = ruledUpdate(type, doc.data, parsed.data, {
      now: core.content.now().toISOString(),
      createdAt: doc.createdAt,
    });
    await core.commit(type, id, [
      ...(await core.history.baselineOps(doc)),
      { kind: 'update', collection: type.key, id, data, expectedVersion: doc.version },
      core.history.revisionOp(type.key, id, doc.version + 1, action, actor, data),
      core.history.auditOp(actor, type.key, id, titleOf(type, data, id), action, extra),
      ...(await slugRedirectOps(core.store, core.history, actor, { type, id, before: doc.data, after: data })),
    ]);
  }

  /**
   * Publishes, unpublishes or deletes each document on its own (delete without detaching; refused
   * for referenced documents). Returns how many succeeded and why the others failed; errors other
   * than the domain's (a full disk, a broken store) stop the run.
   */
  async bulk(key: string, ids: string[], action: BulkAction, actor: Actor): Promise<BulkResult> {
    const type = this.core.typeOf(key, 'collection');
    const result: BulkResult = { done: 0, failed: [] };
    for (const id of [...new Set(ids)]) {
      try {
        if (action === 'delete') await this.deletion.delete(key, id, {}, actor, { bulk: true });
        else await this.setStatus(type, id, action, actor, { bulk: true });
        result.done += 1;
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        result.failed.push({ id, message: err.message });
      }
    }
    return result;
  }
}
