/** XML text escaping for the generated resources (sitemap, OpenSearch). */

/** Text or an attribute value safe inside XML (the five predefined entities). */
export function xmlEscape(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
