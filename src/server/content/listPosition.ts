/**
 * Where a document is in a public list, for a link to the list page that shows it (a training's
 * permalink /Trainings/{slug}, a contact's /Contacts?page=N#slug): one count on the list's indexes
 * plus a read of the few documents that share its first sort value, never the whole list.
 */
import type { AnyContentType } from '../../shared/content/define';
import type { ListInput } from '../../shared/content/listInput';
import { fixedPageOf, placeOf } from '../../shared/content/places';
import { LIST_PAGE_SIZE, listItemHref } from '../../shared/routes';
import type { Filter } from '../store/port';
import { META_FIELDS, tieBreakFields } from '../store/tieBreak';
import { sortOf, type ApiDocument, type ContentService } from './service';

/** Most documents sharing one first sort value that are read (more are not told apart). */
const MAX_TIES = 1000;

/**
 * How many visible documents come before `doc` in the public list `input` (its filters, date range
 * and sort; search and page aside): its 0-based position. Those before it by the sort's first field
 * are counted (over the list's indexes); those sharing its value are read through the list's query
 * by a range on that field (Firestore indexes: store/registryIndexes.ts runs this for each list it
 * is used on), kept when in the list's range, and ordered as the store orders ties: the
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
      // The list's filters but its range (checked below), and the first field equal to the value (as
      // stored: a number stays a number).
      where: [
        ...content.listWhere(type, { ...input, range: undefined }),
        { field: first, op: '>=', value },
        { field: first, op: '<=', value },
      ],
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

/** The list a fixed page shows (`publicPlace: { page }`): no filters, the type's first sort. */
const FIXED_PAGE_LIST: ListInput = { limit: LIST_PAGE_SIZE };

/**
 * The address of a visible document on the site for a link (the visitor search): `placeOf`, except
 * for a type listed on one fixed page (contacts on /Contacts), whose documents are addressed on the
 * page of that list that shows them: `/Contacts?page=N#slug` (`#id` without a slug).
 */
export async function placeOnSite(
  content: ContentService,
  type: AnyContentType,
  doc: Pick<ApiDocument, 'id'> & Record<string, unknown>,
  parentPath?: string | null,
): Promise<string | null> {
  const page = fixedPageOf(type);
  if (!page) return placeOf(type, doc, parentPath);
  const position = await publicListPosition(content, type.key, FIXED_PAGE_LIST, doc);
  return listItemHref(page, position, typeof doc.slug === 'string' && doc.slug ? doc.slug : doc.id);
}
