/**
 * The search results' type filter: «Усі (N)», then each type with hits and its count, as plain links
 * (`/search?q=…&type=key`, no page: a filter starts at its first page), the current one marked; on
 * phones one row that scrolls sideways, the current link scrolled into view.
 */
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { SearchPage } from '../../shared/searchResults';

/** The address of the results for a query, of one type or (null) of all. */
export function searchHref(q: string, type: string | null): string {
  const params = new URLSearchParams({ q });
  if (type) params.set('type', type);
  return `/search?${params.toString()}`;
}

/**
 * Scrolls a row that scrolls sideways (phones, site.css `.search-filter`) so its current link is in
 * the middle; only the row moves, never the page. Nothing happens where the row wraps. A link of the
 * row that already has focus (a keyboard user tabbed in before the scripts ran) is shown whole instead.
 */
function centreCurrent(nav: HTMLElement): void {
  const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
  if (!current || nav.scrollWidth <= nav.clientWidth) return;
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && nav.contains(focused))
    return focused.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  nav.scrollLeft = current.offsetLeft - nav.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
}

/** Chromium leaves a half-visible link where it is when it takes focus: show all of it and its ring. */
function revealFocused(event: FocusEvent): void {
  (event.target as HTMLElement).scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

export function SearchTypeFilter({ result }: { result: Pick<SearchPage, 'q' | 'type' | 'allTotal' | 'types'> }) {
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    centreCurrent(nav);
    nav.addEventListener('focusin', revealFocused);
    return () => nav.removeEventListener('focusin', revealFocused);
  }, [result.q, result.type]);
  // Shown while a type is chosen even when nothing matches, so the visitor sees the filter and can leave it.
  if (!result.allTotal && !result.type) return null;
  return (
    <nav ref={navRef} className="filter-bar search-filter" aria-label="Тип результатів">
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
