/**
 * Record boundaries of a part of a CSV file (RFC 4180: a line break inside a quoted cell belongs to
 * the cell; `""` inside quotes is a quote, which toggles the state twice and so changes nothing).
 * The preview reads only parts of a file (its head and tail), which may begin or end inside a
 * record; these find the whole records in them without decoding bytes that were cut.
 */

const QUOTE = 0x22;
const NEWLINE = 0x0a;

/** Scans text or bytes from a quote state; the offsets just past each line break outside quotes, and the state at the end. */
function scan(length: number, codeAt: (i: number) => number, quoted: boolean): { ends: number[]; quoted: boolean } {
  const ends: number[] = [];
  let inside = quoted;
  for (let i = 0; i < length; i++) {
    const c = codeAt(i);
    if (c === QUOTE) inside = !inside;
    else if (c === NEWLINE && !inside) ends.push(i + 1);
  }
  return { ends, quoted: inside };
}

/**
 * The length of the whole records at the start of a file's first bytes (up to and including the
 * last line break outside quotes); 0 when there is none. `"` and `\n` never occur inside a
 * multi-byte UTF-8 character, so the cut never splits one.
 */
export function wholeRecordsLength(head: Buffer): number {
  return scan(head.length, (i) => head[i]!, false).ends.at(-1) ?? 0;
}

/**
 * The last record of a file from text that begins at a line break somewhere in it, with the final
 * line break removed; null when it cannot be told (the record began before the text). The quote state at the text's start is unknown; of the two
 * guesses, only the right one ends outside quotes for a well-formed file, so that one is taken.
 */
export function lastRecord(text: string): string | null {
  for (const quoted of [false, true]) {
    const { ends, quoted: end } = scan(text.length, (i) => text.charCodeAt(i), quoted);
    if (end) continue;
    // Starting outside quotes, the text's start is a record boundary too.
    const from = ends.at(-1) ?? (quoted ? undefined : 0);
    return from === undefined ? null : text.slice(from);
  }
  return null;
}
