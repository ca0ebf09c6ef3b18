/**
 * GET /api/health: the container's health check (Dockerfile HEALTHCHECK, Cloud Run probes).
 *
 * It reads one document through the document store port (the header singleton), so it fails when
 * the SQLite file or Firestore cannot be read, not only when the process is up. Answers
 * 200 `{ status: 'ok' }` or 503 `{ status: 'unavailable' }` (the error is logged, never sent), and is
 * never cached.
 */
import type { FastifyInstance } from 'fastify';
import type { DocumentStore } from '../store/port';

export const HEALTH_PATH = '/api/health';

export function registerHealthCheck(app: FastifyInstance, store: Pick<DocumentStore, 'get'>): void {
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
}
