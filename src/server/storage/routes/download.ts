/**
 * GET /v0/b/{bucket}/o/{name}: the metadata (JSON), or with `alt=media[&token=…]` the bytes (Range,
 * ETag, nosniff, sandbox CSP), or with `…&width=480|720|960|1200|1600` a resized WebP variant of a raster
 * image. Downloads are served so they cannot run as our origin: nosniff, a sandboxing CSP
 * (`default-src 'none'; sandbox`), and `attachment` unless the type is on inline.ts's allow-list
 * (raster images, PDF, archives, plain text/CSV) and the bytes really are of that type.
 */
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { dispositionFileName } from '../../../shared/contentDisposition';
import { IMAGE_WIDTHS, type ImageWidth } from '../../../shared/images';
import { badRequest, notFound } from '../errors';
import { mayServeInline, servesInline, SIGNATURE_BYTES } from '../inline';
import type { ObjectMetadata } from '../metadata';
import type { ObjectStore } from '../objects';
import { parseByteRange } from '../range';
import { authorize } from '../rules';
import { AS_STORED, deny, objectName, type ObjectParams, type StorageRouteContext } from './context';

/**
 * The Content-Disposition of a download. `inline`: whether it may be shown in place (see
 * inline.ts); then the object's stored disposition is used when it has one. Otherwise it is an
 * attachment: the stored disposition if that already says `attachment`, else one named after the
 * stored disposition's file name (the uploaded file's, shared/contentDisposition.ts) or the last
 * segment of the object name (content-disposition: RFC 6266, with RFC 8187's `filename*` for non-ASCII).
 */
export function contentDispositionFor(name: string, inline: boolean, stored?: string): string {
  if (stored && (inline || /^\s*attachment\s*(;|$)/i.test(stored))) return stored;
  const fileName = dispositionFileName(stored) ?? name.split('/').pop() ?? 'file';
  return contentDisposition(fileName, { type: inline ? 'inline' : 'attachment' });
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Registers the metadata and download endpoint. */
export function registerDownload(app: FastifyInstance, ctx: StorageRouteContext): void {
  const { objects, variants } = ctx;
  app.get<{ Params: ObjectParams; Querystring: { alt?: string; token?: string; width?: string } }>(
    '/v0/b/:bucket/o/:name',
    AS_STORED,
    async (request, reply) => {
      const { bucket } = request.params;
      const name = objectName(request.params.name);
      const media = request.query.alt === 'media';
      const requester = await ctx.who(request);
      const meta = await objects.getMetadata(bucket, name);
      const tokenOk =
        media && !!meta && !!request.query.token && meta.downloadTokens.split(',').includes(request.query.token);
      deny(authorize({ action: 'read', path: name, requester, downloadToken: tokenOk }));
      if (!meta) throw notFound(`Object '${name}' does not exist.`);
      if (!media) return reply.header('Cache-Control', 'no-store').send(meta);

      if (request.query.width !== undefined) {
        const width = Number(request.query.width) as ImageWidth;
        if (!IMAGE_WIDTHS.includes(width)) throw badRequest(`width must be one of ${IMAGE_WIDTHS.join(', ')}`);
        const variant = await variants.variantFile(meta, width);
        if (variant) {
          return sendBytes(request, reply, objects, meta, {
            file: variant,
            size: (await fs.stat(variant)).size,
            contentType: 'image/webp',
            etag: `"${meta.md5Hash}-w${width}"`,
            fileName: `${meta.name.replace(/\.[^./]*$/, '')}-${width}.webp`,
          });
        }
      }
      return sendBytes(request, reply, objects, meta, null);
    },
  );
}

/**
 * Streams an object's bytes (or, with `variant`, a derived file such as a resized image) with the
 * download headers, ETag revalidation (304) and single byte ranges (206/416, RFC 9110).
 */
async function sendBytes(
  request: FastifyRequest,
  reply: FastifyReply,
  objects: ObjectStore,
  meta: ObjectMetadata,
  variant: { file: string; size: number; contentType: string; etag: string; fileName: string } | null,
) {
  const file = variant?.file ?? objects.blobFile(meta);
  const size = variant?.size ?? Number(meta.size);
  const contentType = variant?.contentType ?? meta.contentType;
  const etag = variant?.etag ?? `"${meta.md5Hash}"`;
  // Our own WebP variants are images; a stored object is inline only if its bytes match its type.
  const inline = variant
    ? true
    : mayServeInline(contentType) && servesInline(contentType, await readHead(file, SIGNATURE_BYTES));
  reply
    .header('Content-Type', contentType)
    .header(
      'Content-Disposition',
      variant
        ? contentDispositionFor(variant.fileName, true)
        : contentDispositionFor(meta.name, inline, meta.contentDisposition),
    )
    .header('Cache-Control', meta.cacheControl ?? 'private, max-age=0')
    .header('ETag', etag)
    .header('Accept-Ranges', 'bytes')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox");
  if (meta.contentEncoding && !variant) reply.header('Content-Encoding', meta.contentEncoding);
  if (meta.contentLanguage) reply.header('Content-Language', meta.contentLanguage);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const range = parseByteRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${size}`).send();
  }
  if (range) {
    reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', range.end - range.start + 1);
    return reply.send(createReadStream(file, range));
  }
  reply.header('Content-Length', size);
  return reply.send(createReadStream(file));
}
