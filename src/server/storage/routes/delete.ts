/** DELETE /v0/b/{bucket}/o/{name}: removes the object (204; 403 for a kept one, a published dataset version's file). */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors';
import { AS_STORED, objectName, type ObjectParams, type StorageRouteContext } from './context';

/** Registers the delete endpoint. */
export function registerDelete(app: FastifyInstance, ctx: StorageRouteContext): void {
  app.delete<{ Params: ObjectParams }>('/v0/b/:bucket/o/:name', AS_STORED, async (request, reply) => {
    const { bucket } = request.params;
    ctx.writableBucket(bucket);
    const name = objectName(request.params.name);
    ctx.check('delete', name, await ctx.who(request));
    await ctx.refuseKept(name);
    if (!(await ctx.objects.deleteObject(bucket, name))) throw notFound(`Object '${name}' does not exist.`);
    return reply.code(204).send();
  });
}
