/**
 * Turns head sources into tags: a JSON-LD block and `citation_*` meta per source, each marked with
 * `data-head` (the source's key) and `data-head-id` (its identity, headSourceId). The server imports
 * this for every render (client/ssr/render.tsx); the browser loads it lazily, only when a navigation brings a
 * source whose tags are not already in the head (useHeadSource), so the public bundle stays as it was.
 */
import { headSourceId, type HeadSource } from '../../../shared/head/sources';
import { signpostingLinks } from '../../../shared/head/signposting';
import type { HeadPart } from '../../../shared/head/tags';
import type { HeadContext } from '../../../shared/head/text';
import { citationMetaOf } from './citationMeta';
import { jsonLdOf } from './jsonLd';

export function buildHeadPart(key: string, source: HeadSource, ctx: HeadContext): HeadPart {
  const node = jsonLdOf(source, ctx);
  return {
    key,
    id: headSourceId(source),
    jsonLd: node ? JSON.stringify(node) : null,
    meta: citationMetaOf(source, ctx),
    links: signpostingLinks(source, ctx),
  };
}

/** Replaces the head's tags of `part.key` with the part's (browser only). */
export function applyHeadPart(part: HeadPart): void {
  for (const el of document.head.querySelectorAll(`[data-head="${part.key}"]`)) el.remove();
  const mark = (el: HTMLElement) => {
    el.dataset.head = part.key;
    el.dataset.headId = part.id;
    document.head.appendChild(el);
  };
  for (const tag of part.meta)
    mark(Object.assign(document.createElement('meta'), { name: tag.name, content: tag.content }));
  for (const link of part.links)
    mark(
      Object.assign(document.createElement('link'), {
        rel: link.rel,
        href: link.href,
        ...(link.type ? { type: link.type } : {}),
      }),
    );
  if (part.jsonLd)
    mark(Object.assign(document.createElement('script'), { type: 'application/ld+json', text: part.jsonLd }));
}
