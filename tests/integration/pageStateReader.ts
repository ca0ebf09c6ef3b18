/**
 * Reads a server-rendered page as the browser entry does: its data block, and the packed
 * react-query state unpacked with the strings read back from the page's marked elements
 * (src/client/lib/pageState.ts), here from the HTML text instead of a DOM.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { SuperJSONResult } from 'superjson';
import { unwrapTables } from '../../src/client/components/TableScroll';
import { unpackPageState } from '../../src/client/lib/pageState';
import { kindOf } from '../../src/client/lib/sharedStrings';
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
 * Each element marked `data-s="{token}"`, in document order: its token, opening tag and inner HTML
 * (elements nest properly in our markup).
 */
export function markedElements(html: string): Array<{ token: string; open: string; inner: string }> {
  const out: Array<{ token: string; open: string; inner: string }> = [];
  const open = /<([a-z][a-z0-9]*)\b[^>]*\sdata-s="([0-9a-z]+)"[^>]*>/g;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const tag = m[1]!;
    if (tag === 'img') {
      out.push({ token: m[2]!, open: m[0], inner: '' });
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
    out.push({ token: m[2]!, open: m[0], inner: html.slice(m.index + m[0].length, end) });
  }
  return out;
}

/** An element's text from its inner HTML (tags and React's text separators dropped, entities decoded). */
function textOfInner(inner: string): string {
  return inner
    .replace(/<!-- -->/g, '')
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
  state: DehydratedState;
  /** Queries whose references could not be resolved (none expected). */
  unresolved: number;
  packedQueries: number;
}

export function readPage(html: string): PageData {
  const block = new RegExp(`<script type="application/json" id="${APP_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!block) throw new Error('no data block');
  const data = JSON.parse(block[1]!) as { state: SuperJSONResult & { json: { q: unknown[] } } };
  const marked = markedElements(html);
  const read = (token: string): string | undefined => {
    const el = marked.find((m) => m.token === token);
    const kind = kindOf(token);
    if (!el || !kind) return undefined;
    if (kind === 't') return textOfInner(el.inner);
    if (kind === 'h') return unwrapTables(el.inner);
    const alt = / alt="([^"]*)"/.exec(el.open);
    return alt ? textOfInner(alt[1]!) : undefined;
  };
  const state = unpackPageState(data.state, read);
  const packedQueries = data.state.json.q.length;
  return {
    bytes: Buffer.byteLength(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')),
    stateBytes: Buffer.byteLength(scriptJson(data.state)),
    state,
    unresolved: packedQueries - state.queries.length,
    packedQueries,
  };
}
