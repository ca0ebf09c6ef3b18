/**
 * What the SQLite store indexes, derived from the registry (as firestore.indexes.json is for
 * Firestore): which fields keep a stored Ukrainian sort key (`sort_keys` column) and the partial
 * expression indexes (`WHERE collection = '{key}'`) that serve the queries the services send:
 *
 * - every admin list sort (list columns and timestamps), over all states and with `status` first;
 * - every public named sort with the visibility filters (status, then the sort keys, then
 *   `publishedAt`, the range-filtered tie-breaker, then the id), also behind each scalar equality filter;
 * - every range field (`status`, the raw value, `publishedAt`, id) and `publishedAt` itself (totals
 *   of visible and scheduled documents);
 * - each relation field (referrers of a document being deleted, ordered by creation).
 *
 * The expressions are the ones `sqlite.ts` writes into its queries (SQLite matches indexed
 * expressions by their syntax tree), so both come from here.
 */
import { adminSortFields } from '../../shared/content/adminInput';
import { isArrayField, richTextFieldsOf, type AnyContentType } from '../../shared/content/define';
import { contentTypes, findContentType } from '../../shared/content/registry';
import { ITEM_COLLECTIONS } from '../oai/identifiers';
import { DATESTAMP_FIELD, DATESTAMP_SQL } from './datestamp';

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Fields stored beside `data` as columns (the port's META_FIELDS), by their column. */
const META_COLUMNS: ReadonlyMap<string, string> = new Map([
  ['createdAt', 'created_at'],
  ['updatedAt', 'updated_at'],
  [DATESTAMP_FIELD, DATESTAMP_SQL],
  ['id', 'id'],
]);

/** A data field name as it may appear in SQL (letters, digits, `_`); throws for anything else. */
export function checkField(field: string): string {
  if (!FIELD.test(field)) throw new Error(`Invalid field name: ${field}`);
  return field;
}

/** The raw value of a field (a column for the timestamps and the id). */
export function rawExpr(field: string): string {
  return META_COLUMNS.get(field) ?? `json_extract(data, '$.${checkField(field)}')`;
}

/** The stored Ukrainian sort key of a field (see `sortKeyFields`). */
export function storedKeyExpr(field: string): string {
  return `json_extract(sort_keys, '$.${checkField(field)}')`;
}

/** A collection name as an SQL string literal (partial indexes only match literals). */
export function collectionLiteral(collection: string): string {
  return `'${collection.replace(/'/g, "''")}'`;
}

/**
 * The data fields whose Ukrainian sort key a document of the collection keeps (`sort_keys`): for a
 * registry type the fields it may be sorted by (named sorts, list columns, the title), never rich
 * text; for other collections (revisions, audit, tests) every top-level scalar field (`'*'`).
 * A field outside the set is sorted through the SQL function `uk_sort_key` at query time.
 */
export function sortKeyFields(collection: string): ReadonlySet<string> | '*' {
  const cached = keyFieldCache.get(collection);
  if (cached) return cached;
  const type = findContentType(collection);
  let fields: ReadonlySet<string> | '*' = '*';
  if (type) {
    const rich = new Set(richTextFieldsOf(type));
    const all = [...Object.values(type.sorts).flatMap((s) => s.by), ...adminSortFields(type), type.useAsTitle];
    fields = new Set(all.filter((f) => !META_COLUMNS.has(f) && !rich.has(f)).sort());
  }
  keyFieldCache.set(collection, fields);
  return fields;
}
const keyFieldCache = new Map<string, ReadonlySet<string> | '*'>();

/** Whether documents of the collection keep the field's sort key. */
export function hasStoredKey(collection: string, field: string): boolean {
  const fields = sortKeyFields(collection);
  return fields === '*' || fields.has(field);
}

/** A signature of the stored-key fields of a collection; when it changes the keys are recomputed. */
export function sortKeySignature(collection: string): string {
  const fields = sortKeyFields(collection);
  return fields === '*' ? '*' : [...fields].join(',');
}

/** The ORDER BY expression of a field sorted with the 'uk' collation. */
export function ukOrderExpr(collection: string, field: string): string {
  const column = META_COLUMNS.get(field);
  if (column) return column;
  return hasStoredKey(collection, field) ? storedKeyExpr(field) : `uk_sort_key(${rawExpr(field)})`;
}

export interface IndexSpec {
  name: string;
  collection: string;
  columns: string[];
  sql: string;
}

/** Every registry index: CREATE INDEX statements with stable names (a hash of their definition). */
export function registryIndexes(): IndexSpec[] {
  const specs = new Map<string, IndexSpec>();
  const add = (type: AnyContentType, columns: string[]) => {
    const definition = `${type.key}|${columns.join('|')}`;
    const name = `documents_r_${type.key}_${hash(definition)}`;
    if (specs.has(name)) return;
    specs.set(name, {
      name,
      collection: type.key,
      columns,
      sql: `CREATE INDEX IF NOT EXISTS ${name} ON documents (${columns.join(', ')}) WHERE collection = ${collectionLiteral(type.key)}`,
    });
  };
  for (const type of Object.values(contentTypes) as AnyContentType[]) {
    if (type.kind !== 'collection') continue;
    const pub = type.publishable;
    const status = rawExpr('status');
    const publishedAt = rawExpr('publishedAt');
    const keys = (fields: string[]) => fields.map((f) => ukOrderExpr(type.key, f));
    const publicSorts = type.isPublic ? Object.values(type.sorts).map((s) => s.by) : [];
    const adminSorts = adminSortFields(type).map((f) => [f]);
    for (const by of [...adminSorts, ...publicSorts]) {
      add(type, [...keys(by), 'id']);
      if (pub && !(by.length === 1 && by[0] === 'status')) add(type, [status, ...keys(by), publishedAt, 'id']);
    }
    for (const field of type.filters) {
      if (isArrayField(type, field)) continue;
      for (const by of publicSorts.length ? publicSorts : [['updatedAt']]) {
        add(type, pub ? [rawExpr(field), status, ...keys(by), publishedAt, 'id'] : [rawExpr(field), ...keys(by), 'id']);
      }
    }
    if (pub) add(type, [status, publishedAt, 'id']);
    for (const field of type.rangeFields ?? [])
      add(type, pub ? [status, rawExpr(field), publishedAt, 'id'] : [rawExpr(field), 'id']);
    for (const relation of Object.values(contentTypes) as AnyContentType[]) {
      for (const r of relation.relations) {
        if (r.to !== type.key || r.many || isArrayField(relation, r.field)) continue;
        // The referrers query runs on the referring type.
        add(relation, [rawExpr(r.field), 'created_at', 'id']);
        // OAI-PMH sub-sets (server/oai): a parent's documents by datestamp (theses of a conference).
        if (ITEM_COLLECTIONS.has(relation.key)) add(relation, [rawExpr(r.field), DATESTAMP_SQL, 'id']);
      }
    }
    // OAI-PMH lists (server/oai): a type's documents by datestamp.
    if (ITEM_COLLECTIONS.has(type.key)) add(type, [DATESTAMP_SQL, 'id']);
  }
  // Deletions of a type in the audit log by time (the admin's «Видалені», OAI-PMH's deleted records).
  const audit = ['collection', 'action', 'at'].map((f) => rawExpr(f));
  const auditName = `documents_r__audit_${hash(audit.join('|'))}`;
  specs.set(auditName, {
    name: auditName,
    collection: '_audit',
    columns: [...audit, 'id'],
    sql: `CREATE INDEX IF NOT EXISTS ${auditName} ON documents (${[...audit, 'id'].join(', ')}) WHERE collection = '_audit'`,
  });
  return [...specs.values()];
}

/** A short, stable hash (FNV-1a, base 36). */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}
