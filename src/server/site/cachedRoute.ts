/**
 * Generated text resources (sitemap, feeds, robots.txt, OpenSearch) served through the page cache
 * like pages: stored once per encoding with strong ETags and Last-Modified, answered 304, cacheable
 * by a CDN for 60 s, and dropped when a content type they read changes (the store's change events,
 * every instance's in firebase mode). They do not depend on who asks, so signed-in staff get the
 * cached bytes too.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateEncoding, notModified, type CachedPage, type PageCache } from '../cache/pageCache';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../ssr/plugin';

export interface CachedRouteOptions {
  /** Fastify route path (may have parameters). */
  path: string;
  contentType: string;
  /** The content types the resource is made from (a change to one drops it). */
  reads: readonly string[];
  /** The resource's text, or null for a 404 (not cached). */
  render: (request: FastifyRequest) => Promise<string | null>;
}

function send(request: FastifyRequest, reply: FastifyReply, contentType: string, page: CachedPage, hit: boolean) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const variant = page.variants[encoding];
  reply
    .code(200)
    .header('Content-Type', contentType)
    .header('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL)
    .header('Vary', 'Accept-Encoding')
    .header('ETag', variant.etag)
    .header('Last-Modified', page.lastModified)
    .header('X-Page-Cache', hit ? 'hit' : 'miss');
  if (
    notModified(
      request.headers,
      Object.values(page.variants).map((v) => v.etag),
      page.modifiedMs,
    )
  )
    return reply.code(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(variant.body);
}

/** Registers a GET route whose answer is kept in the page cache under `res:{path without query}`. */
export function registerCachedRoute(app: FastifyInstance, cache: PageCache, options: CachedRouteOptions): void {
  app.get(options.path, async (request, reply) => {
    const key = `res:${request.url.split('?')[0]}`;
    const cached = cache.get(key);
    if (cached) return send(request, reply, options.contentType, cached, true);
    const since = cache.mark();
    const text = await options.render(request);
    if (text === null)
      return reply
        .code(404)
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=0, s-maxage=10')
        .send('Not Found');
    const page = await cache.store(key, 200, text, options.reads, since);
    return send(request, reply, options.contentType, page, false);
  });
}
