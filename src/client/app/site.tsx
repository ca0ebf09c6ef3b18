/**
 * Per-render site facts: the public configuration, whether the visitor is a bot, the render's
 * formatted texts (lib/formats.ts) and (server only) the collector the page's <PageMeta> writes its
 * head tags into.
 */
import { createContext, useContext } from 'react';
import type { FormattedTexts } from '../../shared/formattedTexts';
import type { HeadTags } from '../../shared/head/tags';
import type { PublicConfig } from '../../shared/publicConfig';

export interface SiteContextValue {
  config: PublicConfig;
  isBot: boolean;
  /** Present during the server render only. */
  head?: HeadTags;
  /** The texts formatted with Intl: recorded by the server render, handed over to hydration. */
  texts?: FormattedTexts;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() outside <SiteContext>');
  return value;
}
