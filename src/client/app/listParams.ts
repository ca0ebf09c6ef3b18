/** Reading a list page's URL: `?page=N` (validated), as the list input of LIST_PAGE_SIZE items. */
import { LIST_PAGE_SIZE, parsePageParam } from '../../shared/routes';
import type { PageArgs } from './definePage';

/** Whether the URL's page parameter is valid (else the route's validation fails: 404). */
export function validPage({ url }: PageArgs): boolean {
  return parsePageParam(url.searchParams) !== null;
}

/** The `{ page, limit }` part of a list input for the current URL. */
export function pageInput(search: URLSearchParams | string): { page: number; limit: number } {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return { page: parsePageParam(params) ?? 1, limit: LIST_PAGE_SIZE };
}
