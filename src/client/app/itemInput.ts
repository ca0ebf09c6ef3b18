/**
 * The input of an item page's `get`: the slug (or id) from the path, plus `preview: true` when the
 * address has `?preview=1` (staff then see drafts and scheduled documents as the page renders them).
 */
import { useLocation } from 'react-router';

/** Whether the address asks for a staff preview (`?preview=1`). */
export function isPreviewSearch(search: URLSearchParams | string): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get('preview') === '1';
}

export function itemInput(idOrSlug: string, search: URLSearchParams | string): { idOrSlug: string; preview?: true } {
  return isPreviewSearch(search) ? { idOrSlug, preview: true } : { idOrSlug };
}

/** itemInput for the current location. */
export function useItemInput(idOrSlug: string) {
  return itemInput(idOrSlug, useLocation().search);
}
