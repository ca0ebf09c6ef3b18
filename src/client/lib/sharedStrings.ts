/**
 * Strings a page shows that its state need not carry twice (see pageState.ts). The element showing
 * one (its whole text, its inner HTML for sanitised rich text, or an image's alt text) carries
 * `data-s=""`; the packed state carries `{ $t: n }` (text), `{ $h: n }` (markup) or `{ $a: n }`
 * (alt) instead of the string, n being the
 * element's position among the page's `[data-s]` elements, and the browser reads the string back
 * from the server-rendered element before hydrating.
 *
 * During the server render each marked element gets a token (`data-s="{token}"`, one per distinct
 * string); `numberSharedStrings` then turns the tokens into positions and writes every attribute
 * as `data-s=""`, which is what the browser renders too (so hydration sees the same attributes).
 * Sanitised rich text never carries data attributes (content/sanitize.ts), so the positions count
 * only these elements.
 */
import { createContext, useContext } from 'react';

/** `t`: the element's whole text is the string; `h`: its inner HTML is; `a`: its `alt` attribute is (an image). */
export type SharedKind = 't' | 'h' | 'a';

/** The server render's record of the strings it marked: token → [kind, string], string → token. */
export class ShownStrings {
  readonly byToken = new Map<string, [SharedKind, string]>();
  private readonly byValue = new Map<string, string>();

  token(kind: SharedKind, value: string): string {
    let token = this.byValue.get(value);
    if (token === undefined) {
      token = this.byToken.size.toString(36);
      this.byValue.set(value, token);
      this.byToken.set(token, [kind, value]);
    }
    return token;
  }
}

export const ShownStringsContext = createContext<ShownStrings | null>(null);

/**
 * Strings shorter than this many UTF-8 bytes stay in the state: the reference and the attribute
 * (about 9 bytes each) would cost more than they save.
 */
export const MIN_SHARED_BYTES = 16;

function utf8Bytes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 2 : 3;
  }
  return n;
}

/**
 * `mark(kind, value)`: the `data-s` attribute value for the element that shows `value` (its whole
 * text, or its inner HTML): a token while the server renders, '' in the browser; undefined (no
 * attribute) for short or missing strings.
 */
export function useSharedStrings(): (kind: SharedKind, value: string | null | undefined) => string | undefined {
  const shown = useContext(ShownStringsContext);
  return (kind, value) => {
    // A string of at least MIN_SHARED_BYTES characters has at least as many bytes: only shorter ones are counted.
    if (!value || (value.length < MIN_SHARED_BYTES && utf8Bytes(value) < MIN_SHARED_BYTES)) return undefined;
    return shown ? shown.token(kind, value) : '';
  };
}

const ATTRIBUTE = / data-s="([0-9a-z]+)"/g;

/**
 * Server: the rendered HTML with every `data-s="{token}"` written as `data-s=""`, and for each
 * string the position of the first element showing it, as [kind, position].
 */
export function numberSharedStrings(
  html: string,
  shown: ShownStrings,
): { html: string; positions: Map<string, [SharedKind, number]> } {
  const positions = new Map<string, [SharedKind, number]>();
  let n = 0;
  const out = html.replace(ATTRIBUTE, (_match, token: string) => {
    const entry = shown.byToken.get(token);
    if (entry && !positions.has(entry[1])) positions.set(entry[1], [entry[0], n]);
    n += 1;
    return ' data-s=""';
  });
  return { html: out, positions };
}

/** Server: the strings behind the tokens of `html` (a part of a render), token → [kind, string]. */
export function stringsOf(html: string, shown: ShownStrings): Map<string, [SharedKind, string]> {
  const strings = new Map<string, [SharedKind, string]>();
  for (const match of html.matchAll(ATTRIBUTE)) {
    const entry = shown.byToken.get(match[1]!);
    if (entry) strings.set(match[1]!, entry);
  }
  return strings;
}

/**
 * Server: `html` (a part of an earlier render, whose tokens stood for `strings`) with each token
 * replaced by this render's token for the same string, as if it had been rendered now.
 */
export function withTokensOf(
  html: string,
  strings: ReadonlyMap<string, [SharedKind, string]>,
  shown: ShownStrings,
): string {
  if (strings.size === 0) return html;
  return html.replace(ATTRIBUTE, (match, token: string) => {
    const entry = strings.get(token);
    return entry ? ` data-s="${shown.token(entry[0], entry[1])}"` : match;
  });
}
