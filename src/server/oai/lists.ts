/**
 * Incomplete lists of records (ListIdentifiers, ListRecords): the items a set and a date range
 * select, as a sequence of streams read in turn, each an index-backed store list ordered by its
 * datestamp and id: a type's documents (the store's `datestamp`: the later of the last update and
 * the scheduled publication), its deletions in the audit log (`at`), or one journal issue. A page holds up to PAGE_SIZE records; its position (stream, store cursor, records
 * of the next document already sent) goes into the resumption token, so no page reads what an
 * earlier one read, whatever the list's length.
 */
import { AUDIT_COLLECTION } from '../content/history';
import { DATESTAMP_FIELD, datestampOf } from '../store/datestamp';
import type { DocumentStore, Filter, StoredDocument } from '../store/port';
import { encodeCursor } from '../store/storeBase';
import type { ItemCollection } from './identifiers';
import type { OaiItem, ScholarlyKind } from './model';
import { RECORD_SOURCES, type ItemReader } from './sources';
import type { ListPosition } from './token';

/** Records per page. */
export const PAGE_SIZE = 100;
/** Most documents read to count a list's journal articles or deletions (beyond: no completeListSize). */
const COUNT_LIMIT = 1000;

/** An id after every audit entry's (they are base-36 digits and hex): a cursor at the end of an instant. */
const AFTER_EVERY_ID = '~';

/** Stored instants a list admits (inclusive), from `from` and `until`. */
export interface DateRange {
  from?: string;
  until?: string;
  /**
   * The request's instant: a document whose datestamp (its scheduled publication) is later is not
   * listed yet. Applied while reading (such documents sort last), not as a store filter, so a list
   * without `until` is counted by the store's totals.
   */
  now?: string;
}

/** Whether a datestamp has come by the list's `now`. */
const due = (range: DateRange, at: string) => !range.now || at <= range.now;

/** One stream of a list. */
export type Stream =
  | { mode: 'docs'; collection: ItemCollection; where: Filter[] }
  | { mode: 'gone'; collection: ItemCollection }
  | { mode: 'one'; collection: ItemCollection; id: string };

/** The streams of a set (undefined: every item) for a format's kinds; none for an unknown set. */
export function streamsOf(set: string | undefined, kinds: readonly ScholarlyKind[]): Stream[] {
  const out: Stream[] = [];
  for (const source of RECORD_SOURCES) {
    if (!kinds.includes(source.kind)) continue;
    const { collection } = source;
    if (set === undefined || set === source.set) {
      out.push({ mode: 'docs', collection, where: [] }, { mode: 'gone', collection });
    } else if (source.subsets && set.startsWith(`${source.set}:`)) {
      const parent = set.slice(source.set.length + 1);
      if (source.subsets.field === 'id') out.push({ mode: 'one', collection, id: parent });
      else out.push({ mode: 'docs', collection, where: [{ field: source.subsets.field, op: '==', value: parent }] });
    }
  }
  return out;
}

function rangeFilters(field: string, range: DateRange): Filter[] {
  return [
    ...(range.from ? [{ field, op: '>=' as const, value: range.from }] : []),
    ...(range.until ? [{ field, op: '<=' as const, value: range.until }] : []),
  ];
}

/** A stored document read from a stream, with its records. */
interface Entry {
  sort: string;
  id: string;
  items: OaiItem[];
}

interface AuditDeletion {
  documentId: string;
  at: string;
}

/** Reads the lists of one request. */
export class ListReader {
  constructor(
    private readonly store: DocumentStore,
    private readonly items: ItemReader,
  ) {}

  /** The store query of a docs or gone stream (also what the Firestore index generator records). */
  static query(stream: Exclude<Stream, { mode: 'one' }>, range: DateRange) {
    if (stream.mode === 'docs')
      return {
        collection: stream.collection as string,
        where: [...stream.where, ...rangeFilters(DATESTAMP_FIELD, range)],
        orderBy: { fields: [DATESTAMP_FIELD], direction: 'asc' as const },
      };
    // Deletions newest first, without a range: the indexes of the admin's «Видалені» serve it (no
    // composite index of its own); `until` is where reading starts, `from` where it stops (batch).
    return {
      collection: AUDIT_COLLECTION,
      where: [
        { field: 'collection', op: '==' as const, value: stream.collection },
        { field: 'action', op: '==' as const, value: 'delete' },
      ],
      orderBy: { fields: ['at'], direction: 'desc' as const },
    };
  }

