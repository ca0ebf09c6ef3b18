/**
 * The change feed across server instances. Every commit also writes, in the same transaction, a
 * `_changes` document `{origin, at (server time), expireAt, changes: [{collection, id, kind}],
 * collections, truncated}` (`record`); every store listens (`onSnapshot`,
 * https://firebase.google.com/docs/firestore/query-data/listen) to the change documents newer than
 * its start and re-emits the ones other instances wrote, so caches on every instance are
 * invalidated within a round trip. Change documents older than the retention are deleted by each
 * instance (`trim`; they also carry `expireAt` for a Firestore TTL policy on `_changes`:
 * https://firebase.google.com/docs/firestore/ttl).
 */
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import type { ChangeEvent } from '../port';

/** The change feed: one document per commit of a store with `changeFeed` on (see ChangeFeedOptions). */
export const CHANGES_COLLECTION = '_changes';

/** A change document lists at most this many changes; a larger commit names its collections only. */
export const MAX_LISTED_CHANGES = 100;

/** Options of the change feed (FirestoreStoreOptions.changeFeed); see the module comment. */
export interface ChangeFeedOptions {
  /** How long change documents are kept (default 10 minutes); a listener cut off for longer misses changes. */
  retentionMs?: number;
  /** How often this instance deletes expired change documents (default: half the retention; 0: never). */
  trimEveryMs?: number;
  /** Where listener failures are reported. */
  log?: { warn(message: string): void };
}

/** One entry of a change document. */
interface FeedEntry {
  collection: string;
  id: string;
  kind: ChangeEvent['kind'];
}

/** The events of a change document (a truncated one: one event with id `*` per collection). */
function eventsOf(doc: DocumentSnapshot): ChangeEvent[] {
  if (doc.get('truncated') === true) {
    const collections = (doc.get('collections') as string[] | undefined) ?? [];
    return collections.map((collection) => ({ collection, id: '*', kind: 'update' as const }));
  }
  return ((doc.get('changes') as FeedEntry[] | undefined) ?? []).map((c) => ({
    collection: c.collection,
    id: c.id,
    kind: c.kind,
  }));
}

/**
 * One store's side of the change feed: writes its commits' change documents and, when on, follows
 * the others' (re-emitting them through `emit`) and trims the expired ones. Off (`changeFeed`
 * false): writes and follows nothing.
 */
export class ChangeFeed {
  private readonly options: Required<ChangeFeedOptions> | null;
  private stopListening: (() => void) | null = null;
  private trimTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Change documents already handled (until they are deleted), so a resubscription repeats nothing. */
  private readonly seen = new Set<string>();
  /** Server time of the newest change document handled: where a resubscription starts. */
  private from: Timestamp;
  /** Resolves at the listener's first snapshot (see listening). */
  private listened!: () => void;
  private readonly listenedPromise = new Promise<void>((resolve) => (this.listened = resolve));
  private closed = false;

  /** `origin`: the store's id in the feed (its own change documents are not re-emitted). */
  constructor(
    private readonly db: Firestore,
    private readonly origin: string,
    changeFeed: boolean | ChangeFeedOptions | undefined,
    private readonly emit: (event: ChangeEvent) => void,
  ) {
    const feed = changeFeed === true ? {} : changeFeed || null;
    const retentionMs = feed?.retentionMs ?? 10 * 60_000;
    this.options = feed
      ? {
          retentionMs,
          trimEveryMs: feed.trimEveryMs ?? retentionMs / 2,
          log: feed.log ?? { warn: (m) => process.emitWarning(m, 'ChangeFeedWarning') },
        }
      : null;
    // Changes committed shortly before the start are replayed too (harmless: caches start empty),
    // so a clock behind the database's loses nothing.
    this.from = Timestamp.fromMillis(Date.now() - 60_000);
    if (this.options) {
      this.follow();
      if (this.options.trimEveryMs > 0) {
        this.trimTimer = setInterval(
          () =>
            void this.trim().catch((err: Error) => this.options?.log.warn(`change feed trim failed: ${err.message}`)),
          this.options.trimEveryMs,
        );
        this.trimTimer.unref();
      }
    }
  }

  /** Listens to change documents from `from` on; on an error, logs and listens again after a second. */
  private follow(): void {
    if (this.closed || !this.options) return;
    const query = this.db.collection(CHANGES_COLLECTION).where('at', '>=', this.from).orderBy('at');
    this.stopListening = query.onSnapshot(
      (snap) => {
        this.listened();
        for (const change of snap.docChanges()) {
          const id = change.doc.id;
          if (change.type === 'removed') {
            this.seen.delete(id);
            continue;
          }
          if (change.type !== 'added' || this.seen.has(id)) continue;
          this.seen.add(id);
          const at = change.doc.get('at') as Timestamp | undefined;
          if (at && at.toMillis() > this.from.toMillis()) this.from = at;
          if (change.doc.get('origin') === this.origin) continue;
          for (const event of eventsOf(change.doc)) this.emit(event);
        }
      },
      (err) => {
        this.options?.log.warn(`change feed listener failed, listening again: ${err.message}`);
        this.stopListening = null;
        if (this.closed) return;
        this.retryTimer = setTimeout(() => this.follow(), 1000);
        this.retryTimer.unref();
      },
    );
  }

  /**
   * Resolves once the listener has had its first snapshot from the database, i.e. from then on
   * other instances' commits arrive within a round trip (earlier ones are replayed anyway; see
   * `from`). Never resolves when the feed is off.
   */
  listening(): Promise<void> {
    return this.listenedPromise;
  }

  /** Deletes change documents older than the retention (up to 400 per call). */
  async trim(): Promise<number> {
    if (!this.options) return 0;
    const before = Timestamp.fromMillis(Date.now() - this.options.retentionMs);
    const old = await this.db.collection(CHANGES_COLLECTION).where('at', '<', before).limit(400).select().get();
    if (old.empty) return 0;
    const batch = this.db.batch();
    for (const doc of old.docs) batch.delete(doc.ref);
    await batch.commit();
    return old.size;
  }

  /** Writes, in a commit's transaction, the change document of its events (when the feed is on and there are any). */
  record(tx: Transaction, events: ChangeEvent[]): void {
    if (this.options && events.length)
      tx.set(this.db.collection(CHANGES_COLLECTION).doc(), this.changeDocument(events));
  }

  /** The change document of a commit's events (written in the commit's transaction). */
  private changeDocument(events: ChangeEvent[]): Record<string, unknown> {
    const truncated = events.length > MAX_LISTED_CHANGES;
    return {
      origin: this.origin,
      at: FieldValue.serverTimestamp(),
      expireAt: Timestamp.fromMillis(Date.now() + (this.options?.retentionMs ?? 0)),
      changes: truncated ? [] : events.map((e) => ({ collection: e.collection, id: e.id, kind: e.kind })),
      collections: [...new Set(events.map((e) => e.collection))],
      truncated,
    };
  }

  /** Stops following the feed and trimming it. */
  stop(): void {
    this.closed = true;
    this.stopListening?.();
    if (this.trimTimer) clearInterval(this.trimTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
  }
}
