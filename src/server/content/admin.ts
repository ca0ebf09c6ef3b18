/**
 * The admin's content operations, generic over the registry (the routers in
 * trpc/routers/adminContent.ts are thin wrappers). `ContentAdminService` is the façade; each job is
 * a part under admin/:
 * - reads.ts: lists with search, state filter, sort and cursor; one document; picker options;
 * - writes.ts: create and update with validation, slug generation, sanitising and relation checks;
 * - deletion.ts: delete (refused while referenced, unless detaching), deleted documents, undelete;
 * - bulk.ts: bulk publish / unpublish / delete;
 * - revisions.ts: revisions with restore;
 * - dashboard.ts: the audit log and the dashboard;
 * - fileUsage.ts: the documents that use a stored file (the media library's delete confirmation);
 * - common.ts: what they share (the store's failures as domain errors, optimistic concurrency).
 *
 * Every write is one atomic batch of the store: the document, its revision and its audit entry
 * (and, for a detaching delete, the referring documents), so history never disagrees with content.
 * Errors are domain errors (errors.ts) with Ukrainian messages; their `details` add `reason` (and
 * `current`, `zodError`, `referrers`, `total`) for the admin UI. The tRPC layer maps them.
 */
import type { BulkAction } from '../../shared/content/adminInput';
import { AdminBulk, type BulkResult } from './admin/bulk';
import { AdminCore, type Actor, type Data } from './admin/common';
import { AdminDashboard, type AuditListQuery, type DashboardSummary } from './admin/dashboard';
import { AdminDeletion, type DeletedDocument } from './admin/deletion';
import { AdminFileUsage, type FileUsage } from './admin/fileUsage';
import { AdminReads, type AdminListPage, type AdminListQuery, type AdminOption } from './admin/reads';
import { AdminRevisions } from './admin/revisions';
import { AdminWrites } from './admin/writes';
import type { AuditPage, ContentHistory, RevisionInfo } from './history';
import type { ApiDocument, ContentService } from './service';

export { SLUG_TAKEN_MESSAGE, STALE_VERSION_MESSAGE, type Actor } from './admin/common';
export type {
  AdminListPage,
  AdminListQuery,
  AdminOption,
  AuditListQuery,
  BulkResult,
  DashboardSummary,
  DeletedDocument,
  FileUsage,
};

export class ContentAdminService {
  readonly history: ContentHistory;
  private readonly reads: AdminReads;
  private readonly writes: AdminWrites;
  private readonly deletion: AdminDeletion;
  private readonly bulkActions: AdminBulk;
  private readonly revisionsPart: AdminRevisions;
  private readonly overview: AdminDashboard;
  private readonly files: AdminFileUsage;

  constructor(readonly content: ContentService) {
    const core = new AdminCore(content);
    this.history = core.history;
    this.reads = new AdminReads(core);
    this.writes = new AdminWrites(core);
    this.deletion = new AdminDeletion(core, this.writes);
    this.bulkActions = new AdminBulk(core, this.deletion);
    this.revisionsPart = new AdminRevisions(core, this.writes);
    this.overview = new AdminDashboard(core);
    this.files = new AdminFileUsage(core);
  }

  /** A page of a collection for staff, every state included (reads.ts). */
  list(key: string, input: AdminListQuery): Promise<AdminListPage> {
    return this.reads.list(key, input);
  }

  /** One document of a collection, whatever its state; NOT_FOUND otherwise. */
  get(key: string, id: string): Promise<ApiDocument> {
    return this.reads.get(key, id);
  }

  /** `{ id, title }` choices of a collection for relation fields. */
  options(key: string, input: { search?: string; ids?: string[]; limit: number }): Promise<AdminOption[]> {
    return this.reads.options(key, input);
  }

  /** A singleton's document, or null before its first save. */
  getSingleton(key: string): Promise<ApiDocument | null> {
    return this.reads.getSingleton(key);
  }

  /** Creates a document of a collection (writes.ts). */
  create(key: string, input: unknown, actor: Actor): Promise<ApiDocument> {
    return this.writes.create(key, input, actor);
  }

  /** Replaces a document's data if `version` is still current (writes.ts). */
  update(key: string, id: string, version: number, input: unknown, actor: Actor): Promise<ApiDocument> {
    return this.writes.update(key, id, version, input, actor);
  }

  /** Saves a singleton; `version` null is the first save. */
  saveSingleton(key: string, version: number | null, input: unknown, actor: Actor): Promise<ApiDocument> {
    return this.writes.saveSingleton(key, version, input, actor);
  }

  /** Deletes a document, refused while others refer to it unless `detach` (deletion.ts). */
  delete(key: string, id: string, opts: { version?: number; detach?: boolean }, actor: Actor): Promise<{ id: string }> {
    return this.deletion.delete(key, id, opts, actor);
  }

  /** Deleted documents of a collection that can be brought back, latest deletion first. */
  deleted(key: string): Promise<DeletedDocument[]> {
    return this.deletion.deleted(key);
  }

  /** Brings a deleted document back as a draft (deletion.ts). */
  undelete(key: string, id: string, actor: Actor): Promise<ApiDocument> {
    return this.deletion.undelete(key, id, actor);
  }

  /** Publishes, unpublishes or deletes each document on its own (bulk.ts). */
  bulk(key: string, ids: string[], action: BulkAction, actor: Actor): Promise<BulkResult> {
    return this.bulkActions.bulk(key, ids, action, actor);
  }

  /** The revisions of a document, newest first. */
  revisions(key: string, id: string): Promise<RevisionInfo[]> {
    return this.revisionsPart.revisions(key, id);
  }

  /** One revision's data; NOT_FOUND when there is no such revision. */
  revision(key: string, id: string, revision: number): Promise<{ revision: number; data: Data }> {
    return this.revisionsPart.revision(key, id, revision);
  }

  /** Writes an old revision's data as a new version, if `version` is still current. */
  restore(key: string, id: string, revision: number, version: number, actor: Actor): Promise<ApiDocument> {
    return this.revisionsPart.restore(key, id, revision, version, actor);
  }

  /** A page of the audit log, newest first (dashboard.ts). */
  audit(input: AuditListQuery): Promise<AuditPage> {
    return this.overview.audit(input);
  }

  /** Counts per type, the latest audit entries and new book orders. */
  dashboard(): Promise<DashboardSummary> {
    return this.overview.dashboard();
  }

  /** The documents that use the stored object `name` (fileUsage.ts). */
  fileUsage(name: string): Promise<FileUsage> {
    return this.files.usage(name);
  }
}
