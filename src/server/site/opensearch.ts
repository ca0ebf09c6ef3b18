/** robots.txt and the OpenSearch description, from PUBLIC_URL. */
import { xmlEscape } from './xml';

/**
 * robots.txt: the admin, the API and search results stay out of crawlers, except the citation and
 * DataCite records the pages' signposting `describedby` links point to; the sitemap is named.
 */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /api/cite/',
    'Allow: /api/datacite/',
    'Disallow: /edit/',
    'Disallow: /api/',
    'Disallow: /search',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
    '# DCAT-AP 3 catalogue of the data repository (Turtle, JSON-LD)',
    `# ${origin}/data_repo/catalog.ttl`,
    `# ${origin}/data_repo/catalog.jsonld`,
    '',
  ].join('\n');
}

/** The OpenSearch 1.1 description of the site search (browsers offer it as a search engine). */
export function openSearchXml(origin: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
<ShortName>УкрГМІ</ShortName>
<Description>Пошук на сайті Українського гідрометеорологічного інституту</Description>
<InputEncoding>UTF-8</InputEncoding>
<Language>uk</Language>
<Image height="16" width="16" type="image/x-icon">${xmlEscape(`${origin}/favicon.ico`)}</Image>
<Url type="text/html" method="get" template="${xmlEscape(`${origin}/search?q={searchTerms}`)}"/>
<Url type="application/opensearchdescription+xml" rel="self" template="${xmlEscape(`${origin}/opensearch.xml`)}"/>
</OpenSearchDescription>
`;
}
