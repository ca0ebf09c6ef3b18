/**
 * Query planning shared by the Firestore store and `firestore.indexes.json`: which field paths a port
 * query filters and orders by in Firestore (its "shape"), which composite index a shape needs, and
 * whether an index file declares it.
 *
 * Index rules followed (https://firebase.google.com/docs/firestore/query/index-overview and
 * https://firebase.google.com/docs/firestore/query-data/multiple-range-fields): single-field
 * indexes (automatic) serve queries with equality / array-contains filters only, and queries that
 * filter or order on one field alone; anything else needs a composite index with the equality
 * fields first, then the array-contains field, then the order-by fields (range-filtered fields are
 * always in the order, see ../tieBreak.ts) in their directions. Several equality filters without
 * range or array-contains filters use index merging instead (one index per equality field followed
 * by the order: https://firebase.google.com/docs/firestore/query/index-overview#taking_advantage_of_index_merging),
 * which keeps the count of indexes below Firestore's limit. An order on a field that has an
 * equality filter is a no-op and takes no place in the index. A disjunction (`is-null-or-<=` is
 * `== null OR <= v`) runs each branch of its disjunctive normal form on its own index. The
 * emulator enforces none of this, so tests compare the shapes the store issues with the file.
 */
import type { Filter, ListQuery } from '../port';
import { META_FIELDS, RANGE_OPS, tieBreakFields } from '../tieBreak';

/** Top-level data field names the stores accept in filters and sorts (as the SQLite store). */
export const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The Firestore field path holding a port field's value (`id` is the document name). */
export function valuePath(field: string): string {
  if (field === 'id') return '__name__';
  if (META_FIELDS.has(field)) return field;
  if (!FIELD_NAME.test(field)) throw new Error(`Invalid field name: ${field}`);
  return `data.${field}`;
}

/**
 * Fields the Firestore store also keeps as `_lo.{field}`: the value, or '' when it is null. '' sorts
 * before every other string, so `is-null-or-<= v` (the visibility rule: published, or due) is the
 * single range `_lo.{field} <= v` instead of `== null OR <= v`, whose two branches each needed
 * their own indexes; `>` and `>=` (scheduled: not due yet) compare `_lo` too, so both states share
 * one index per order. Only for string-or-null fields (`publishedAt`, an ISO instant).
 */
export const NULL_LOW_FIELDS: ReadonlySet<string> = new Set(['publishedAt']);
const NULL_LOW_OPS: ReadonlySet<string> = new Set(['>', '>=', 'is-null-or-<=']);

/** The `_lo` values of a document's data (see NULL_LOW_FIELDS), for the fields it has. */
export function nullLowOf(data: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!data || typeof data !== 'object') return out;
  for (const field of NULL_LOW_FIELDS) {
    const value = (data as Record<string, unknown>)[field];
    if (value === null) out[field] = '';
    else if (typeof value === 'string') out[field] = value;
  }
  return out;
}

/** The Firestore path a port filter compares, and the operator: `_lo.{field}` for NULL_LOW_FIELDS' ranges. */
export function filterTarget(f: Filter): { path: string; op: Filter['op'] } {
  if (NULL_LOW_FIELDS.has(f.field) && NULL_LOW_OPS.has(f.op))
    return { path: `_lo.${f.field}`, op: f.op === 'is-null-or-<=' ? '<=' : f.op };
  return { path: valuePath(f.field), op: f.op };
}

/** The path a port sort field is ordered by: its 'uk' sort key (`_sort.{field}`) or its value. */
export function orderPath(field: string, collation: 'uk' | undefined): string {
  if (collation === 'uk' && !META_FIELDS.has(field)) {
    if (!FIELD_NAME.test(field)) throw new Error(`Invalid field name: ${field}`);
    return `_sort.${field}`;
  }
  return valuePath(field);
}

/** One conjunction of a query's filters (a branch of its disjunctive normal form). */
export interface ShapeBranch {
  /** Paths with `==` filters (null included), sorted. */
  equality: string[];
  /** The path of the `array-contains` filter, if any (Firestore allows one per query). */
  contains?: string;
  /** Paths with range filters, sorted. */
  range: string[];
}

