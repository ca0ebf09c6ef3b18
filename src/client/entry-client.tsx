/**
 * Browser entry of the public site. The server-rendered page is complete without scripts (links,
 * the menu and the forms work without them), so the app that hydrates it (hydrate.tsx: Preact, the
 * routes, react-query; about 80 KB gzip) is loaded only once the page has been painted: on a page
 * with a main image (its LCP element: the cover, the first card's image) once that image is on
 * screen, elsewhere after the first frame. On a slow connection the image and the page's first
 * bytes then have the bandwidth to themselves, and hydration's long tasks do not hold back the
 * frames that paint them; the cost is that the app starts one round trip later.
 */
import './styles/a11y.css';
import './styles/site.css';

/** The longest the app waits for the main image (a stalled image must not keep the page inert). */
const MAX_IMAGE_WAIT_MS = 4000;

/** Resolves after the next frame has been produced (or after `ms` when frames are not running: a background tab). */
const afterNextFrame = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });

/**
 * Resolves once the page's main image (the `<img fetchpriority="high">` the server preloads) has
 * loaded, been decoded and been painted (or failed), or after the first frame when the page has none.
 */
async function pagePainted(): Promise<void> {
  const img = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (img && !img.complete)
    await new Promise<void>((resolve) => {
      img.addEventListener('load', () => resolve(), { once: true });
      img.addEventListener('error', () => resolve(), { once: true });
    });
  await img?.decode().catch(() => undefined);
  await afterNextFrame(100);
}

// No top-level await: the app's chunk imports Vite's preload helper from this one, which must
// have finished evaluating by then (a module waiting for its own importer would never start).
void Promise.race([pagePainted(), new Promise((resolve) => setTimeout(resolve, MAX_IMAGE_WAIT_MS))]).then(
  () => import('./hydrate'),
);
