/** PATCH /v0/b/{bucket}/o/{name}: a metadata update (metageneration + 1). */
import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import { notFound } from '../errors';
import { readText } from '../io';
import { parseMetadataJson } from '../metadata';
import { AS_STORED, JSON_LIMIT, objectName, type ObjectParams, type StorageRouteContext } from './context';

/** Registers the metadata update endpoint. */
export function registerMetadataUpdate(app: FastifyInstance, ctx: StorageRouteContext): void {
  app.patch<{ Params: ObjectParams }>('/v0/b/:bucket/o/:name', AS_STORED, async (request, reply) => {
    const { bucket } = request.params;
    ctx.writableBucket(bucket);
    const name = objectName(request.params.name);
    ctx.check('write', name, await ctx.who(request));
    const patch = parseMetadataJson(await readText(request.body as Readable | undefined, JSON_LIMIT));
    delete patch.name;
    delete patch.md5Hash;
    const meta = await ctx.objects.updateMetadata(bucket, name, patch);
    if (!meta) throw notFound(`Object '${name}' does not exist.`);
    return reply.header('Cache-Control', 'no-store').send(meta);
  });
}
