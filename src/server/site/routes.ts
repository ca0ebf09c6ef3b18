/**
 * The site's generated resources (site/): /sitemap.xml and its parts, /robots.txt, /opensearch.xml
 * and the Atom feeds, each kept in the page cache and dropped when a type it reads changes.
 */
import type { FastifyPluginCallback } from 'fastify';
import { siteTypes } from '../../shared/content/places';
import type { ContentService } from '../content/service';
import type { PageCache } from '../cache/pageCache';
import { registerCachedRoute } from './cachedRoute';
import { SITE_FEEDS, SiteFeeds } from './feeds';
import { openSearchXml, robotsTxt } from './opensearch';
import { Sitemap, SITEMAP_LIMIT } from './sitemap';

export interface SiteResourceOptions {
  cache: PageCache;
  content: ContentService;
  /** PUBLIC_URL: every address in these resources is absolute. */
  origin: string;
  /** Addresses per sitemap file (tests lower it to see the index). */
  sitemapLimit?: number;
}

/** The generated resources' routes (encapsulated: routes and nothing else). */
export const siteResources: FastifyPluginCallback<SiteResourceOptions> = (app, options, done) => {
  const { cache, content, origin } = options;
  const limit = options.sitemapLimit ?? SITEMAP_LIMIT;
  const allTypes = siteTypes().map((t) => t.key);
  const xml = 'application/xml; charset=utf-8';

  registerCachedRoute(app, cache, {
    path: '/sitemap.xml',
    contentType: xml,
    reads: allTypes,
    render: () => new Sitemap(content, origin, limit).root(),
  });
  registerCachedRoute(app, cache, {
    path: '/sitemap-:part(^\\d{1,6}).xml',
    contentType: xml,
    reads: allTypes,
    render: (request) => new Sitemap(content, origin, limit).part(Number((request.params as { part: string }).part)),
  });
  registerCachedRoute(app, cache, {
    path: '/robots.txt',
    contentType: 'text/plain; charset=utf-8',
    reads: [],
    render: () => Promise.resolve(robotsTxt(origin)),
  });
  registerCachedRoute(app, cache, {
    path: '/opensearch.xml',
    contentType: 'application/opensearchdescription+xml; charset=utf-8',
    reads: [],
    render: () => Promise.resolve(openSearchXml(origin)),
  });
  const feeds = new SiteFeeds(content, origin);
  for (const spec of SITE_FEEDS) {
    registerCachedRoute(app, cache, {
      path: spec.path,
      contentType: 'application/atom+xml; charset=utf-8',
      reads: spec.types,
      render: () => feeds.atom(spec),
    });
  }
  done();
};
