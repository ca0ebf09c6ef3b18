/**
 * Declares a head source (structured data, citation meta) for the page being rendered. On the server
 * it goes into the render's head collector (turned into tags by entry-server); in the browser, after
 * a navigation, the tags of `key` are rebuilt when the source's identity differs from the tags in the
 * head (so hydration loads nothing) and removed when the component goes away.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../../app/site';
import { canonicalUrl } from './canonical';
import { headSourceId, type HeadSource } from './sources';

export function useHeadSource(key: string, source: HeadSource | null): void {
  const site = useSite();
  const location = useLocation();
  const id = source ? headSourceId(source) : '';
  if (site.head && source) site.head.sources[key] = source;
  const latest = useRef({ source, url: '' });
  latest.current = { source, url: canonicalUrl(site.config.origin, location) };
  useEffect(() => {
    if (!id) return undefined;
    let live = true;
    if (document.head.querySelector(`[data-head="${key}"]`)?.getAttribute('data-head-id') !== id) {
      import('./build')
        .then(({ applyHeadPart, buildHeadPart }) => {
          const { source: current, url } = latest.current;
          if (live && current) applyHeadPart(buildHeadPart(key, current, { origin: site.config.origin, url }));
        })
        .catch((error: unknown) => console.warn('head tags not updated', error));
    }
    return () => {
      live = false;
      for (const el of document.head.querySelectorAll(`[data-head="${key}"]`)) el.remove();
    };
  }, [key, id, site.config.origin]);
}
