/**
 * Build updates (spec sections 4 and 9): the app checks periodically for a newer build via
 * `/builds/latest.json?{timestamp}`; once a newer build is detected, a chunk-load error reloads the
 * page, at most once per 10 s (a marker in session storage). A failed manifest fetch is only logged.
 * The admin checks at once on a chunk-load error (recoverFromChunkLoadError).
 */

export const RELOAD_MARKER_KEY = 'uhmi:reload';
export const RELOAD_MARKER_TTL_MS = 10_000;
export const MANIFEST_DELAY_MS = 1_000;
export const CHECK_INTERVAL_MS = 60 * 60 * 1000;

let newBuildDetected = false;

export function isNewBuildDetected(): boolean {
  return newBuildDetected;
}

/** Fetches the latest build manifest and records whether it differs from ours; errors are logged only. */
export async function checkForNewBuild(currentBuildId: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchImpl(`/builds/latest.json?${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const latest = (await res.json()) as { id?: string };
    if (latest.id && latest.id !== currentBuildId) newBuildDetected = true;
  } catch (err) {
    console.warn('[builds] could not fetch the build manifest', err);
  }
  return newBuildDetected;
}

/** Starts the periodic check: first after the browser is idle plus 1 s, then hourly. */
export function startBuildChecks(currentBuildId: string): () => void {
  const run = () => void checkForNewBuild(currentBuildId);
  const idle = (cb: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(cb) : setTimeout(cb, 1);
  let first: ReturnType<typeof setTimeout> | undefined;
  idle(() => {
    first = setTimeout(run, MANIFEST_DELAY_MS);
  });
  const timer = setInterval(run, CHECK_INTERVAL_MS);
  return () => {
    if (first) clearTimeout(first);
    clearInterval(timer);
  };
}

/** Whether an error is a failed dynamic import / chunk load. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    message,
  );
}

/**
 * Reloads once per RELOAD_MARKER_TTL_MS: returns true (and calls `reload`) when no marker younger than
 * the TTL is in storage, writing a fresh marker first.
 */
export function reloadOnce(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  const last = Number(storage.getItem(RELOAD_MARKER_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < RELOAD_MARKER_TTL_MS) return false;
  storage.setItem(RELOAD_MARKER_KEY, String(now));
  reload();
  return true;
}

/** Handles a chunk-load error: reloads (at most once per 10 s) when a new build was detected. Returns whether it reloads. */
export function handleChunkLoadError(error: unknown): boolean {
  if (!isChunkLoadError(error) || !newBuildDetected || typeof window === 'undefined') return false;
  try {
    return reloadOnce(window.sessionStorage, () => window.location.reload());
  } catch {
    return false;
  }
}

/**
 * Handles a chunk-load error without waiting for the hourly check (the admin, where an editor keeps
 * a tab open across deploys): unless a newer build is known already, fetches `builds/latest.json`
 * at once, then reloads as handleChunkLoadError does (at most once per 10 s). Resolves whether it
 * reloads; other errors resolve false without a fetch.
 */
export async function recoverFromChunkLoadError(
  error: unknown,
  currentBuildId: string,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  if (!isChunkLoadError(error)) return false;
  if (!newBuildDetected) await checkForNewBuild(currentBuildId, fetchImpl);
  return handleChunkLoadError(error);
}

/** For tests: forget what was detected. */
export function resetBuildUpdateState(): void {
  newBuildDetected = false;
}
