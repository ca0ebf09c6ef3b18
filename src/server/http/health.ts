/**
 * GET /api/health: the container's health check (Dockerfile HEALTHCHECK, Cloud Run probes).
 *
 * It reads one document through the document store port (the header singleton), so it fails when
 * the SQLite file or Firestore cannot be read, not only when the process is up. Answers
 * 200 `{ status: 'ok' }` or 503 `{ status: 'unavailable' }` (the error is logged, never sent), and is
 * never cached.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { DocumentStore } from '../store/port';

export const HEALTH_PATH = '/api/health';

/** The health check route (encapsulated: it adds a route and nothing else). */
export const healthCheck: FastifyPluginCallback<{ store: Pick<DocumentStore, 'get'> }> = (app, { store }, done) => {
  app.get(HEALTH_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await store.get('header', 'header');
      return { status: 'ok' };
    } catch (err) {
      request.log.error({ err }, 'health check: the document store cannot be read');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  done();
};
