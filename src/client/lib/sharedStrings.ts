/**
 * Strings a page shows that its hydration state need not carry twice (the state is held to a
 * quarter of the page's HTML where its queries allow: public-routes.test.ts). The element showing
 * one (its whole text, its inner HTML for sanitised rich text, an image's alt text, or the address
 * in an image's `src` or a link's `href`) carries `data-s="{token}"` (an element showing several,
 * as an image its alt text and address, carries their tokens separated by spaces); when the server dehydrates the query cache (TanStack's `dehydrate` with
 * `serializeData: shareStrings(…)`), each such string in a query's data becomes `{ $s: token }`,
 * and the browser reads it back from the first element with that token (`hydrate` with
 * `deserializeData: resolveStrings(…)`).
 *
 * A token is the kind's letter and a hash of the string, so the server's render and the browser's
 * write the same attribute. When two different strings of one page get the same token, neither is
 * referred to: both stay in the state. Sanitised rich text never carries data attributes
 * (content/sanitize.ts), so a `data-s` is always one of these marks.
 */
import { createContext, useContext } from 'react';
import { unwrapTables } from '../components/TableScroll';

/**
 * `t`: the element's whole text is the string; `h`: its inner HTML is; `a`: its `alt` attribute is
 * (an image); `u`: its `src` (an image) or `href` (a link) attribute is.
 */
export type SharedKind = 't' | 'h' | 'a' | 'u';

/** The token of a string shown as `kind`: the kind's letter, then its 32-bit FNV-1a hash in base 36. */
export function sharedToken(kind: SharedKind, value: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
  return kind + (hash >>> 0).toString(36);
}

/** The kind of string a token stands for (its first letter). */
export function kindOf(token: string): SharedKind | undefined {
  const kind = token[0];
  return kind === 't' || kind === 'h' || kind === 'a' || kind === 'u' ? kind : undefined;
}

/** The `data-s` value of an element that shows several strings: their tokens, space-separated (undefined for none). */
export function joinMarks(...tokens: Array<string | undefined>): string | undefined {
  return tokens.filter(Boolean).join(' ') || undefined;
}

/** The tokens of a `data-s` value. */
export function marksOf(value: string | null): string[] {
  return value ? value.split(' ').filter(Boolean) : [];
}

/** One server render's record of the strings it marked: token → string, null where two strings share a token. */
export class ShownStrings {
  readonly byToken = new Map<string, string | null>();

  /** The token of `value` shown as `kind`, recorded for this render. */
  token(kind: SharedKind, value: string): string {
    const token = sharedToken(kind, value);
    const seen = this.byToken.get(token);
    if (seen === undefined) this.byToken.set(token, value);
    else if (seen !== null && seen !== value) this.byToken.set(token, null);
    return token;
  }

  /** string → token for the state's references: every string whose token no other string of the render has. */
  references(): Map<string, string> {
    const out = new Map<string, string>();
    for (const [token, value] of this.byToken) if (value !== null && !out.has(value)) out.set(value, token);
    return out;
  }
}

/** The server render's ShownStrings (absent in the browser, which only writes the same attributes). */
export const ShownStringsContext = createContext<ShownStrings | null>(null);

const utf8 = new TextEncoder();

/** Strings shorter than this many UTF-8 bytes stay in the state: a reference would cost more than it saves. */
export const MIN_SHARED_BYTES = 16;

/**
 * `mark(kind, value)`: the `data-s` attribute value for the element that shows `value`, recorded
 * while the server renders; undefined (no attribute) for short or missing strings.
 */
export function useSharedStrings(): (kind: SharedKind, value: string | null | undefined) => string | undefined {
  const shown = useContext(ShownStringsContext);
  return (kind, value) => {
    // A string of MIN_SHARED_BYTES characters has at least as many bytes: only shorter ones are encoded.
    if (!value || (value.length < MIN_SHARED_BYTES && utf8.encode(value).length < MIN_SHARED_BYTES)) return undefined;
    return shown ? shown.token(kind, value) : sharedToken(kind, value);
  };
}

/** A reference to a string the page shows. */
type SharedRef = { $s: string };

function refOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const token = (value as Partial<SharedRef>).$s;
  return typeof token === 'string' && Object.keys(value).length === 1 ? token : null;
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Maps every string of a JSON-like value (plain objects and arrays; anything else is kept as it is).
 * Copy on write: an array or object none of whose strings change is returned as it is (the server
 * maps every answer of every render, so what it does not copy it need not collect).
 */
function mapStrings(value: unknown, map: (text: string) => unknown): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const mapped = mapStrings(v, map);
      if (mapped !== v) (out ??= value.slice())[i] = mapped;
    });
    return out ?? value;
  }
  if (value && typeof value === 'object' && isPlainObject(value)) {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const mapped = mapStrings(v, map);
      if (mapped !== v) (out ??= { ...value })[k] = mapped;
    }
    return out ?? value;
  }
  return value;
}

/** Server (`dehydrate`'s `serializeData`): a query's data with each string the page shows replaced by its reference. */
export function shareStrings(shown: ShownStrings): (data: unknown) => unknown {
  const references = shown.references();
  return (data) =>
    mapStrings(data, (text) => {
      const token = references.get(text);
      return token === undefined ? text : ({ $s: token } satisfies SharedRef);
    });
}

/** Whether every reference in `data` can be read back (`read` gives the string behind a token). */
export function canResolve(data: unknown, read: (token: string) => string | undefined): boolean {
  const ref = refOf(data);
  if (ref !== null) return read(ref) !== undefined;
  if (Array.isArray(data)) return data.every((v) => canResolve(v, read));
  if (data && typeof data === 'object' && isPlainObject(data))
    return Object.values(data).every((v) => canResolve(v, read));
  return true;
}

/** Browser (`hydrate`'s `deserializeData`): `data` with each reference replaced by the string `read` gives. */
export function resolveStrings(read: (token: string) => string | undefined): (data: unknown) => unknown {
  const resolve = (value: unknown): unknown => {
    const ref = refOf(value);
    if (ref !== null) return read(ref) ?? value;
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object' && isPlainObject(value))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  return resolve;
}

/**
 * The strings behind the tokens of a document's marked elements (`[data-s]`): the text, inner HTML
 * (its table wrappers undone, as RichText received it), alt text or address of the first element
 * with each token.
 */
export function readFromDocument(doc: Document): (token: string) => string | undefined {
  const first = new Map<string, Element>();
  for (const el of doc.querySelectorAll('[data-s]'))
    for (const token of marksOf(el.getAttribute('data-s'))) if (!first.has(token)) first.set(token, el);
  return (token) => {
    const el = first.get(token);
    const kind = kindOf(token);
    if (!el || !kind) return undefined;
    if (kind === 't') return el.textContent ?? undefined;
    if (kind === 'h') return unwrapTables(el.innerHTML);
    if (kind === 'a') return el.getAttribute('alt') ?? undefined;
    return el.getAttribute(el.localName === 'img' ? 'src' : 'href') ?? undefined;
  };
}
