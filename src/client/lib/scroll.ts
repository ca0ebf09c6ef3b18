/**
 * Scrolling after navigation (spec section 2): 100 ms after each navigation, smoothly to the hash
 * target, otherwise to the top. The space left above the target is the sticky header's height (the
 * document's `scroll-padding-top`, which the stylesheet and the header keep equal to it), never less
 * than the spec's 64 px, so the target is never hidden under the header.
 */
import { HASH_SCROLL_OFFSET } from '../../shared/routes';

/**
 * The y position to scroll to for a hash (or the top), given how to find an element's page position
 * and the space to leave above it (at least HASH_SCROLL_OFFSET).
 */
export function scrollTargetY(
  hash: string,
  elementTop: (id: string) => number | null,
  offset = HASH_SCROLL_OFFSET,
): number {
  if (!hash || hash === '#') return 0;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep the raw id */
  }
  const top = elementTop(id);
  return top === null ? 0 : Math.max(0, top - Math.max(HASH_SCROLL_OFFSET, offset));
}

/** The document's scroll-padding-top in px (the sticky header's height), or 0. */
export function headerOffset(): number {
  return parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
}

export function scrollAfterNavigation(hash: string): void {
  const y = scrollTargetY(
    hash,
    (id) => {
      const el = document.getElementById(id);
      return el ? el.getBoundingClientRect().top + window.scrollY : null;
    },
    headerOffset(),
  );
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: y, behavior: reduce ? 'auto' : 'smooth' });
}
