/**
 * Server rendering of every public page: GET requests no other route claims are rendered by the
 * client's entry-server with an in-process tRPC client (tRPC's localLink: the same procedures the
 * browser calls over HTTP), then wrapped in the HTML document.
 */
import { createTRPCClient, unstable_localLink } from '@trpc/client';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import superjson from 'superjson';
import { render } from '../../client/entry-server';
import type { PublicConfig } from '../../client/lib/publicConfig';
import { appRouter, type AppRouter } from '../trpc/appRouter';
import type { createContextFactory } from '../trpc/context';
import { scriptNonce } from '../http/csp';
import { sameSiteLocation } from '../http/safePath';
import { ADMIN_ENTRY, PUBLIC_ENTRY, type ClientBuild } from './assets';
import { adminDocument, htmlDocument } from './document';

export interface SsrOptions {
  build: ClientBuild;
  createContext: ReturnType<typeof createContextFactory>;
  publicConfig: (request: FastifyRequest) => PublicConfig;
}

export function registerSsr(app: FastifyInstance, options: SsrOptions): void {
  const assets = options.build.entry(PUBLIC_ENTRY);
  if (!options.build.built) app.log.warn('No built client found: pages are rendered without scripts (run `npm run build`).');

  const handler = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const config = options.publicConfig(request);
    const trpcClient = createTRPCClient<AppRouter>({
      links: [
        unstable_localLink({
          router: appRouter,
          createContext: () => options.createContext({ req: request }),
          transformer: superjson,
        }),
      ],
    });
    const nonce = scriptNonce(reply);
    const result = await render({
      url: `${config.origin}${request.url}`,
      trpcClient,
      config,
      userAgent: request.headers['user-agent'],
      nonce,
    });
    if (result.kind === 'redirect') return reply.redirect(sameSiteLocation(result.location, config.origin), result.status);
    if (result.status >= 500) {
      for (const err of result.errors) request.log.error({ err, url: request.url, bot: result.isBot }, 'page render failed');
    }
    return reply
      .code(result.status)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(htmlDocument({ head: result.head, appHtml: result.appHtml, state: result.state, config, assets, nonce }));
  };

  app.get('/*', handler);
  app.get('/', handler);

  const adminAssets = options.build.entry(ADMIN_ENTRY);
  const adminShell = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const nonce = scriptNonce(reply);
    return reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Robots-Tag', 'noindex')
      .send(adminDocument({ config: options.publicConfig(request), assets: adminAssets, nonce }));
  };
  app.get('/edit/admin', adminShell);
  app.get('/edit/admin/*', adminShell);
}
