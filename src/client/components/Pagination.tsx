/** Page links for a list (`?page=N`), with the current page marked for assistive technology. */
import { useLocation } from 'react-router';
import { Link } from 'react-router';

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const qs = params.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** Page numbers to show: first, last, and a window around the current page (null = gap). */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { pathname, search } = useLocation();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label="Сторінки списку">
      {page > 1 && (
        <Link to={pageHref(pathname, search, page - 1)} rel="prev">
          ← Попередня
        </Link>
      )}
      <ul>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page">{p}</span>
              ) : (
                <Link to={pageHref(pathname, search, p)} aria-label={`Сторінка ${p}`}>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      {page < pageCount && (
        <Link to={pageHref(pathname, search, page + 1)} rel="next">
          Наступна →
        </Link>
      )}
    </nav>
  );
}
