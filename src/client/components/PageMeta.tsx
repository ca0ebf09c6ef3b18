/**
 * Sets the page's <title>, meta description and canonical link. On the server it fills the render's
 * head collector (read after renderToString); in the browser it updates document.head.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '../app/site';

export const SITE_SHORT_NAME = 'УкрГМІ';
export const SITE_DEFAULT_DESCRIPTION =
  'Український гідрометеорологічний інститут ДСНС України та НАН України: наукові дослідження клімату, гідрології, агрометеорології та стану довкілля.';

export function pageTitle(title: string): string {
  return title ? `${title} — ${SITE_SHORT_NAME}` : `${SITE_SHORT_NAME} — Український гідрометеорологічний інститут`;
}

/** Collapses whitespace and cuts a description to about 160 characters at a word boundary. */
export function metaDescription(text: string | undefined): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim() || SITE_DEFAULT_DESCRIPTION;
  if (clean.length <= 160) return clean;
  const cut = clean.slice(0, 157);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120))}…`;
}

function setHeadElement(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

export function PageMeta({ title, description }: { title: string; description?: string }) {
  const site = useSite();
  const location = useLocation();
  const page = new URLSearchParams(location.search).get('page');
  const canonical = `${site.config.origin}${location.pathname}${page && page !== '1' ? `?page=${page}` : ''}`;
  const fullTitle = pageTitle(title);
  const desc = metaDescription(description);
  if (site.head) {
    site.head.title = fullTitle;
    site.head.description = desc;
    site.head.canonical = canonical;
  }
  useEffect(() => {
    document.title = fullTitle;
    setHeadElement('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }), 'content', desc);
    setHeadElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', canonical);
  }, [fullTitle, desc, canonical]);
  return null;
}
