/**
 * Texts formatted with Intl (dates, file sizes), kept by their input: a key naming the format and
 * the value (`d2026-03-23`, `b1048576`).
 *
 * - Both sides: formatting (formatRange above all) is a noticeable part of a server render, and
 *   pages show the same few texts again and again. Bounded: emptied when full.
 * - The server records the texts each render used (`recordFormattedTexts`) and the page hands them
 *   to the browser (its data block's `texts`), which keeps them (`keepFormattedTexts`) before it
 *   hydrates. Hydration then formats nothing: the first use of Intl in a page (ICU's start and the
 *   locale's data) takes 20–40 ms of a fast machine's main thread, several times that on a phone
 *   (issue 13: Total Blocking Time), and it now waits for a render that needs a new text.
 *
 * A key the server sent holds the server's text in the browser too (kept texts replace any made
 * there), so the hydrating markup is the server's text by construction, whatever the browser's ICU.
 */
const MAX_TEXTS = 2000;
const texts = new Map<string, string>();
/** The recordings in progress: a server render's, and within it a kept part's (client/lib/fragmentCache.ts). */
const recordings: Array<Map<string, string>> = [];

/** The text for `key`: kept, or made by `make` and kept. */
export function formattedText(key: string, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, (text = make()));
  }
  for (const recording of recordings) recording.set(key, text);
  return text;
}

/**
 * Server: runs `render` (synchronous) and returns its result with the texts it used, key → text.
 * A recording in progress gets them too; one `render` started and left open ends with it.
 */
export function recordFormattedTexts<T>(render: () => T): { result: T; texts: Record<string, string> } {
  const depth = recordings.length;
  const mine = new Map<string, string>();
  recordings.push(mine);
  try {
    return { result: render(), texts: Object.fromEntries(mine) };
  } finally {
    recordings.length = depth;
  }
}

/**
 * Server: records the texts used from now on (alongside the recordings in progress) until `stop`,
 * which returns them: a kept part's texts, between the start and the end of its render.
 */
export function startRecordingTexts(): { stop: () => Map<string, string> } {
  const mine = new Map<string, string>();
  recordings.push(mine);
  return {
    stop: () => {
      const at = recordings.lastIndexOf(mine);
      if (at >= 0) recordings.splice(at, 1);
      return mine;
    },
  };
}

/** How many recordings are in progress: none between renders (tests check that none is left open). */
export function openRecordings(): number {
  return recordings.length;
}

/** Server: records `used` in the recordings in progress, as if formatted now (a kept part reused). */
export function reuseFormattedTexts(used: ReadonlyMap<string, string>): void {
  for (const recording of recordings) for (const [key, text] of used) recording.set(key, text);
}

/** Browser: keeps the texts the server rendered (a page's data block), before hydrating. */
export function keepFormattedTexts(given: Record<string, string> | undefined): void {
  if (!given) return;
  for (const [key, text] of Object.entries(given)) if (typeof text === 'string') texts.set(key, text);
}
