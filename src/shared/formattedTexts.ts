/**
 * Texts formatted with Intl (dates, file sizes), kept by their input: a key naming the format and
 * the value (`d2026-03-23`, `b1048576`). Pages show the same few texts again and again, and
 * formatting (formatRange above all) is not free. Bounded: emptied when full. A pure memo: every
 * render gets the same text for the same key.
 */
const MAX_TEXTS = 2000;
const texts = new Map<string, string>();

/** The text for `key`: kept, or made by `make` and kept. */
export function formattedText(key: string, make: () => string): string {
  let text = texts.get(key);
  if (text === undefined) {
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, (text = make()));
  }
  return text;
}
