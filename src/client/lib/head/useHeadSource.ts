/**
 * Declares a head source (structured data, citation meta) for the page being rendered. On the server
 * it goes into the render's head collector (turned into tags by client/ssr/render.tsx); in the browser, after
 * a navigation, the tags of `key` are rebuilt when the source's identity differs from the tags in the
 * head (so hydration loads nothing) and removed when the component goes away.
 */
import { useEffect, useRef } from 'react';
import type { HeadTags } from '../../../shared/head/tags';
import { useSite } from '../../app/site';
import { canonicalUrl } from './canonical';
import { headSourceId, type HeadSource } from '../../../shared/head/sources';

/** Puts a source into the server render's collector (a per-render sink, written during render). */
function collect(head: HeadTags, key: string, source: HeadSource): void {
  head.sources[key] = source;
}

export function useHeadSource(key: string, source: HeadSource | null): void {
  const site = useSite();
  const id = source ? headSourceId(source) : '';
  if (site.head && source) collect(site.head, key, source);
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });
  const origin = site.config.origin;
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    if (document.head.querySelector(`[data-head="${key}"]`)?.getAttribute('data-head-id') !== id) {
      import('./build')
        .then(({ applyHeadPart, buildHeadPart }) => {
          const current = latest.current;
          if (live && current)
            applyHeadPart(buildHeadPart(key, current, { origin, url: canonicalUrl(origin, window.location) }));
        })
        .catch((error: unknown) => console.warn('head tags not updated', error));
    }
    return () => {
      live = false;
      for (const el of document.head.querySelectorAll(`[data-head="${key}"]`)) el.remove();
    };
  }, [key, id, origin]);
}

/**
 * The browser's side of a head part only the server writes (a page's `serverHead`): nothing to build,
 * but the part goes when the page does, so a client navigation does not carry it to the next page.
 */
export function useServerHead(key: string): void {
  useEffect(
    () => () => {
      for (const el of document.head.querySelectorAll(`[data-head="${key}"]`)) el.remove();
    },
    [key],
  );
}
