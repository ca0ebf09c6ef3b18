/** GET /v0/b/{bucket}/o?prefix=&delimiter=&pageToken=&maxResults=: a listing (as Cloud Storage's JSON). */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors';
import { AS_STORED, type StorageRouteContext } from './context';

/** Registers the listing endpoint. */
export function registerList(app: FastifyInstance, ctx: StorageRouteContext): void {
  app.get<{
    Params: { bucket: string };
    Querystring: { prefix?: string; delimiter?: string; pageToken?: string; maxResults?: string };
  }>('/v0/b/:bucket/o', AS_STORED, async (request, reply) => {
    const { prefix = '', delimiter = '', pageToken, maxResults } = request.query;
    ctx.check('list', prefix, await ctx.who(request));
    let max = 1000;
    if (maxResults !== undefined) {
      max = Number(maxResults);
      if (!Number.isInteger(max) || max < 1 || max > 1000)
        throw badRequest('maxResults must be an integer from 1 to 1000');
    }
    if (delimiter.length > 16) throw badRequest('delimiter is too long');
    try {
      const result = ctx.objects.list(request.params.bucket, {
        prefix,
        delimiter,
        pageToken: pageToken || undefined,
        maxResults: max,
      });
      return reply.header('Cache-Control', 'no-store').send(result);
    } catch (err) {
      if (err instanceof Error && err.message === 'Invalid page token') throw badRequest('Invalid pageToken');
      throw err;
    }
  });
}
