/** The canonical URL of a page: the public origin, the path, and `?page=N` past the first page. */
export function canonicalUrl(origin: string, location: { pathname: string; search: string }): string {
  const page = new URLSearchParams(location.search).get('page');
  return `${origin}${location.pathname}${page && page !== '1' ? `?page=${page}` : ''}`;
}
