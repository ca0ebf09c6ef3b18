/**
 * POST /v0/b/{bucket}/o?name=…: a multipart/related upload (metadata part and bytes, streamed to
 * a temporary file and committed whole), or the start of a resumable upload (resumable.ts), or,
 * with `upload_id`, a command on a resumable upload session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { badRequest } from '../errors';
import { bodyChunks, writeAll } from '../io';
import { parseMetadataJson } from '../metadata';
import { MultipartRelatedReader, relatedBoundary } from '../multipart';
import { DEFAULT_CONTENT_TYPE } from '../objects';
import { AS_STORED, JSON_LIMIT, objectName, type StorageRouteContext } from './context';
import { resumableUploads } from './resumable';

/** Registers the upload endpoint (multipart, resumable start, resumable session commands). */
export function registerUpload(app: FastifyInstance, ctx: StorageRouteContext): void {
  const resumable = resumableUploads(ctx);
  app.post<{ Params: { bucket: string }; Querystring: { name?: string; upload_id?: string } }>(
    '/v0/b/:bucket/o',
    AS_STORED,
    async (request, reply) => {
      const { bucket } = request.params;
      ctx.writableBucket(bucket);
      if (request.query.upload_id !== undefined) return resumable.command(request, reply, request.query.upload_id);
      const protocol = String(request.headers['x-goog-upload-protocol'] ?? '').toLowerCase();
      const command = String(request.headers['x-goog-upload-command'] ?? '').toLowerCase();
      if (protocol === 'resumable' && command === 'start') return resumable.start(request, reply, bucket);
      const boundary = relatedBoundary(request.headers['content-type']);
      if (boundary) return multipartUpload(ctx, request, reply, bucket, boundary);
      throw badRequest('Unsupported upload: send multipart/related or start a resumable upload');
    },
  );
}

/** Stores a multipart/related upload: the bytes are hashed and counted as they arrive, then committed as the object. */
async function multipartUpload(
  ctx: StorageRouteContext,
  request: FastifyRequest<{ Querystring: { name?: string } }>,
  reply: FastifyReply,
  bucket: string,
  boundary: string,
) {
  const { objects, config } = ctx;
  const maxObjectBytes = config.storage.maxObjectBytes;
  const name = objectName(request.query.name);
  ctx.check('write', name, await ctx.who(request));
  await ctx.refuseKept(name);
  const declared = Number(request.headers['content-length'] ?? NaN);
  // The body also holds the metadata part and the delimiters; allow for them before refusing early.
  if (Number.isFinite(declared) && declared > maxObjectBytes + JSON_LIMIT + 1024) throw ctx.tooLarge(declared);

  const reader = new MultipartRelatedReader(boundary, JSON_LIMIT);
  const hash = createHash('md5');
  let size = 0;
  async function* file(): AsyncGenerator<Buffer> {
    for await (const chunk of reader.file(bodyChunks(request.body as Readable))) {
      size += chunk.length;
      if (size > maxObjectBytes) throw ctx.tooLarge(size);
      hash.update(chunk);
      yield chunk;
    }
  }
  await objects.io.mkdir(objects.uploadsDir);
  const tmp = path.join(objects.uploadsDir, `mp-${randomUUID()}`);
  try {
    await writeAll(file(), tmp, { start: 0, flags: 'w', io: objects.io });
    const metadata = parseMetadataJson(reader.metadataText ?? '');
    metadata.contentType = metadata.contentType || reader.fileContentType || DEFAULT_CONTENT_TYPE;
    const md5Hash = hash.digest('base64');
    if (metadata.md5Hash && metadata.md5Hash !== md5Hash)
      throw badRequest(`MD5 mismatch: the client sent ${metadata.md5Hash}, the server computed ${md5Hash}`);
    const meta = await objects.commitFile({
      bucket,
      name,
      file: tmp,
      size,
      md5Hash,
      metadata,
      quotaBytes: config.storage.quotaBytes,
    });
    return reply.header('Cache-Control', 'no-store').send(meta);
  } finally {
    await fs.rm(tmp, { force: true });
  }
}
