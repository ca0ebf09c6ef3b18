/**
 * ListSets: the type sets (articles, theses, publications, datasets), then one set per visible
 * journal issue (`articles:{id}`) and per visible conference (`theses:{id}`), read in the order of
 * their public lists (index-backed in both stores), a page at a time.
 */
import { getContentType } from '../../shared/content/registry';
import type { ContentService } from '../content/service';
import type { ListQuery } from '../store/port';
import { PAGE_SIZE } from './lists';
import { RECORD_SOURCES, subsetSpec, type RecordSource } from './sources';
import type { ListPosition } from './token';

export interface OaiSet {
  spec: string;
  name: string;
}

/** Sources with sub-sets, in ListSets order (stages 1 and 2; stage 0 is the type sets). */
const PARENTED = RECORD_SOURCES.filter((s) => s.subsets);

/** The store query listing the visible parents of a source's sub-sets (issues, conferences). */
export function parentQuery(content: ContentService, source: RecordSource): { collection: string; query: ListQuery } {
  const type = getContentType(source.subsets!.parent);
  const sort = Object.values(type.sorts)[0]!;
  return {
    collection: type.key,
    query: {
      where: content.visibilityFilters(type),
      // The public list's order (ContentService.publicList), so its indexes serve this too.
      orderBy: { fields: [...sort.by], direction: sort.direction, collation: 'uk' },
      limit: PAGE_SIZE,
    },
  };
}

export class SetLister {
  constructor(
    private readonly content: ContentService,
    private readonly pageSize = PAGE_SIZE,
  ) {}

  /** Whether any set follows a position. */
  private async anyFrom(pos: ListPosition): Promise<boolean> {
    if (pos.c) return true; // the store's cursor is only given when rows follow it
    for (const source of PARENTED.slice(pos.i - 1)) {
      const { collection, query } = parentQuery(this.content, source);
      if ((await this.content.store.count(collection, query.where)) > 0) return true;
    }
    return false;
  }

  /** A page of sets from a position, and the position after it (null: complete). */
  async page(start: ListPosition): Promise<{ sets: OaiSet[]; next: ListPosition | null }> {
    const sets: OaiSet[] = [];
    let pos = { ...start };
    while (pos.i <= PARENTED.length && sets.length < this.pageSize) {
      if (pos.i === 0) {
        sets.push(...RECORD_SOURCES.map((s) => ({ spec: s.set, name: s.setName })));
        pos = { i: 1, c: null, k: 0 };
        continue;
      }
      const source = PARENTED[pos.i - 1]!;
      const { collection, query } = parentQuery(this.content, source);
      const page = await this.content.store.list<{ title?: string }>(collection, {
        ...query,
        limit: this.pageSize - sets.length,
        ...(pos.c ? { cursor: pos.c } : {}),
        select: ['title'],
      });
      for (const doc of page.items) {
        const spec = subsetSpec(source, doc.id);
        if (spec) sets.push({ spec, name: `${source.subsets!.name}: ${doc.data.title ?? doc.id}` });
      }
      pos = page.nextCursor ? { i: pos.i, c: page.nextCursor, k: 0 } : { i: pos.i + 1, c: null, k: 0 };
    }
    const more = pos.i <= PARENTED.length && (await this.anyFrom(pos));
    return { sets, next: more ? pos : null };
  }

  /** How many sets there are. */
  async total(): Promise<number> {
    let sum = RECORD_SOURCES.length;
    for (const source of PARENTED) {
      const { collection, query } = parentQuery(this.content, source);
      sum += await this.content.store.count(collection, query.where);
    }
    return sum;
  }
}
