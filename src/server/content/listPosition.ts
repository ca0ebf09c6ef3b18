/**
 * Where a document is in a public list, for a permalink to the list page that shows it (a
 * training's /Trainings/{slug}): one count on the list's indexes plus a read of the few documents
 * that share its first sort value, never the whole list.
 */
import type { ListInput } from '../../shared/content/listInput';
import type { Filter } from '../store/port';
import { META_FIELDS, tieBreakFields } from '../store/tieBreak';
import { sortOf, type ApiDocument, type ContentService } from './service';

/** Most documents sharing one first sort value that are read (more are not told apart). */
const MAX_TIES = 1000;

/**
 * How many visible documents come before `doc` in the public list `input` (its filters, date range
 * and sort; search and page aside): its 0-based position. Those before it by the sort's first field
 * are counted (over the list's indexes); those sharing its value are read through the list's query
 * by a range on that field (the same index as `?range=`, so the first sort field must be one of the
 * type's `rangeFields`), kept when in the list's range, and ordered as the store orders ties: the
 * sort's other fields, the tie-breaking range fields (store/tieBreak.ts), the id, by raw value.
 * The sort's fields must order alike raw and collated (dates, numbers), as trainings' dates do.
 */
export async function publicListPosition(
  content: ContentService,
  key: string,
  input: ListInput,
  doc: Pick<ApiDocument, 'id'> & Record<string, unknown>,
): Promise<number> {
  const type = content.registry.get(key);
  const where = content.listWhere(type, input);
  const sort = sortOf(type, input);
  const orderBy = { fields: sort?.by ?? ['createdAt'], direction: sort?.direction ?? 'desc', collation: 'uk' } as const;
  const first = orderBy.fields[0]!;
  const value = (doc[first] ?? null) as Filter['value'];
  const asc = orderBy.direction === 'asc';
  const tieFields = [...new Set([...orderBy.fields.slice(1), ...tieBreakFields({ where, orderBy }), 'id'])];
  const range = input?.range;
  const [before, ties] = await Promise.all([
    content.store.count(type.key, [...where, { field: first, op: asc ? '<' : '>', value }]),
    content.store.list<Record<string, unknown>>(type.key, {
      where: content.listWhere(type, { ...input, range: { field: first, gte: String(value), lte: String(value) } }),
      orderBy,
      limit: MAX_TIES,
      select: [...new Set([...tieFields, ...(range ? [range.field] : [])])].filter((f) => !META_FIELDS.has(f)),
    }),
  ]);
  /** A field's raw value as text (ties are ordered by dates and ids, which compare as text). */
  const of = (d: (typeof ties.items)[number], f: string): string => {
    const v = META_FIELDS.has(f) ? d[f as 'id'] : d.data[f];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  };
  const inRange = (v: string) => !range || ((!range.gte || v >= range.gte) && (!range.lte || v <= range.lte));
  const order = (a: (typeof ties.items)[number], b: (typeof ties.items)[number]) => {
    for (const f of tieFields) {
      const [x, y] = [of(a, f), of(b, f)];
      if (x !== y) return (x < y ? -1 : 1) * (asc ? 1 : -1);
    }
    return 0;
  };
  const tied = ties.items.filter((d) => !range || inRange(of(d, range.field))).sort(order);
  return (
    before +
    Math.max(
      0,
      tied.findIndex((d) => d.id === doc.id),
    )
  );
}
