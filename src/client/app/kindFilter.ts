/**
 * A list filtered by a `kind` query parameter (documents, publications): the validation of
 * `?kind=` (an unknown kind is a route validation failure: 404) and the list input it gives.
 */
import type { PageArgs } from './definePage';
import { pageInput, validPage } from './listParams';

export function kindFilter<K extends string>(kinds: Record<K, string>) {
  const isKind = (v: string | null): v is K => v !== null && Object.prototype.hasOwnProperty.call(kinds, v);
  return {
    kinds,
    isKind,
    /** `{ page, limit }` plus `filter.kind` when the URL names a known kind. */
    listInput(search: URLSearchParams) {
      const kind = search.get('kind');
      return { ...pageInput(search), ...(isKind(kind) ? { filter: { kind } } : {}) };
    },
    validate: (args: PageArgs): boolean =>
      validPage(args) && (!args.url.searchParams.has('kind') || isKind(args.url.searchParams.get('kind'))),
  };
}
