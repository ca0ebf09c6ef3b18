/**
 * Reads a server-rendered page as the browser entry does: its data block, and TanStack's dehydrated
 * react-query state in it (superjson, src/client/ssr/render.tsx).
 */
import type { DehydratedState } from '@tanstack/react-query';
import superjson, { type SuperJSONResult } from 'superjson';
import { APP_DATA_ID, scriptJson } from '../../src/server/ssr/document';

export interface PageData {
  /**
   * Bytes of the page's HTML without inlined stylesheets: the check is the same whether or not a
   * built client (whose CSS is inlined) is present, and the CSS only lowers the share.
   */
  bytes: number;
  /** Bytes of the state as embedded in the page. */
  stateBytes: number;
  state: DehydratedState;
}

export function readPage(html: string): PageData {
  const block = new RegExp(`<script type="application/json" id="${APP_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  if (!block) throw new Error('no data block');
  const data = JSON.parse(block[1]!) as { state: SuperJSONResult };
  return {
    bytes: Buffer.byteLength(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')),
    stateBytes: Buffer.byteLength(scriptJson(data.state)),
    state: superjson.deserialize<DehydratedState>(data.state),
  };
}
