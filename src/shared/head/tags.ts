/**
 * What a server render collects for the document's head, shared by the client (PageMeta,
 * useHeadSource and the render entry fill it) and the server (ssr/document.ts writes it out).
 */
import type { LinkTag } from './signposting';
import type { HeadSource } from './sources';

/** The image a page is shared with (og:image): an absolute URL, its size when known, and its alt text. */
export interface ShareImage {
  url: string;
  width: number | null;
  height: number | null;
  alt: string;
}

/** One `<meta name content>` tag (the `citation_*` meta). */
export interface MetaTag {
  name: string;
  content: string;
}

/** The tags of one head source: a JSON-LD block and meta, marked with the source's key and identity. */
export interface HeadPart {
  key: string;
  id: string;
  /** The JSON-LD document as JSON text (not yet escaped for HTML), or null. */
  jsonLd: string | null;
  meta: MetaTag[];
  /** Typed links (FAIR signposting), also sent as the page's `Link` header. */
  links: LinkTag[];
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
  /** Structured-data and citation sources by key (see sources.ts). */
  sources: Record<string, HeadSource>;
  /** The sources' tags, built by the server render (client/ssr/render.tsx) after rendering. */
  parts: HeadPart[];
}
