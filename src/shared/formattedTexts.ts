/**
 * Texts formatted with Intl (dates, file sizes), kept by their input: a key naming the format and
 * the value (`d2026-03-23`, `b1048576`).
 *
 * - `formattedText`: one memo for the process or the page (pages show the same few texts again and
 *   again, and formatting is not free). Bounded: emptied when full.
 * - `FormattedTexts`: one render's texts. The server render records the texts it showed and the
 *   page hands them to the browser (the data block's `texts`), whose hydration shows them without
 *   formatting: the first use of Intl in a page (ICU's start) is a long task on a phone. A key the
 *   server sent holds the server's text in the browser too, so hydration matches by construction.
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

/** One render's formatted texts: those handed over (`given`), then those it made, key → text. */
export class FormattedTexts {
  private readonly used = new Map<string, string>();

  constructor(private readonly given: Readonly<Record<string, unknown>> = {}) {}

  /** The text for `key`: the one handed over, or made (through the memo) and recorded. */
  text(key: string, make: () => string): string {
    const given = this.given[key];
    const text = typeof given === 'string' ? given : formattedText(key, make);
    this.used.set(key, text);
    return text;
  }

  /** The texts this render showed, key → text (what the server hands the browser). */
  toJSON(): Record<string, string> {
    return Object.fromEntries(this.used);
  }
}
