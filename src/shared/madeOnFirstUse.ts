/**
 * A value made on its first use and kept: for Intl formatters, which are worth keeping (each one
 * made loads and resolves its locale's data) but not worth making when a module loads. The public
 * app's modules are evaluated in one task in the browser, and four formatters made there were nearly
 * all of it (Intl's first use starts ICU), on pages that may never format a date or a size (issue 13:
 * Total Blocking Time).
 */
export function madeOnFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
