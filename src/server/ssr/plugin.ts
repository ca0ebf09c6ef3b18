/**
 * Server rendering of every public page: GET requests no other route claims are rendered by the
 * client's renderer (`client/ssr`, the one seam to client code) with an in-process tRPC client (`serverClient.ts`: the same procedures the
 * browser calls over HTTP, called directly), then wrapped in the HTML document.
 *
 * Every render reads through the read cache (`readCache.ts`: shared procedure answers kept until
 * the types they read change). Anonymous pages go through the page cache (`cache/pageCache.ts`): a hit is answered from memory in the
 * encoding the client accepts, without rendering; a miss renders, stores and answers. Cached pages
 * carry a strong ETag per encoding and Last-Modified, uncached ones (compressed per request) a weak
 * ETag; both are answered 304 to a matching conditional request. Signed-in
 * staff (a `__session` cookie) and previews (`?preview=`) are never served from nor stored in the
 * cache and get `private, no-cache`.
 *
 * Pages with a form that works without JavaScript (a react-router action, e.g. the book order) also
 * take POST with an `application/x-www-form-urlencoded` body at their own path: the render runs the
 * action, whose redirect is answered as is (303, post/redirect/get) and whose page (errors, the
 * entered values) is never cached (`no-store`). Cross-site posts are refused before this by the
 * cross-site guard.
 */
import type { FastifyInstance, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { createRenderer, FORM_POST_PATHS, PAGE_QUERY_PARAMS } from '../../client/ssr';
import type { PublicConfig } from '../../shared/publicConfig';
import { isBotUserAgent } from '../../shared/routes';
import { SESSION_COOKIE } from '../http/session';
import { sameSiteLocation } from '../http/safePath';
import type { ChangeEvent } from '../store/port';
import { appRouter } from '../trpc/appRouter';
import type { createContextFactory } from '../trpc/context';
import { ADMIN_ENTRY, PUBLIC_ENTRY, type ClientBuild } from './assets';
import { adminDocument, htmlDocument } from './document';
import { linkHeader } from '../../shared/head/signposting';
import type { ReadCache } from './readCache';
import { createServerClient } from './serverClient';
import {
  negotiateEncoding,
  notModified,
  PageCache,
  pageCacheKey,
  pageUrl,
  perRequestBody,
  weakEtag,
  type CachedPage,
} from '../cache/pageCache';

/** Route paths of the pages that take a posted form (POST is allowed there by the request guard). */
export { FORM_POST_PATHS };
/** Largest posted form accepted. */
const FORM_BODY_LIMIT = 32 * 1024;

/** Anonymous pages: the browser revalidates every time, a shared cache (Firebase Hosting's CDN) keeps them 60 s. */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
/** 404 pages: kept by shared caches only briefly. */
export const NOT_FOUND_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';
/** Pages for signed-in staff and previews. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';

export interface SsrOptions {
  build: ClientBuild;
  createContext: ReturnType<typeof createContextFactory>;
  publicConfig: (request: FastifyRequest) => PublicConfig;
  /** The page cache. */
  pageCache: PageCache;
  /** The read cache of shared procedure answers. */
  readCache: ReadCache;
  /** Source of content change events (the store's `onChange`; in firebase mode the change feed every instance sees). */
  changes?: { onChange(listener: (event: ChangeEvent) => void): () => void };
  /** Called once per render (tests count renders with it). */
  onRender?: (url: string) => void;
  /** Files at page addresses (e.g. `/conf/:id/abstracts.pdf`); where `serve` answers false, the page (its 404). */
  pageFiles?: PageFile[];
}

