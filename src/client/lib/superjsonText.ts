/**
 * superjson's text of a value (`{"json": …}`, what `superjson.parse`/`deserialize` read), made with
 * one JSON.stringify when the value is plain JSON: the dehydrated react-query state of a page is
 * strings, numbers, booleans, null, arrays and plain objects, and superjson's own walk (it copies
 * the value while looking for Dates, Maps, undefined…) took about 5× longer (issue 13: the server
 * render's hot spots). Anything plain JSON cannot carry as it is (undefined, a non-finite number, a
 * BigInt, an object with another prototype: Date, Map, Set, RegExp, Error…) goes through superjson.
 */
import superjson from 'superjson';

export function superjsonText(value: unknown): string {
  let plain = true;
  const json = JSON.stringify(value, function (this: Record<string, unknown>, key, replaced: unknown) {
    if (!plain) return null; // the text is thrown away: superjson writes it
    const raw = this[key];
    if (raw === undefined || typeof raw === 'bigint' || (typeof raw === 'number' && !Number.isFinite(raw)))
      plain = false;
    else if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      const proto = Object.getPrototypeOf(raw) as unknown;
      if (proto !== Object.prototype && proto !== null) plain = false;
    }
    return plain ? replaced : null;
  });
  return plain ? `{"json":${json}}` : superjson.stringify(value);
}

/** superjson's text of a value known to be plain JSON (no walk at all: one JSON.stringify). */
export function plainSuperjsonText(value: unknown): string {
  return `{"json":${JSON.stringify(value)}}`;
}
