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
let recorded: Map<string, string> | null = null;

/** The text for `key`: kept, or made by `make` and kept. */
export function formattedText(key: string, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, (text = make()));
  }
  recorded?.set(key, text);
  return text;
}

/** Server: runs `render` (synchronous) and returns its result with the texts it used, key → text. */
export function recordFormattedTexts<T>(render: () => T): { result: T; texts: Record<string, string> } {
  const outer = recorded;
  const mine = new Map<string, string>();
  recorded = mine;
  try {
    return { result: render(), texts: Object.fromEntries(mine) };
  } finally {
    recorded = outer;
  }
}

/** Browser: keeps the texts the server rendered (a page's data block), before hydrating. */
export function keepFormattedTexts(given: Record<string, string> | undefined): void {
  if (!given) return;
  for (const [key, text] of Object.entries(given)) if (typeof text === 'string') texts.set(key, text);
}