/** A file served at a page address: `serve` sends it and answers true, or answers false to leave it to the page. */
export interface PageFile {
  path: string;
  serve: (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

/** Whether the address asks for a preview (`?preview=…`: staff see drafts and scheduled documents). */
export function isPreviewRequest(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return query != null && typeof query === 'object' && Object.hasOwn(query, 'preview');
}

/** Whether a request must bypass the page cache: a session cookie (staff) or a preview. */
export function bypassesPageCache(request: FastifyRequest): boolean {
  return Boolean(request.cookies?.[SESSION_COOKIE]) || isPreviewRequest(request);
}

/**
 * The public pages and the admin's shell, as an encapsulated Fastify plugin (`app.register(ssrPages,
 * options)`): GET (and, for pages with a form, POST) of every path no other route claims.
 */
export const ssrPages: FastifyPluginCallback<SsrOptions> = (app, options, done) => {
  registerPublicPages(app, options);
  registerAdminShell(app, options);
  done();
};

/** A rendered page: its document, status and whether a bot asked; or the redirect a loader threw. */
type RenderedPage =
  | { redirect: string; status: number }
  | { html: string; status: number; isBot: boolean; redirect?: undefined; link?: string };

/** A posted form, as the urlencoded body arrived. */
type PostedForm = { body: string; contentType: string };

type RenderPage = (
  request: FastifyRequest,
  url: string,
  reads: Set<string>,
  form?: PostedForm,
) => Promise<RenderedPage>;

function registerPublicPages(app: FastifyInstance, options: SsrOptions): void {
  if (!options.build.built)
    app.log.warn('No built client found: pages are rendered without scripts (run `npm run build`).');
  const { pageCache, readCache } = options;
  const unsubscribe = options.changes?.onChange((event) => {
    readCache.invalidateType(event.collection);
    pageCache.invalidateType(event.collection);
  });
  if (unsubscribe) app.addHook('onClose', () => unsubscribe());
  const renderPage = pageRenderer(options);
  const handler = pageHandler(pageCache, renderPage);
  app.get('/*', handler);
  app.get('/', handler);
  for (const file of options.pageFiles ?? [])
    app.get(file.path, async (request, reply) =>
      (await file.serve(request, reply)) ? reply : handler(request, reply),
    );
  registerFormPosts(app, renderPage);
}

/**
 * Renders `url` (the request's, or its cache key's: only the parameters pages read) into the HTML
 * document, with an in-process tRPC client whose context records what the render reads.
 */
function pageRenderer(options: SsrOptions): RenderPage {
  const assets = options.build.entry(PUBLIC_ENTRY, { inlineCss: true });
  const render = createRenderer();
  return async (request, url, reads, form) => {
    options.onRender?.(url);
    const config = options.publicConfig(request);
    const trpcClient = createServerClient({
      router: appRouter,
      createContext: () => options.createContext({ req: request, render: { readCache: options.readCache, reads } }),
    });
    const result = await render({
      url: `${config.origin}${url}`,
      trpcClient,
      config,
      userAgent: request.headers['user-agent'],
      form,
    });
    if (result.kind === 'redirect')
      return { redirect: sameSiteLocation(result.location, config.origin), status: result.status };
    if (result.status >= 500) {
      for (const err of result.errors)
        request.log.error({ err, url: request.url, bot: result.isBot }, 'page render failed');
    }
    const html = htmlDocument({
      head: result.head,
      appHtml: result.appHtml,
      state: result.state,
      router: result.router,
      texts: result.texts,
      config,
      assets,
      // A preview is never indexed, whatever it shows.
      noindex: isPreviewRequest(request),
      priorityImage: result.priorityImage,
    });
    // FAIR signposting: the head's typed links again as a Link header (kept with a cached page).
    const links = result.status === 200 ? result.head.parts.flatMap((p) => p.links) : [];
    return { html, status: result.status, isBot: result.isBot, ...(links.length ? { link: linkHeader(links) } : {}) };
  };
}

/** GET of a page: from the page cache when anonymous, else rendered (and stored when it may be). */
function pageHandler(cache: PageCache, renderPage: RenderPage) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const personal = bypassesPageCache(request);
    const bypass = personal || !cache.enabled;
    // Only the query parameters pages read make a page (utm_*, fbclid… neither split nor bypass the
    // cache), and an anonymous page is rendered from that address, so a hit is what a render gives.
    const url = bypass ? request.url : pageUrl(request.url, PAGE_QUERY_PARAMS);
    // Bots get an empty error page where people get the error screen: their pages are kept apart.
    const key = bypass ? '' : pageCacheKey(url, isBotUserAgent(request.headers['user-agent']) ? 'bot' : '');
    if (!bypass) {
      const page = cache.get(key);
      if (page) return sendCached(request, reply, page, true);
    }
    const reads = new Set<string>();
    const since = cache.mark();
    const out = await renderPage(request, url, reads);
    if (out.redirect !== undefined) return reply.redirect(out.redirect, out.status);
    const setsCookie = reply.getHeader('set-cookie') !== undefined;
    if (!bypass && (out.status === 200 || out.status === 404) && !setsCookie) {
      const page = await cache.store(
        key,
        out.status,
        out.html,
        reads,
        since,
        out.link ? { Link: out.link } : undefined,
      );
      return sendCached(request, reply, page, false);
    }
    const cacheState = personal ? 'bypass' : !cache.enabled ? 'off' : 'uncacheable';
    return sendRendered(request, reply, out, { private: personal || setsCookie, cacheState });
  };
}

