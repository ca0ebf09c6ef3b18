/**
 * The SQL condition "the row comes after the cursor" for the SQLite store's keyset pagination.
 *
 * A row-value comparison `(a, b, id) > (?, ?, ?)` is NULL, so false, as soon as one compared value
 * is NULL, which dropped rows when a sort or tie-break field was null. This expands it into
 * `a > ? OR (a IS ? AND (b > ? OR (b IS ? AND id > ?)))` with NULL ordered first, as SQLite's
 * ORDER BY (and Firestore) order it.
 */
export function afterCursorSql(
  exprs: string[],
  values: ReadonlyArray<string | number | null>,
  direction: 'ASC' | 'DESC',
  params: unknown[],
): string {
  const after = (expr: string, value: string | number | null): string => {
    if (direction === 'ASC') {
      if (value === null) return `${expr} IS NOT NULL`;
      params.push(value);
      return `${expr} > ?`;
    }
    if (value === null) return '0';
    params.push(value);
    return `(${expr} < ? OR ${expr} IS NULL)`;
  };
  const build = (i: number): string => {
    const expr = exprs[i]!;
    const value = values[i] ?? null;
    const head = after(expr, value);
    if (i === exprs.length - 1) return head;
    params.push(value);
    const same = `${expr} IS ?`;
    return `(${head} OR (${same} AND ${build(i + 1)}))`;
  };
  return build(0);
}
