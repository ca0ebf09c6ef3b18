/** A document's revisions: the list, one revision's data, and restoring one as a new version. */
import { NotFoundError } from '../errors';
import type { RevisionInfo } from '../history';
import type { ApiDocument } from '../service';
import type { Actor, AdminCore, Data } from './common';
import type { AdminWrites } from './writes';

export class AdminRevisions {
  constructor(
    private readonly core: AdminCore,
    private readonly writes: AdminWrites,
  ) {}

  /** The revisions of a document (collections: `id`; singletons: the key), newest first. */
  async revisions(key: string, id: string): Promise<RevisionInfo[]> {
    const type = this.core.registry.get(key);
    return this.core.history.list(type.key, id, await this.core.store.get(type.key, id));
  }

  /** One revision's data; NOT_FOUND when there is no such revision. */
  async revision(key: string, id: string, revision: number): Promise<{ revision: number; data: Data }> {
    const type = this.core.registry.get(key);
    const found = await this.core.history.get(type.key, id, revision, await this.core.store.get(type.key, id));
    if (!found) throw new NotFoundError('Такої версії документа немає');
    return found;
  }

  /**
   * Writes an old revision's data as a new version, if `version` is still current (as update). The
   * whole data is restored, its publication state (status, publishedAt) included: restoring a
   * published version of a withdrawn document publishes it again (the admin asks first and says so).
   * BAD_REQUEST when the old data no longer passes the type's schema or its relations are gone.
   */
  async restore(key: string, id: string, revision: number, version: number, actor: Actor): Promise<ApiDocument> {
    const type = this.core.registry.get(key);
    const old = await this.revision(key, id, revision);
    return this.writes.writeExisting(type, id, version, old.data, actor, 'restore');
  }
}