/** A page from the cache (or just stored in it), in the best accepted encoding; 304 when it matches. */
function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedPage, hit: boolean) {
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const variant = page.variants[encoding];
  reply
    .code(page.status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', page.status === 200 ? PUBLIC_PAGE_CACHE_CONTROL : NOT_FOUND_CACHE_CONTROL)
    .header('Vary', 'Accept-Encoding')
    .header('ETag', variant.etag)
    .header('Last-Modified', page.lastModified)
    .header('X-Page-Cache', hit ? 'hit' : 'miss');
  for (const [name, value] of Object.entries(page.headers ?? {})) reply.header(name, value);
  const etags = Object.values(page.variants).map((v) => v.etag);
  if (page.status === 200 && notModified(request.headers, etags, page.modifiedMs)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(variant.body);
}

/**
 * A page rendered for this request only (staff, previews, errors, renders that set a cookie):
 * compressed per request, so its tag is weak (the bytes sent depend on the encoding).
 */
function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  out: { html: string; status: number; link?: string },
  opts: { private: boolean; cacheState: string },
) {
  const cacheControl = opts.private
    ? PRIVATE_PAGE_CACHE_CONTROL
    : out.status === 200
      ? PUBLIC_PAGE_CACHE_CONTROL
      : out.status === 404
        ? NOT_FOUND_CACHE_CONTROL
        : 'no-cache';
  reply
    .code(out.status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', cacheControl)
    .header('X-Page-Cache', opts.cacheState)
    .header('Vary', 'Accept-Encoding');
  if (isPreviewRequest(request)) reply.header('X-Robots-Tag', 'noindex, nofollow');
  if (out.link) reply.header('Link', out.link);
  const body = perRequestBody(out.html, request.headers['accept-encoding']);
  if (out.status === 200) {
    reply.header('ETag', body.etag);
    if (notModified({ 'if-none-match': request.headers['if-none-match'] }, [body.etag], null))
      return reply.code(304).send();
  }
  if (body.encoding) reply.header('Content-Encoding', body.encoding);
  return reply.send(body.body);
}

/** POST of a form to the pages that take one, without JavaScript: rendered every time, never cached. */
function registerFormPosts(app: FastifyInstance, renderPage: RenderPage): void {
  const postHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers['content-type'] ?? '')) {
      return reply
        .code(415)
        .header('Cache-Control', 'no-store')
        .send({ error: 'Expected an application/x-www-form-urlencoded form', statusCode: 415 });
    }
    const body = typeof request.body === 'string' ? request.body : '';
    const out = await renderPage(request, request.url, new Set(), {
      body,
      contentType: 'application/x-www-form-urlencoded',
    });
    reply.header('Cache-Control', 'no-store').header('X-Page-Cache', 'bypass');
    if (out.redirect !== undefined) return reply.redirect(out.redirect, out.status);
    return reply.code(out.status).header('Content-Type', 'text/html; charset=utf-8').send(out.html);
  };
  void app.register((scope, _opts, registered) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    for (const path of FORM_POST_PATHS) scope.post(path, postHandler);
    registered();
  });
}

/** The admin's single-page shell at /edit/admin and below (rendered in the browser). */
function registerAdminShell(app: FastifyInstance, options: SsrOptions): void {
  const adminAssets = options.build.entry(ADMIN_ENTRY);
  const adminShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = adminDocument({ config: options.publicConfig(request), assets: adminAssets });
    const etag = weakEtag(html); // gzipped per request by @fastify/compress
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Robots-Tag', 'noindex')
      .header('ETag', etag);
    if (notModified({ 'if-none-match': request.headers['if-none-match'] }, [etag], null)) return reply.code(304).send();
    return reply.send(html);
  };
  app.get('/edit/admin', adminShell);
  app.get('/edit/admin/*', adminShell);
}
