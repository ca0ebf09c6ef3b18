/** The <link> tags every public page carries for the site's feeds and its OpenSearch description. */
import { escapeHtml } from '../http/escapeHtml';
import { SITE_FEEDS } from './feeds';

/** `rel="alternate"` Atom feeds and `rel="search"` OpenSearch, with absolute addresses from PUBLIC_URL. */
export function siteHeadLinks(origin: string): string {
  return [
    `<link rel="search" type="application/opensearchdescription+xml" title="УкрГМІ" href="${escapeHtml(`${origin}/opensearch.xml`)}">`,
    ...SITE_FEEDS.map(
      (f) =>
        `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(f.title)}" href="${escapeHtml(origin + f.path)}">`,
    ),
  ].join('\n');
}
