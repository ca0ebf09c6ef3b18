/**
 * Scroll positions by history entry (react-router's `location.key`), for back and forward within the
 * app: a passive scroll listener records the position of the entry on screen, the map is kept in
 * sessionStorage when the page is hidden (a reload or a visit elsewhere), and while the app runs the
 * browser's own restoration is off (`history.scrollRestoration = 'manual'`: it would restore before
 * the new page has rendered). On `pagehide` it is switched back to `auto`, so a reload or a return
 * from another site is restored by the browser itself, before the app has loaded. The same scheme as
 * react-router's `<ScrollRestoration>`, whose instant jump on link navigations the spec does not want.
 */

/** sessionStorage key of the saved positions. */
export const SCROLL_STORAGE_KEY = 'uhmi-scroll-positions';
/** Most entries kept (oldest dropped first). */
const MAX_ENTRIES = 100;

let positions = new Map<string, number>();
let currentKey: string | null = null;
let started = false;

function load(): void {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '[]') as unknown;
    if (Array.isArray(saved))
      positions = new Map(
        saved.filter(
          (e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number',
        ),
      );
  } catch {
    /* unreadable or unavailable storage: start empty */
  }
}

function save(): void {
  try {
    sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_ENTRIES)));
  } catch {
    /* storage full or unavailable: positions are kept for this page only */
  }
}

function record(): void {
  if (currentKey === null) return;
  positions.delete(currentKey);
  positions.set(currentKey, window.scrollY);
}

/** Starts recording (once): called with the entry the app hydrated. */
export function startScrollMemory(key: string): void {
  currentKey = key;
  if (started) return;
  started = true;
  load();
  history.scrollRestoration = 'manual';
  window.addEventListener('scroll', record, { passive: true });
  window.addEventListener('pagehide', () => {
    record();
    save();
    history.scrollRestoration = 'auto';
  });
  // Back from the back-forward cache: the app runs on, so restoration stays with it.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) history.scrollRestoration = 'manual';
  });
}

/** Marks `key` as the entry on screen (after a navigation has rendered it). */
export function enterEntry(key: string): void {
  currentKey = key;
}

/** The recorded position of an entry, if any (px from the top). */
export function savedPosition(key: string): number | undefined {
  return positions.get(key);
}
