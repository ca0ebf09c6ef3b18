/**
 * Scrolling after navigation (spec section 2): 100 ms after each navigation, smoothly to the hash
 * target with a 64 px top offset when the location has a hash, otherwise to the top.
 */
import { HASH_SCROLL_OFFSET } from '../../shared/routes';

/** The y position to scroll to for a hash (or the top), given how to find an element's page position. */
export function scrollTargetY(hash: string, elementTop: (id: string) => number | null): number {
  if (!hash || hash === '#') return 0;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep the raw id */
  }
  const top = elementTop(id);
  return top === null ? 0 : Math.max(0, top - HASH_SCROLL_OFFSET);
}

export function scrollAfterNavigation(hash: string): void {
  const y = scrollTargetY(hash, (id) => {
    const el = document.getElementById(id);
    return el ? el.getBoundingClientRect().top + window.scrollY : null;
  });
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: y, behavior: reduce ? 'auto' : 'smooth' });
}
