/**
 * The static files: the content-hashed /assets of the client build, and the root files (icons,
 * manifest, share image, robots.txt) from the build, or straight from the sources when running
 * unbuilt (npm run dev, tests), so pages never link to a missing icon.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ClientBuild } from '../ssr/assets';

const strongEtags: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && etag.startsWith('W/"') && reply.getHeader('last-modified') !== undefined)
      reply.header('etag', etag.slice(2));
    return payload;
  });
  done();
};

/**
 * Makes the validators of static files strong: @fastify/send tags a file `W/"{size}-{mtime}"`; the
 * files under /assets are written once per build under content-hashed names (each encoding a file of
 * its own), so size and time identify their bytes and the tag is sent strong (as nginx does).
 * send's own If-None-Match check accepts both forms, so 304s keep working. Register it only in the
 * scope of the /assets static files: other static files are not content-addressed (fastify-plugin,
 * so its hook applies to the scope it is registered in).
 */
export const strongStaticEtags = fp(strongEtags, { name: 'strong-static-etags' });

/** /assets with strong ETags, in a scope of their own (root files keep send's weak tags). */
const builtAssets: FastifyPluginAsync<{ dir: string }> = async (app, { dir }) => {
  await app.register(strongStaticEtags);
  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/assets/',
    wildcard: false,
    // Source maps are built ('hidden', vite.config.ts) for error tracking, never served.
    globIgnore: ['**/*.map'],
    allowedPath: (pathname) => !pathname.toLowerCase().endsWith('.map'),
    immutable: true,
    maxAge: '365d',
    preCompressed: true, // .br (quality 11) and .gz written by the build (vite.config.ts)
    decorateReply: false,
  });
};

/** The static files' routes (encapsulated: routes and nothing else outside /assets' own scope). */
export const staticFiles: FastifyPluginAsync<{ build: ClientBuild }> = async (app, { build }) => {
  if (build.built) await app.register(builtAssets, { dir: build.dir });
  const staticRoot = build.built ? path.join(build.dir, 'static') : path.resolve('src/client/static');
  if (existsSync(staticRoot)) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      prefix: '/',
      wildcard: false,
      maxAge: '1d',
      preCompressed: build.built,
      decorateReply: false,
    });
  }
};
