/**
 * Reads a server-rendered page as the browser entry does: its data block, and TanStack's dehydrated
 * react-query state in it (superjson, src/client/ssr/render.tsx), with the strings the state refers
 * to read back from the page's marked elements (src/client/lib/sharedStrings.ts), here from the
 * HTML text instead of a DOM.
 */
import type { DehydratedState } from '@tanstack/react-query';
import superjson, { type SuperJSONResult } from 'superjson';
import { unwrapTables } from '../../src/client/components/TableScroll';
import { canResolve, kindOf, marksOf, resolveStrings } from '../../src/client/lib/sharedStrings';
import { APP_DATA_ID, scriptJson } from '../../src/server/ssr/document';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&nbsp;': '\u00a0',
};

/**
 * Each element marked `data-s="{tokens}"`, in document order, once per token: the token, the
 * element's tag name, opening tag and inner HTML (elements nest properly in our markup).
 */
export function markedElements(html: string): Array<{ token: string; tag: string; open: string; inner: string }> {
  const out: Array<{ token: string; tag: string; open: string; inner: string }> = [];
  const open = /<([a-z][a-z0-9]*)\b[^>]*\sdata-s="([0-9a-z ]+)"[^>]*>/g;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const tag = m[1]!;
    const tokens = marksOf(m[2]!);
    if (tag === 'img') {
      for (const token of tokens) out.push({ token, tag, open: m[0], inner: '' });
      continue;
    }
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    tags.lastIndex = m.index + m[0].length;
    let depth = 1;
    let end = html.length;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        end = t.index;
        break;
      }
    }
    const inner = html.slice(m.index + m[0].length, end);
    for (const token of tokens) out.push({ token, tag, open: m[0], inner });
  }
  return out;
}

/** An element's text from its inner HTML (tags and comments dropped, entities decoded). */
function textOfInner(inner: string): string {
  return inner
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (e) => ENTITIES[e]!);
}

export interface PageData {
  /**
   * Bytes of the page's HTML without inlined stylesheets: the check is the same whether or not a
   * built client (whose CSS is inlined) is present, and the CSS only lowers the share.
   */
  bytes: number;
  /** Bytes of the state as embedded in the page. */
  stateBytes: number;
  /** The state with every reference resolved. */
  state: DehydratedState;
  /** Queries with a reference the page's markup cannot resolve (none expected). */
  unresolved: number;
}

export function readPage(html: string): PageData {
  const block = new RegExp(`<script type="application/json" id="${APP_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!block) throw new Error('no data block');
  const data = JSON.parse(block[1]!) as { state: DehydratedState };
  const marked = markedElements(html);
  const read = (token: string): string | undefined => {
    const el = marked.find((m) => m.token === token);
    const kind = kindOf(token);
    if (!el || !kind) return undefined;
    if (kind === 't') return textOfInner(el.inner);
    if (kind === 'h') return unwrapTables(el.inner);
    const attribute = kind === 'a' ? 'alt' : el.tag === 'img' ? 'src' : 'href';
    const value = new RegExp(` ${attribute}="([^"]*)"`).exec(el.open);
    return value ? textOfInner(value[1]!) : undefined;
  };
  const state = data.state;
  const resolved = resolveStrings(read);
  const resolve = (value: unknown) => superjson.deserialize(resolved(value) as SuperJSONResult);
  const queries = state.queries.filter((q) => canResolve(q.state.data, read));
  return {
    bytes: Buffer.byteLength(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')),
    stateBytes: Buffer.byteLength(scriptJson(data.state)),
    state: { ...state, queries: queries.map((q) => ({ ...q, state: { ...q.state, data: resolve(q.state.data) } })) },
    unresolved: state.queries.length - queries.length,
  };
}