/** What a Firestore query filters and orders by, without values. */
export interface QueryShape {
  collection: string;
  branches: ShapeBranch[];
  /** Explicit orders (document name excluded), in order. */
  orderBy: Array<{ path: string; direction: 'asc' | 'desc' }>;
  /** Direction of the explicit order on the document name, or null when there is none. */
  nameDirection: 'asc' | 'desc' | null;
}

/** A composite index as `firestore.indexes.json` declares it (Firestore's index file format). */
export interface IndexDefinition {
  collectionGroup: string;
  queryScope: 'COLLECTION';
  fields: Array<{ fieldPath: string; order?: 'ASCENDING' | 'DESCENDING'; arrayConfig?: 'CONTAINS' }>;
}

export interface IndexFile {
  indexes: IndexDefinition[];
  fieldOverrides: Array<{ collectionGroup: string; fieldPath: string; ttl?: boolean; indexes: unknown[] }>;
}

function branchesOf(where: Filter[] | undefined): ShapeBranch[] {
  let branches: Array<{ equality: Set<string>; contains?: string; range: Set<string> }> = [
    { equality: new Set(), range: new Set() },
  ];
  for (const f of where ?? []) {
    const { path, op } = filterTarget(f);
    if (op === 'is-null-or-<=') {
      branches = branches.flatMap((b) => [
        { equality: new Set([...b.equality, path]), contains: b.contains, range: new Set(b.range) },
        { equality: new Set(b.equality), contains: b.contains, range: new Set([...b.range, path]) },
      ]);
    } else {
      for (const b of branches) {
        if (op === '==') b.equality.add(path);
        else if (op === 'array-contains') b.contains = path;
        else b.range.add(path);
      }
    }
  }
  return branches.map((b) => ({
    equality: [...b.equality].sort(),
    ...(b.contains ? { contains: b.contains } : {}),
    range: [...b.range].sort(),
  }));
}

/** Paths with a top-level `==` filter (their order is a no-op and Firestore is not asked for it). */
export function equalityPaths(where: Filter[] | undefined): Set<string> {
  return new Set((where ?? []).filter((f) => f.op === '==').map((f) => valuePath(f.field)));
}

/**
 * The Firestore order of a list query: the sort fields (sort keys with the 'uk' collation), the
 * range-filtered fields not ordered yet, then the document name; paths with an equality filter left out.
 */
export function listOrder(
  query: Pick<ListQuery, 'where' | 'orderBy'>,
): Array<{ path: string; direction: 'asc' | 'desc' }> {
  // A field with an equality filter is constant in the results: ordering by it (or its sort key) is a no-op.
  const skip = equalityPaths(query.where);
  for (const path of [...skip]) if (path.startsWith('data.')) skip.add(`_sort.${path.slice(5)}`);
  // A range-filtered field is ordered by the path its filter compares (`_lo.publishedAt`: the same order, nulls first).
  const rangePath = (field: string) => {
    const f = (query.where ?? []).find((w) => w.field === field && RANGE_OPS.has(w.op));
    return f ? filterTarget(f).path : valuePath(field);
  };
  const paths = [
    ...query.orderBy.fields.map((f) => orderPath(f, query.orderBy.collation)),
    ...tieBreakFields(query).map(rangePath),
  ];
  const seen = new Set<string>();
  const out: Array<{ path: string; direction: 'asc' | 'desc' }> = [];
  for (const path of paths) {
    if (path === '__name__' || skip.has(path) || seen.has(path)) continue;
    seen.add(path);
    out.push({ path, direction: query.orderBy.direction });
  }
  return out;
}

/** The shape of a list page query (not a search: searches read candidates by one term, see firestore/listSearch.ts). */
export function listShape(collection: string, query: Pick<ListQuery, 'where' | 'orderBy'>): QueryShape {
  return {
    collection,
    branches: branchesOf(query.where),
    orderBy: listOrder(query),
    nameDirection: query.orderBy.direction,
  };
}

/** The shape of a count() aggregation, a findOne or any query without an explicit order. */
export function filterShape(collection: string, where: Filter[] | undefined): QueryShape {
  return { collection, branches: branchesOf(where), orderBy: [], nameDirection: null };
}

