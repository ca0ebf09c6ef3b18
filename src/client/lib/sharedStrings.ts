/**
 * Strings a page shows that its state need not carry twice (see pageState.ts). The element showing
 * one (its whole text, its inner HTML for sanitised rich text, or an image's alt text) carries
 * `data-s="{token}"`, and the packed state carries `{ $s: token }` in place of the string; the
 * browser reads the string back from the first server-rendered element with that token before
 * hydrating.
 *
 * A token is the kind's letter and a hash of the string (`sharedToken`), so the server render and
 * the browser's write the same attribute (hydration sees no difference), and markup rendered
 * earlier (the kept header, footer and card lists, fragmentCache.ts) is valid in any later page as it is: the
 * rendered page needs no second pass to number its marks. When two different strings of one page
 * get the same token, neither is referred to: both stay in the state.
 * Sanitised rich text never carries data attributes (content/sanitize.ts), so a `data-s` is always
 * one of these marks.
 */
import { createContext, useContext } from 'react';

/** `t`: the element's whole text is the string; `h`: its inner HTML is; `a`: its `alt` attribute is (an image). */
export type SharedKind = 't' | 'h' | 'a';

/**
 * The token of a string shown as `kind`: the kind's letter, then the string's 32-bit FNV-1a hash
 * over its UTF-16 code units in base 36 (at most 8 characters in all). The server remembers tokens
 * (up to MEMO_CHARS characters of strings): the strings of a page come from the same frozen answers
 * render after render, and V8 keeps a string's own hash, so a lookup costs less than hashing it
 * again. The browser hashes each time (a page's strings, once per render).
 */
export function sharedToken(kind: SharedKind, value: string): string {
  const memo = ON_SERVER ? memos[kind] : undefined;
  let token = memo?.get(value);
  if (token === undefined) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < value.length; i += 1) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
    token = kind + (hash >>> 0).toString(36);
    if (memo) {
      if ((memoChars += value.length) > MEMO_CHARS) {
        for (const m of Object.values(memos)) m.clear();
        memoChars = value.length;
      }
      memo.set(value, token);
    }
  }
  return token;
}

const ON_SERVER = typeof document === 'undefined';
const MEMO_CHARS = 4_000_000;
const memos: Record<SharedKind, Map<string, string>> = { t: new Map(), h: new Map(), a: new Map() };
let memoChars = 0;

/** The kind of string a token stands for (its first letter). */
export function kindOf(token: string): SharedKind | undefined {
  const kind = token[0];
  return kind === 't' || kind === 'h' || kind === 'a' ? kind : undefined;
}

/** The server render's record of the strings it marked: token → string, null where two strings share the token. */
export class ShownStrings {
  readonly byToken = new Map<string, string | null>();

  /** The token of `value` shown as `kind`, recorded for this render. */
  token(kind: SharedKind, value: string): string {
    const token = sharedToken(kind, value);
    this.record(token, value);
    return token;
  }

  /** Records the tokens of markup rendered earlier (`strings`: token → string, null for one not to refer to). */
  add(strings: ReadonlyMap<string, string | null>): void {
    for (const [token, value] of strings) this.record(token, value);
  }

  /** string → token for the state's references: every string whose token no other string of the render has. */
  references(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [token, value] of this.byToken) if (value !== null && !out.has(value)) out.set(value, token);
    return out;
  }

  private record(token: string, value: string | null): void {
    const seen = this.byToken.get(token);
    if (seen === undefined) this.byToken.set(token, value);
    else if (seen !== null && seen !== value) this.byToken.set(token, null);
  }
}

export const ShownStringsContext = createContext<ShownStrings | null>(null);

/**
 * Strings shorter than this many UTF-8 bytes stay in the state: the reference and the attribute
 * (about 16 bytes each) would cost more than they save.
 */
export const MIN_SHARED_BYTES = 32;

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
 * text, or its inner HTML): its token, recorded while the server renders; undefined (no
 * attribute) for short or missing strings.
 */
export function useSharedStrings(): (kind: SharedKind, value: string | null | undefined) => string | undefined {
  const shown = useContext(ShownStringsContext);
  return (kind, value) => {
    // A string of at least MIN_SHARED_BYTES characters has at least as many bytes: only shorter ones are counted.
    if (!value || (value.length < MIN_SHARED_BYTES && utf8Bytes(value) < MIN_SHARED_BYTES)) return undefined;
    return shown ? shown.token(kind, value) : sharedToken(kind, value);
  };
}

const ATTRIBUTE = / data-s="([0-9a-z]+)"/g;

/**
 * Server: the strings behind the tokens of `html` (a part of a render), token → string; null for a
 * token two strings shared (or one this render did not make), which no later page may refer to either.
 */
export function stringsOf(html: string, shown: ShownStrings): Map<string, string | null> {
  const strings = new Map<string, string | null>();
  for (const match of html.matchAll(ATTRIBUTE)) strings.set(match[1]!, shown.byToken.get(match[1]!) ?? null);
  return strings;
}
