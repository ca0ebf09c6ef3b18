/**
 * Build manifests (spec sections 4 and 7): GET /builds/latest.json and /builds/meta/{buildId}.json,
 * written by the client build (see vite.config.ts); never cached, so clients notice new builds.
 */
import type { FastifyPluginCallback } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBuild } from '../ssr/assets';

/** The two manifest routes (encapsulated: routes and nothing else). */
export const buildManifests: FastifyPluginCallback<{ build: ClientBuild }> = (app, { build }, done) => {
  const startedAt = Date.now();
  const send = async (file: string, fallback: () => unknown) => {
    try {
      return JSON.parse(await readFile(path.join(build.dir, 'builds', file), 'utf8')) as unknown;
    } catch {
      return fallback();
    }
  };
  app.get('/builds/latest.json', async (_request, reply) => {
    const body = await send('latest.json', () => ({ id: build.buildId, timestamp: startedAt }));
    return reply.header('Cache-Control', 'no-cache, no-store').send(body);
  });
  app.get<{ Params: { file: string } }>('/builds/meta/:file', async (request, reply) => {
    const m = /^([A-Za-z0-9-]{1,64})\.json$/.exec(request.params.file);
    const body = m
      ? await send(`meta/${m[1]}.json`, () =>
          m[1] === build.buildId ? { id: build.buildId, timestamp: startedAt, matcher: {}, prerendered: [] } : null,
        )
      : null;
    if (!body) return reply.code(404).send({ error: 'Build not found' });
    return reply.header('Cache-Control', 'public, max-age=31536000, immutable').send(body);
  });
  done();
};
