/**
 * Firebase-Storage-compatible read endpoints (the storage issue adds uploads, updates and deletes):
 * GET /v0/b/{bucket}/o/{name}           -> object metadata (JSON, as Cloud Storage for Firebase)
 * GET /v0/b/{bucket}/o/{name}?alt=media -> the bytes; a valid `token` is required unless public.
 * Downloads are served so they cannot run as our origin: nosniff, a sandboxing CSP, and
 * `attachment` for active types (HTML, SVG, XML, JavaScript).
 */
import type { FastifyInstance } from 'fastify';
import { parseByteRange } from './range';
import type { ObjectStore } from './objects';

/** Objects anyone may read by name (seeded and published files). */
export const PUBLIC_PREFIX = 'public/';

const ACTIVE_TYPES = /html|svg|xml|javascript|ecmascript/i;

function storageError(code: number, message: string) {
  return { error: { code, message } };
}

export function contentDispositionFor(name: string, contentType: string, stored?: string): string {
  const fileName = name.split('/').pop() ?? 'file';
  if (stored && !ACTIVE_TYPES.test(contentType)) return stored;
  const disposition = ACTIVE_TYPES.test(contentType) ? 'attachment' : 'inline';
  return `${disposition}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerStorageReadRoutes(app: FastifyInstance, objects: ObjectStore): void {
  app.get<{ Params: { bucket: string; name: string }; Querystring: { alt?: string; token?: string } }>(
    '/v0/b/:bucket/o/:name',
    async (request, reply) => {
      const { bucket, name } = request.params;
      const meta = await objects.getMetadata(bucket, name);
      const tokens = meta?.downloadTokens.split(',') ?? [];
      const tokenOk = !!request.query.token && tokens.includes(request.query.token);
      const readable = name.startsWith(PUBLIC_PREFIX) || tokenOk;
      if (!meta) return reply.code(404).send(storageError(404, 'Not Found.'));
      if (!readable) {
        return reply.code(403).send(storageError(403, 'Permission denied. Could not perform this operation'));
      }
      if (request.query.alt !== 'media') return reply.send(meta);

      const size = Number(meta.size);
      const etag = `"${meta.md5Hash}"`;
      reply
        .header('Content-Type', meta.contentType)
        .header('Content-Disposition', contentDispositionFor(meta.name, meta.contentType, meta.contentDisposition))
        .header('Cache-Control', meta.cacheControl ?? 'private, max-age=0')
        .header('ETag', etag)
        .header('Accept-Ranges', 'bytes')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox");
      if (meta.contentEncoding) reply.header('Content-Encoding', meta.contentEncoding);
      if (meta.contentLanguage) reply.header('Content-Language', meta.contentLanguage);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const range = parseByteRange(request.headers.range, size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('Content-Range', `bytes */${size}`).send();
      }
      if (range) {
        reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`).header('Content-Length', range.end - range.start + 1);
        return reply.send(objects.openRead(meta, range));
      }
      reply.header('Content-Length', size);
      return reply.send(objects.openRead(meta));
    },
  );
}
