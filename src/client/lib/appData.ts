/**
 * The page's data block: the server puts the configuration, the dehydrated react-query state and
 * react-router's hydration data into `<script type="application/json" id="__APP_DATA__">` (not
 * executed, so no inline script and no CSP nonce; the same bytes can be cached for everyone). The entries read it once, before anything else.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/publicConfig';

export interface AppData {
  config: PublicConfig;
  /** TanStack's dehydrated react-query state, each query's data as superjson's `{ json, meta }` (public pages). */
  state?: DehydratedState;
  /** react-router's hydration data (public pages). */
  router?: unknown;
  /** The texts the server formatted with Intl, key → text (public pages; shared/formattedTexts.ts). */
  texts?: Record<string, string>;
}

export function readAppData(): AppData {
  const el = document.getElementById('__APP_DATA__');
  const data = JSON.parse(el?.textContent || '{}') as AppData;
  // Read by createBrowserRouter (react-router's parseHydrationData, which also revives errors).
  if (data.router) (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData = data.router;
  return data;
}
