/**
 * Per-render site facts: the public configuration, whether the visitor is a bot, and (server only)
 * the collector the page's <PageMeta> writes its head tags into.
 */
import { createContext, useContext } from 'react';
import type { HeadPart } from '../lib/head/build';
import type { HeadSource } from '../lib/head/sources';
import type { PublicConfig } from '../lib/publicConfig';

/** The image a page is shared with (og:image): an absolute URL, its size when known, and its alt text. */
export interface ShareImage {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

/** What a render collects for the document's head (PageMeta and useHeadSource fill it). */
export interface HeadTags {
  /** The <title>: at most 60 characters, the site's short name included. */
  title: string;
  description: string;
  canonical: string;
  /** og:title: the page's own title, whole. */
  ogTitle: string;
  ogType: 'website' | 'article';
  image: ShareImage;
  /** Structured-data and citation sources by key (see lib/head/sources.ts). */
  sources: Record<string, HeadSource>;
  /** The sources' tags, built by entry-server after the render. */
  parts: HeadPart[];
}

export interface SiteContextValue {
  config: PublicConfig;
  isBot: boolean;
  /** Present during the server render only. */
  head?: HeadTags;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() outside <SiteContext>');
  return value;
}
