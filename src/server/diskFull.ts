/**
 * Recognising a full disk. Writes fail with ENOSPC (no space left on the device), EDQUOT (the
 * user's disk quota is used up) or EFBIG (the file would pass the file-size limit); SQLite reports
 * the same condition as SQLITE_FULL. The storage endpoints answer these as a full bucket (402,
 * `storage/quota-exceeded`, which the firebase/storage SDK does not retry) and tRPC procedures with
 * PAYMENT_REQUIRED and DISK_FULL_MESSAGE, instead of a 500.
 */

/** Error codes (errno names and better-sqlite3's `SqliteError.code`) that mean "no space to write". */
export const DISK_FULL_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', 'SQLITE_FULL']);

/** The Ukrainian message for a document write refused because the server's disk is full. */
export const DISK_FULL_MESSAGE =
  'На сервері закінчилося місце на диску: зміни не збережено. Повідомте адміністратора сайту.';

/**
 * Whether `err` (or an error in its `cause` chain, e.g. the SqliteError a TRPCError wraps) has one
 * of DISK_FULL_CODES as its `code`.
 */
export function isDiskFullError(err: unknown): boolean {
  for (
    let e = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
  }
  return false;
}
