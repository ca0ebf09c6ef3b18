/**
 * Revision history and audit log of the admin, kept as two Firestore-shaped collections of the
 * document store (so they are written in the same atomic batch as the document they describe):
 * - `_revisions/{collection}/{id}/{version}`: a full data snapshot of each saved version (create,
 *   update, restore, publish, unpublish), listed per document newest first. A revision's number is
 *   the version it saved; versions written outside the admin (the seed) get a baseline revision by
 *   the system before the admin first changes them, so every older state can be restored;
 * - `_audit/{time-ordered id}`: who (uid, email), when, which collection and document (with its
 *   title at the time) and what action, for every admin action.
 */
import { randomBytes } from 'node:crypto';
import type { AuditAction, RevisionAction } from '../../shared/content/adminInput';
import { SYSTEM_AUTHOR_UID } from '../../shared/content/authors';
import type { DocumentStore, Filter, StoredDocument, WriteOp } from '../store/port';

export const REVISIONS_COLLECTION = '_revisions';
export const AUDIT_COLLECTION = '_audit';

/** Who did something: a signed-in user, or `system` for writes outside the admin. */
export interface Author {
  uid: string;
  email: string | null;
}
export const SYSTEM_AUTHOR: Author = { uid: SYSTEM_AUTHOR_UID, email: null };

/** A revision as the history list shows it. */
export interface RevisionInfo {
  revision: number;
  version: number;
  action: RevisionAction;
  at: string;
  author: Author;
}

interface RevisionRecord extends RevisionInfo {
  collection: string;
  documentId: string;
  /** `{collection}/{id}`: what the history of one document is listed by. */
  docKey: string;
  data: Record<string, unknown>;
}

/** One line of the audit log. */
export interface AuditEntry {
  id: string;
  at: string;
  uid: string;
  email: string | null;
  collection: string;
  documentId: string;
  title: string;
  action: AuditAction;
  /** Part of a bulk action. */
  bulk?: boolean;
  /** For a delete: the version deleted (kept as a revision, so it can be brought back). */
  version?: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/** Most revisions one history list returns. */
const MAX_REVISIONS = 500;

export class ContentHistory {
  /** Orders audit entries written within one millisecond. */
  private sequence = 0;

  constructor(private readonly store: DocumentStore) {}

  private revisionId(collection: string, id: string, version: number): string {
    return `${collection}/${id}/${version}`;
  }

  /** The write that records `data` as the revision of `version`. */
  revisionOp(
    collection: string,
    id: string,
    version: number,
    action: RevisionAction,
    author: Author,
    data: unknown,
    at = new Date().toISOString(),
  ): WriteOp {
    const record: RevisionRecord = {
      collection,
      documentId: id,
      docKey: `${collection}/${id}`,
      revision: version,
      version,
      action,
      at,
      author: { uid: author.uid, email: author.email },
      data: data as Record<string, unknown>,
    };
    return {
      kind: 'create',
      collection: REVISIONS_COLLECTION,
      id: this.revisionId(collection, id, version),
      data: record,
    };
  }

  /** The write that snapshots a document's current version when no revision holds it yet (or none). */
  async baselineOps(doc: StoredDocument<unknown>): Promise<WriteOp[]> {
    if (await this.store.get(REVISIONS_COLLECTION, this.revisionId(doc.collection, doc.id, doc.version))) return [];
    return [
      this.revisionOp(
        doc.collection,
        doc.id,
        doc.version,
        doc.version === 1 ? 'create' : 'update',
        SYSTEM_AUTHOR,
        doc.data,
        doc.updatedAt,
      ),
    ];
  }

  /** The write that records an action in the audit log. */
  auditOp(
    author: Author,
    collection: string,
    documentId: string,
    title: string,
    action: AuditAction,
    extra: { bulk?: boolean; version?: number } = {},
  ): WriteOp {
    const now = Date.now();
    this.sequence = (this.sequence + 1) % 1_679_616;
    // Time-ordered ids, so entries of one millisecond keep their order (the list sorts by `at`, then id).
    const id = `${now.toString(36).padStart(9, '0')}${this.sequence.toString(36).padStart(4, '0')}${randomBytes(3).toString('hex')}`;
    const entry: Omit<AuditEntry, 'id'> = {
      at: new Date(now).toISOString(),
      uid: author.uid,
      email: author.email,
      collection,
      documentId,
      title,
      action,
      ...(extra.bulk ? { bulk: true } : {}),
      ...(extra.version !== undefined ? { version: extra.version } : {}),
    };
    return { kind: 'create', collection: AUDIT_COLLECTION, id, data: entry };
  }

  /**
   * The revisions of a document, newest first. `current` (the document as stored, if it exists)
   * adds its version as a system revision when it was written outside the admin.
   */
  async list(collection: string, id: string, current: StoredDocument<unknown> | null): Promise<RevisionInfo[]> {
    const page = await this.store.list<RevisionInfo>(REVISIONS_COLLECTION, {
      where: [{ field: 'docKey', op: '==', value: `${collection}/${id}` }],
      orderBy: { fields: ['revision'], direction: 'desc' },
      limit: MAX_REVISIONS,
      select: ['revision', 'version', 'action', 'at', 'author'],
    });
    const out = page.items.map((d) => d.data);
    if (current && out[0]?.version !== current.version) {
      out.unshift({
        revision: current.version,
        version: current.version,
        action: current.version === 1 ? 'create' : 'update',
        at: current.updatedAt,
        author: SYSTEM_AUTHOR,
      });
    }
    return out;
  }

  /** One revision's data, or null (the current version counts when it has no stored revision). */
  async get(
    collection: string,
    id: string,
    revision: number,
    current: StoredDocument<unknown> | null,
  ): Promise<{ revision: number; data: Record<string, unknown> } | null> {
    const stored = await this.store.get<RevisionRecord>(
      REVISIONS_COLLECTION,
      this.revisionId(collection, id, revision),
    );
    if (stored) return { revision, data: stored.data.data };
    if (current && current.version === revision) return { revision, data: current.data as Record<string, unknown> };
    return null;
  }

  /** The newest stored revision of a document (also after it was deleted), or null. */
  async latest(collection: string, id: string): Promise<{ revision: number; data: Record<string, unknown> } | null> {
    const page = await this.store.list<RevisionRecord>(REVISIONS_COLLECTION, {
      where: [{ field: 'docKey', op: '==', value: `${collection}/${id}` }],
      orderBy: { fields: ['revision'], direction: 'desc' },
      limit: 1,
    });
    const newest = page.items[0];
    return newest ? { revision: newest.data.revision, data: newest.data.data } : null;
  }

  /** A page of the audit log, newest first, optionally for one collection, user, action or document. */
  async audit(opts: {
    cursor?: string;
    limit: number;
    collection?: string;
    uid?: string;
    action?: AuditAction;
    documentId?: string;
  }): Promise<AuditPage> {
    const where: Filter[] = [];
    if (opts.collection) where.push({ field: 'collection', op: '==', value: opts.collection });
    if (opts.uid) where.push({ field: 'uid', op: '==', value: opts.uid });
    if (opts.action) where.push({ field: 'action', op: '==', value: opts.action });
    if (opts.documentId) where.push({ field: 'documentId', op: '==', value: opts.documentId });
    const page = await this.store.list<Omit<AuditEntry, 'id'>>(AUDIT_COLLECTION, {
      where,
      orderBy: { fields: ['at'], direction: 'desc' },
      limit: opts.limit,
      cursor: opts.cursor,
    });
    return { entries: page.items.map((d) => ({ id: d.id, ...d.data })), nextCursor: page.nextCursor };
  }
}
