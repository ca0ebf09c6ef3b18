/**
 * Where the page is scrolled after a navigation (spec section 2, issue 29):
 * - the hydrating render never scrolls (a reload or a return keeps the browser's position, and a
 *   visitor who scrolled before the app arrived stays where they are);
 * - a link navigation (push or replace) scrolls smoothly SCROLL_DELAY_MS later, to the hash target
 *   below the sticky header, otherwise to the top (lib/scroll.ts);
 * - back and forward restore the entry's recorded position at once (lib/scrollMemory.ts), or behave
 *   as a link navigation when none was recorded.
 */
import { useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType, type Location } from 'react-router';
import { SCROLL_DELAY_MS } from '../../shared/routes';
import { scrollAfterNavigation } from './scroll';
import { enterEntry, savedPosition, startScrollMemory } from './scrollMemory';

/**
 * The entry's key for the scroll memory: react-router's key, or for entries it did not make (the
 * first page, a plain `#` link followed by the browser), whose key is `default`, the address.
 */
function entryKey(location: Location): string {
  return location.key === 'default' ? `default:${location.pathname}${location.search}${location.hash}` : location.key;
}

/** Scrolls after navigations as the module comment says; used once, by the root route. */
export function useNavigationScroll(): void {
  const location = useLocation();
  const type = useNavigationType();
  const key = entryKey(location);
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (shown.current === null) {
      // The hydrating render: nothing moves.
      shown.current = key;
      startScrollMemory(key);
      return;
    }
    if (shown.current === key) return;
    shown.current = key;
    enterEntry(key);
    const saved = type === NavigationType.Pop ? savedPosition(key) : undefined;
    if (saved !== undefined) {
      window.scrollTo({ top: saved, behavior: 'instant' });
      return;
    }
    const timer = setTimeout(() => scrollAfterNavigation(location.hash), SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, location.hash, type]);
}