  /** Up to `limit` documents of a stream after `cursor`, and whether more follow. */
  private async batch(
    stream: Stream,
    range: DateRange,
    cursor: string | null,
    limit: number,
  ): Promise<{ entries: Entry[]; more: boolean }> {
    if (stream.mode === 'one') {
      if (cursor) return { entries: [], more: false };
      const doc = await this.store.get<Record<string, unknown>>(stream.collection, stream.id);
      const at = doc ? datestampOf(doc.updatedAt, doc.data) : '';
      const inRange = doc && (!range.from || at >= range.from) && (!range.until || at <= range.until) && due(range, at);
      if (!doc || !inRange) return { entries: [], more: false };
      return {
        entries: [{ sort: at, id: doc.id, items: await this.items.itemsOf(stream.collection, doc) }],
        more: false,
      };
    }
    const { collection, ...query } = ListReader.query(stream, range);
    const gone = stream.mode === 'gone';
    const start = cursor ?? (gone && range.until ? encodeCursor([range.until, AFTER_EVERY_ID]) : null);
    const page = await this.store.list<Record<string, unknown>>(collection, {
      ...query,
      limit: Math.min(limit, 1000),
      ...(start ? { cursor: start } : {}),
    });
    const entries: Entry[] = [];
    for (const doc of page.items) {
      // Deletions come newest first: the first one before `from` ends the stream.
      if (gone && range.from && (doc.data as unknown as AuditDeletion).at < range.from) return { entries, more: false };
      // Documents come by datestamp: the first one still to come ends the stream.
      if (!gone && !due(range, datestampOf(doc.updatedAt, doc.data))) return { entries, more: false };
      entries.push(await this.entryOf(stream, doc));
    }
    return { entries, more: page.nextCursor !== null };
  }

  private async entryOf(stream: Stream, doc: StoredDocument<Record<string, unknown>>): Promise<Entry> {
    if (stream.mode !== 'gone')
      return {
        sort: datestampOf(doc.updatedAt, doc.data),
        id: doc.id,
        items: await this.items.itemsOf(stream.collection, doc),
      };
    const { documentId, at } = doc.data as unknown as AuditDeletion;
    return { sort: at, id: doc.id, items: await this.items.deletedItemsOf(stream.collection, documentId, at, doc.id) };
  }

  /** Whether any record follows a position. */
  private async anyAfter(streams: Stream[], range: DateRange, start: ListPosition): Promise<boolean> {
    let pos = { ...start };
    while (pos.i < streams.length) {
      const batch = await this.batch(streams[pos.i]!, range, pos.c, 20);
      for (const entry of batch.entries) {
        if (entry.items.length > pos.k) return true;
        pos = { ...pos, c: encodeCursor([entry.sort, entry.id]), k: 0 };
      }
      if (!batch.more) pos = { i: pos.i + 1, c: null, k: 0 };
    }
    return false;
  }

  /** A page of records from a position, and the position after it (null: the list is complete). */
  async page(
    streams: Stream[],
    range: DateRange,
    start: ListPosition,
    limit = PAGE_SIZE,
  ): Promise<{ items: OaiItem[]; next: ListPosition | null }> {
    const items: OaiItem[] = [];
    let pos = { ...start };
    while (pos.i < streams.length) {
      const batch = await this.batch(streams[pos.i]!, range, pos.c, limit - items.length + 1);
      for (const [index, entry] of batch.entries.entries()) {
        const rest = entry.items.slice(pos.k);
        const room = limit - items.length;
        if (rest.length > room) {
          items.push(...rest.slice(0, room));
          return { items, next: { ...pos, k: pos.k + room } };
        }
        items.push(...rest);
        pos = { ...pos, c: encodeCursor([entry.sort, entry.id]), k: 0 };
        if (items.length === limit) {
          const more =
            batch.entries.slice(index + 1).some((e) => e.items.length > 0) ||
            (await this.anyAfter(streams, range, pos));
          return { items, next: more ? pos : null };
        }
      }
      if (!batch.more) pos = { i: pos.i + 1, c: null, k: 0 };
    }
    return { items, next: null };
  }

  /**
   * How many records the list holds (completeListSize), or null when counting would read too much:
   * documents are counted by the store; journal articles and deletions by reading at most COUNT_LIMIT.
   */
  async total(streams: Stream[], range: DateRange): Promise<number | null> {
    let sum = 0;
    for (const stream of streams) {
      if (stream.mode === 'docs' && stream.collection !== 'journal') {
        const q = ListReader.query(stream, range);
        sum += await this.store.count(q.collection, q.where);
        // Less those still to come (scheduled ahead: few, counted through the datestamp index).
        if (range.now && !(range.until && range.until <= range.now))
          sum -= await this.store.count(q.collection, [
            ...q.where,
            { field: DATESTAMP_FIELD, op: '>', value: range.now },
          ]);
        continue;
      }
      if (stream.mode === 'docs') {
        const q = ListReader.query(stream, range);
        if ((await this.store.count(q.collection, q.where)) > COUNT_LIMIT) return null;
      } else if (stream.mode === 'gone') {
        // Read, not counted: the list's own query needs no index of its own for a count.
        const { collection, ...query } = ListReader.query(stream, range);
        const probe = await this.store.list(collection, { ...query, limit: COUNT_LIMIT + 1, select: ['at'] });
        if (probe.items.length > COUNT_LIMIT) return null;
      }
      const all = await this.page([stream], range, { i: 0, c: null, k: 0 }, 200 * COUNT_LIMIT);
      sum += all.items.length;
    }
    return sum;
  }
}
