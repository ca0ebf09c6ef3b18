/**
 * A document's datestamp: the later of its last update (`updatedAt`) and its scheduled publication
 * (`data.publishedAt`, when set), so a document published ahead of time changes when it becomes
 * visible (OAI-PMH harvests with `from` see it then). Both stores list by it as a meta field
 * (`datestamp`): SQLite as an indexed expression, Firestore as a stored top-level field.
 */

/** The meta field's name in queries. */
export const DATESTAMP_FIELD = 'datestamp';

/** ISO instants compare as strings: the later of `updatedAt` and a string `publishedAt`. */
export function datestampOf(updatedAt: string, data: unknown): string {
  const at = data && typeof data === 'object' ? (data as Record<string, unknown>).publishedAt : undefined;
  return typeof at === 'string' && at > updatedAt ? at : updatedAt;
}

/** The SQLite expression of the same value (`data` a JSON column, `updated_at` an ISO string). */
export const DATESTAMP_SQL = "max(updated_at, coalesce(json_extract(data, '$.publishedAt'), ''))";
