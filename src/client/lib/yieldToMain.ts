/**
 * Gives the browser the main thread back: resolves in a later task (`scheduler.yield()` where
 * there is one, else a zero timeout), so that start-up work split at these points is no long task
 * (issue 13: Lighthouse's Total Blocking Time; the server-rendered page is already painted).
 */
export function yieldToMain(): Promise<void> {
  return new Promise<void>((resolve) => {
    const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
    if (s?.yield) void s.yield().then(resolve);
    else setTimeout(resolve, 0);
  });
}