/**
 * The shape of a search's candidate query: one array-contains on `_search`, nothing else (the
 * other filters, the order and the pages are applied in memory; see FirestoreDocumentStore).
 */
export function searchShape(collection: string): QueryShape {
  return {
    collection,
    branches: [{ equality: [], contains: '_search', range: [] }],
    orderBy: [{ path: 'updatedAt', direction: 'desc' }],
    nameDirection: null,
  };
}

/** The shape of the count (with a limit) a search makes of one gram's candidates, to choose the rarest. */
export function gramCountShape(collection: string): QueryShape {
  return { collection, branches: [{ equality: [], contains: '_search', range: [] }], orderBy: [], nameDirection: null };
}

/** The composite indexes a shape needs (one per branch that single-field indexes cannot serve). */
export function requiredIndexes(shape: QueryShape): IndexDefinition[] {
  const out: IndexDefinition[] = [];
  for (const branch of shape.branches) {
    const order = shape.orderBy.filter((o) => !branch.equality.includes(o.path));
    // Range fields left out of an explicit order are ordered implicitly, ascending.
    for (const path of branch.range) if (!order.some((o) => o.path === path)) order.push({ path, direction: 'asc' });
    const filtered = branch.equality.length + (branch.contains ? 1 : 0);
    const lastDirection = order[order.length - 1]?.direction ?? 'asc';
    const nameOff = shape.nameDirection !== null && shape.nameDirection !== lastDirection;
    if (order.length === 0 && !(nameOff && filtered > 0)) continue;
    if (order.length === 1 && filtered === 0 && !nameOff) continue;
    const orderFields = order.map((o) => ({
      fieldPath: o.path,
      order: o.direction === 'asc' ? ('ASCENDING' as const) : ('DESCENDING' as const),
    }));
    if (branch.equality.length > 1 && !branch.contains && branch.range.length === 0 && !nameOff) {
      // Index merging: equality filters and one order are served by one (field, order…) index per field.
      for (const fieldPath of branch.equality) {
        out.push({
          collectionGroup: shape.collection,
          queryScope: 'COLLECTION',
          fields: [{ fieldPath, order: 'ASCENDING' }, ...orderFields],
        });
      }
      continue;
    }
    const fields: IndexDefinition['fields'] = [
      ...branch.equality.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
      ...(branch.contains ? [{ fieldPath: branch.contains, arrayConfig: 'CONTAINS' as const }] : []),
      ...order.map((o) => ({
        fieldPath: o.path,
        order: o.direction === 'asc' ? ('ASCENDING' as const) : ('DESCENDING' as const),
      })),
      ...(nameOff
        ? [
            {
              fieldPath: '__name__',
              order: shape.nameDirection === 'asc' ? ('ASCENDING' as const) : ('DESCENDING' as const),
            },
          ]
        : []),
    ];
    out.push({ collectionGroup: shape.collection, queryScope: 'COLLECTION', fields });
  }
  return out;
}

/** A stable key of an index: its collection and fields in order (requiredIndexes sorts equality fields by path). */
export function indexKey(index: IndexDefinition): string {
  return `${index.collectionGroup}|${index.fields.map((f) => `${f.fieldPath}:${f.order ?? f.arrayConfig}`).join(',')}`;
}

/** The indexes a shape needs that the file does not declare (empty when it is covered). */
export function missingIndexes(shape: QueryShape, file: Pick<IndexFile, 'indexes'>): IndexDefinition[] {
  const declared = new Set(file.indexes.map(indexKey));
  return requiredIndexes(shape).filter((index) => !declared.has(indexKey(index)));
}

/** Deduplicated, sorted indexes of shapes (the stable content of `firestore.indexes.json`). */
export function indexesFor(shapes: Iterable<QueryShape>): IndexDefinition[] {
  const byKey = new Map<string, IndexDefinition>();
  for (const shape of shapes)
    for (const index of requiredIndexes(shape)) if (!byKey.has(indexKey(index))) byKey.set(indexKey(index), index);
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, index]) => index);
}
