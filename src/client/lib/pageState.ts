/**
 * The react-query state a server-rendered page hands to the browser, packed small.
 *
 * react-query's own dehydrated form repeats per query what the browser can rebuild: the query hash
 * (the key again, as a string), counters, error slots, fetch status and timestamps. The page carries
 * only `{ t, q: [[queryKey, data], …] }` (superjson, as the tRPC link), and `unpackPageState` rebuilds
 * react-query's form from it.
 *
 * Strings travel once: a title, summary, alt text or sanitised rich text that the page shows in a
 * marked element (`data-s="{token}"`, sharedStrings.ts) is already in the HTML, so the state carries
 * `{ $s: token }` in its place, and the browser reads the string back from the first
 * server-rendered element with that token (its text, markup or alt text, as the token's letter
 * says) before hydrating. Strings the page does not show stay in the state as they are.
 */
import { hashKey, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import superjson, { type SuperJSONResult } from 'superjson';
import { plainSuperjsonText } from './superjsonText';
import { unwrapTables } from '../components/TableScroll';
import { kindOf } from './sharedStrings';

/** The packed state: when the server read the data, and each query's key and data. */
interface PackedState {
  t: number;
  q: Array<[QueryKey, unknown]>;
}

/** A reference to a string the page shows: `{ $s: token }`. */
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

const NO_STRINGS: ReadonlyMap<string, string> = new Map();

/**
 * A copy of `value` with each string the page shows replaced by a reference to its element; clears
 * `json.plain` on meeting anything plain JSON does not carry as it is (undefined, a non-finite
 * number, a BigInt, an object other than a plain one or an array: Date, Map, Set…), which superjson
 * must then write. One walk with plain loops: the state of a list page is thousands of values.
 */
function share(value: unknown, shown: ReadonlyMap<string, string>, json: { plain: boolean }): unknown {
  switch (typeof value) {
    case 'string': {
      const token = shown.get(value);
      return token === undefined ? value : ({ $s: token } satisfies SharedRef);
    }
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) json.plain = false;
      return value;
    case 'object': {
      if (value === null) return value;
      if (Array.isArray(value)) {
        const out: unknown[] = new Array(value.length);
        for (let i = 0; i < value.length; i += 1) out[i] = share(value[i], shown, json);
        return out;
      }
      if (!isPlainObject(value)) {
        json.plain = false;
        return value;
      }
      const source = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const key in source) if (Object.hasOwn(source, key)) out[key] = share(source[key], shown, json);
      return out;
    }
    default: // undefined, bigint, symbol, function
      json.plain = false;
      return value;
  }
}

/** `value` with each reference resolved by `read`; `ok` is false when one cannot be. */
function resolve(value: unknown, read: (token: string) => string | undefined): { ok: boolean; value: unknown } {
  const ref = refOf(value);
  if (ref !== null) {
    const text = read(ref);
    return text === undefined ? { ok: false, value } : { ok: true, value: text };
  }
  if (Array.isArray(value)) {
    const out = value.map((v) => resolve(v, read));
    return { ok: out.every((r) => r.ok), value: out.map((r) => r.value) };
  }
  // Plain objects only: a Date, Map or Set superjson revived stays as it is.
  if (value && typeof value === 'object' && isPlainObject(value)) {
    const out = Object.entries(value).map(([k, v]) => [k, resolve(v, read)] as const);
    return { ok: out.every(([, r]) => r.ok), value: Object.fromEntries(out.map(([k, r]) => [k, r.value])) };
  }
  return { ok: true, value };
}

/**
 * Server: the render's query answers (serverQueries.ts) as superjson's JSON text, the strings the
 * page shows in marked elements (`shown`: string → token, ShownStrings.references) replaced by
 * references.
 */
export function packPageState(
  queries: Iterable<{ queryKey: QueryKey; data: unknown; dataUpdatedAt: number }>,
  shown: ReadonlyMap<string, string> = NO_STRINGS,
): string {
  const json = { plain: true };
  const packed: PackedState = { t: 0, q: [] };
  for (const query of queries) {
    packed.t = Math.max(packed.t, query.dataUpdatedAt);
    packed.q.push([share(query.queryKey, NO_STRINGS, json) as QueryKey, share(query.data, shown, json)]);
  }
  return json.plain ? plainSuperjsonText(packed) : superjson.stringify(packed);
}

/**
 * Browser: react-query's dehydrated state from the packed one. `read(token)` gives the string
 * behind a token (readFromDocument: from the server-rendered DOM); a query with a reference it cannot
 * resolve is left out, so it is fetched again rather than shown without its text.
 */
export function unpackPageState(state: SuperJSONResult, read: (token: string) => string | undefined): DehydratedState {
  const packed = superjson.deserialize<PackedState>(state);
  const queries: DehydratedState['queries'] = [];
  for (const [queryKey, raw] of packed?.q ?? []) {
    const data = resolve(raw, read);
    if (!data.ok) continue;
    queries.push({
      queryKey,
      queryHash: hashKey(queryKey),
      dehydratedAt: packed.t,
      state: {
        data: data.value,
        dataUpdateCount: 1,
        dataUpdatedAt: packed.t,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    });
  }
  return { mutations: [], queries };
}

/**
 * The strings behind the tokens of the page's marked elements (`[data-s]`): the text, inner HTML or
 * alt text (as the token's letter says) of the first element in document order with the token.
 */
export function readFromDocument(doc: Document): (token: string) => string | undefined {
  const first = new Map<string, Element>();
  for (const el of doc.querySelectorAll('[data-s]')) {
    const token = el.getAttribute('data-s');
    if (token && !first.has(token)) first.set(token, el);
  }
  return (token) => {
    const el = first.get(token);
    const kind = kindOf(token);
    if (!el || !kind) return undefined;
    // Rich text: as RichText received it (its table wrappers undone).
    return (
      (kind === 't' ? el.textContent : kind === 'h' ? unwrapTables(el.innerHTML) : el.getAttribute('alt')) ?? undefined
    );
  };
}
