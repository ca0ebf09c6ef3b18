/**
 * Which deleted documents can be brought back (a delete is a hard delete; `undelete` recreates the
 * document from the revision its deletion kept). Read from the audit's `delete` entries and the
 * revision history; shared by the admin's deleted list and undelete (admin/deletion.ts) and by the
 * storage's kept files (scholarly/keptFiles.ts). There is no time limit: revisions are never purged,
 * so a deletion stays reversible until the document exists again.
 */
import type { DocumentStore } from '../store/port';
import type { AuditEntry, ContentHistory } from './history';

/** Audit entries read per page while walking the deletions of a collection. */
const AUDIT_PAGE = 500;

/** A deleted document that can be brought back: its newest `delete` entry and the revision it kept. */
export interface RestorableDeletion {
  entry: AuditEntry;
  /** The deleted version's revision number and data. */
  revision: number;
  data: Record<string, unknown>;
}

export class Deletions {
  constructor(
    private readonly store: DocumentStore,
    private readonly history: ContentHistory,
  ) {}

  /**
   * The revision holding the version the deletion `entry` removed, or null when it is not kept
   * (deletions recorded before deletes kept it, or a version written outside the admin).
   */
  async deletedRevision(
    collection: string,
    entry: AuditEntry | undefined,
  ): Promise<{ revision: number; data: Record<string, unknown> } | null> {
    if (!entry || entry.version === undefined) return null;
    const latest = await this.history.latest(collection, entry.documentId);
    return latest && latest.revision === entry.version ? latest : null;
  }

  /** The newest `delete` entry of a document, if it was ever deleted. */
  async lastDeletion(collection: string, id: string): Promise<AuditEntry | undefined> {
    const page = await this.history.audit({ collection, action: 'delete', documentId: id, limit: 1 });
    return page.entries[0];
  }

  /**
   * Every deleted document of `collection` that can be brought back (absent from the store, its
   * deleted version kept as a revision), latest deletion first; the audit is read 500 entries a page.
   */
  async *restorable(collection: string): AsyncGenerator<RestorableDeletion> {
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await this.history.audit({ collection, action: 'delete', limit: AUDIT_PAGE, cursor });
      for (const entry of page.entries) {
        // Entries come newest first: a document's first one is its last deletion.
        if (seen.has(entry.documentId)) continue;
        seen.add(entry.documentId);
        if (await this.store.get(collection, entry.documentId)) continue;
        const kept = await this.deletedRevision(collection, entry);
        if (kept) yield { entry, ...kept };
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
}
