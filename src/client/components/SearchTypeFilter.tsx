/**
 * The search results' type filter: «Усі (N)», then each type with hits and its count, as plain links
 * (`/search?q=…&type=key`, no page: a filter starts at its first page), the current one marked.
 */
import { Link } from 'react-router';
import type { SearchPage } from '../../shared/searchResults';

/** The address of the results for a query, of one type or (null) of all. */
export function searchHref(q: string, type: string | null): string {
  const params = new URLSearchParams({ q });
  if (type) params.set('type', type);
  return `/search?${params.toString()}`;
}

export function SearchTypeFilter({ result }: { result: Pick<SearchPage, 'q' | 'type' | 'allTotal' | 'types'> }) {
  // Shown while a type is chosen even when nothing matches, so the visitor sees the filter and can leave it.
  if (!result.allTotal && !result.type) return null;
  return (
    <nav className="filter-bar" aria-label="Тип результатів">
      <Link to={searchHref(result.q, null)} aria-current={result.type ? undefined : 'page'}>
        Усі ({result.allTotal})
      </Link>
      {result.types.map((t) => (
        <Link key={t.type} to={searchHref(result.q, t.type)} aria-current={result.type === t.type ? 'page' : undefined}>
          {t.label} ({t.count})
        </Link>
      ))}
    </nav>
  );
}
