/**
 * Firebase-Storage-compatible endpoints, at the paths the firebase/storage SDK uses after
 * `connectStorageEmulator(storage, host, port)` (requests and answers as in the SDK's
 * `requests.ts` / `upload.ts`, and Cloud Storage for Firebase's JSON):
 *
 * GET    /v0/b/{bucket}/o/{name}                       metadata (JSON)
 * GET    /v0/b/{bucket}/o/{name}?alt=media[&token=…]    the bytes (Range, ETag, nosniff, sandbox CSP)
 *        …&width=480|960|1600                          a resized WebP variant of a raster image
 * GET    /v0/b/{bucket}/o?prefix=&delimiter=&pageToken=&maxResults=   listing
 * POST   /v0/b/{bucket}/o?name=…                       multipart/related upload, or resumable start
 *        (X-Goog-Upload-Protocol: resumable, X-Goog-Upload-Command: start)
 * POST   {upload URL}  (…&upload_id=…)                  X-Goog-Upload-Command: query | upload |
 *        upload, finalize | finalize | cancel, with X-Goog-Upload-Offset
 * PATCH  /v0/b/{bucket}/o/{name}                       metadata update (metageneration + 1)
 * DELETE /v0/b/{bucket}/o/{name}                       204
 *
 * Who may do what is decided by `rules.ts`; errors are sent as `errors.ts` describes. Bodies are
 * streamed (this plugin's only content-type parser hands the raw stream to the handler), never
 * buffered whole. Downloads are served so they cannot run as our origin: nosniff, a sandboxing CSP
 * (`default-src 'none'; sandbox`), and `attachment` unless the type is on inline.ts's allow-list
 * (raster images, PDF, archives, plain text/CSV) and the bytes really are of that type.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { IdentityBackend } from '../identity/types';
import { isDiskFullError } from '../diskFull';
import { badRequest, DiskFullError, notFound, sendStorageError, StorageHttpError } from './errors';
import { bodyChunks, drainRequest, readText, writeAll } from './io';
import { parseMetadataJson, parseWritableMetadata, type WritableMetadata } from './metadata';
import { MultipartRelatedReader, relatedBoundary } from './multipart';
import { DEFAULT_CONTENT_TYPE, normaliseObjectName, type ObjectMetadata, type ObjectStore } from './objects';
import { mayServeInline, servesInline, SIGNATURE_BYTES } from './inline';
import { parseByteRange } from './range';
import { authorize, requesterFrom, type Requester, type StorageAction } from './rules';
import { IMAGE_WIDTHS, type ImageWidth } from '../../shared/images';
import type { UploadSession } from './uploads';
import { ImageVariants } from './variants';

export { PUBLIC_PREFIX } from './rules';

/** Largest JSON body (metadata) accepted, bytes. */
const JSON_LIMIT = 64 * 1024;

/**
 * The Content-Disposition of a download. `inline`: whether it may be shown in place (see
 * inline.ts); then the object's stored disposition is used when it has one. Otherwise it is an
 * attachment: the stored disposition if that already says `attachment`, else one named after
 * the last segment of the object name (RFC 5987 `filename*`).
 */
export function contentDispositionFor(name: string, inline: boolean, stored?: string): string {
  const fileName = name.split('/').pop() ?? 'file';
  if (stored && (inline || /^\s*attachment\s*(;|$)/i.test(stored))) return stored;
  return `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(fileName)}`;
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

export interface StorageRoutesOptions {
  objects: ObjectStore;
  identity: IdentityBackend;
  /**
   * Uses `firebase.storageBucket` (the only bucket accepting writes), the `storage.*` limits and
   * `publicUrl` (the scheme of upload URLs when requests come through the public host).
   */
  config: Pick<Config, 'firebase' | 'storage' | 'publicUrl'>;
}

type ObjectParams = { bucket: string; name: string };

/**
 * Route options of every storage route: stored bytes are sent as they are (@fastify/compress would
 * gzip application/octet-stream downloads, and Range offsets must refer to the stored bytes) and
 * uploads are stored as sent (no request decompression).
 */
const AS_STORED = { compress: false, decompress: false } as const;

/** The object name of a request, normalised; 400 when it is refused (`..`, absolute, too long…). */
function objectName(raw: string | undefined): string {
  const name = raw === undefined ? null : normaliseObjectName(raw);
  if (!name) throw badRequest(`Invalid object name: ${JSON.stringify((raw ?? '').slice(0, 200))}`);
  return name;
}

function deny(decision: ReturnType<typeof authorize>): void {
  if (!decision.allow) throw new StorageHttpError(decision.status, decision.message);
}

/** Registers the storage endpoints in their own encapsulated context (own body parser and error handler). */
export const storageRoutes: FastifyPluginAsync<StorageRoutesOptions> = async (app, opts) => {
  const { objects, identity, config } = opts;
  const bucketName = config.firebase.storageBucket;
  const variants = new ImageVariants(objects, app.log);

  // Every body reaches the handlers as the raw stream: uploads are streamed to disk, JSON bodies
  // are read with a small limit by the handler itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    drainRequest(request.body as Readable | undefined);
    if (error instanceof StorageHttpError) return sendStorageError(reply, error.status, error.message);
    if (isDiskFullError(error)) {
      // Nothing was published (see objects.ts / uploads.ts); the operator must free space.
      request.log.error({ err: error }, 'storage write failed: the disk is full');
      const full = new DiskFullError(bucketName);
      return sendStorageError(reply, full.status, full.message);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'storage request failed');
    return sendStorageError(reply, status, status >= 500 ? 'Internal storage error' : error.message);
  });

  // Every query parameter of these endpoints is single-valued; `?name=a&name=b` is refused.
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown>;
    const repeated = Object.keys(query).find((key) => typeof query[key] !== 'string');
    if (repeated) throw badRequest(`Query parameter '${repeated}' must be given once`);
  });

  // Abandoned upload sessions: removed at start and then periodically.
  const ttl = config.storage.uploadSessionTtlMs;
  const sweep = () => objects.uploads.sweep(ttl).catch((err: unknown) => app.log.warn({ err }, 'upload session sweep failed'));
  await sweep();
  const timer = setInterval(sweep, Math.max(10_000, Math.min(ttl / 4, 15 * 60_000)));
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  /**
   * The origin for upload URLs: the request's, except that a request to PUBLIC_URL's host gets
   * PUBLIC_URL's scheme (an https site behind a proxy that does not forward the scheme must not
   * hand the browser an http upload URL, which it would block as mixed content).
   */
  const publicOrigin = new URL(config.publicUrl);
  const originOf = (request: FastifyRequest) =>
    publicOrigin.host === request.host ? publicOrigin.origin : `${request.protocol}://${request.host}`;

  const who = (request: FastifyRequest): Promise<Requester> => requesterFrom(request.headers.authorization, identity);

  /** Writes go to the configured bucket only. */
  const writableBucket = (bucket: string) => {
    if (bucket !== bucketName) throw notFound(`Bucket '${bucket}' does not exist.`);
  };

  const check = (action: StorageAction, path: string, requester: Requester) => deny(authorize({ action, path, requester }));

  // ---- read: metadata, download, variants -------------------------------------------------------
  app.get<{ Params: ObjectParams; Querystring: { alt?: string; token?: string; width?: string } }>('/v0/b/:bucket/o/:name', AS_STORED, async (request, reply) => {
    const { bucket } = request.params;
    const name = objectName(request.params.name);
    const media = request.query.alt === 'media';
    const requester = await who(request);
    const meta = await objects.getMetadata(bucket, name);
    const tokenOk = media && !!meta && !!request.query.token && meta.downloadTokens.split(',').includes(request.query.token);
    const decision = authorize({ action: 'read', path: name, requester, downloadToken: tokenOk });
    deny(decision);
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
  });

  // ---- list -------------------------------------------------------------------------------------
  app.get<{ Params: { bucket: string }; Querystring: { prefix?: string; delimiter?: string; pageToken?: string; maxResults?: string } }>(
    '/v0/b/:bucket/o',
    AS_STORED,
    async (request, reply) => {
      const { prefix = '', delimiter = '', pageToken, maxResults } = request.query;
      check('list', prefix, await who(request));
      let max = 1000;
      if (maxResults !== undefined) {
        max = Number(maxResults);
        if (!Number.isInteger(max) || max < 1 || max > 1000) throw badRequest('maxResults must be an integer from 1 to 1000');
      }
      if (delimiter.length > 16) throw badRequest('delimiter is too long');
      try {
        const result = objects.list(request.params.bucket, { prefix, delimiter, pageToken: pageToken || undefined, maxResults: max });
        return reply.header('Cache-Control', 'no-store').send(result);
      } catch (err) {
        if (err instanceof Error && err.message === 'Invalid page token') throw badRequest('Invalid pageToken');
        throw err;
      }
    },
  );

  // ---- uploads ----------------------------------------------------------------------------------
  app.post<{ Params: { bucket: string }; Querystring: { name?: string; upload_id?: string } }>('/v0/b/:bucket/o', AS_STORED, async (request, reply) => {
    const { bucket } = request.params;
    writableBucket(bucket);
    if (request.query.upload_id !== undefined) return uploadCommand(request, reply, request.query.upload_id);
    const protocol = String(request.headers['x-goog-upload-protocol'] ?? '').toLowerCase();
    const command = String(request.headers['x-goog-upload-command'] ?? '').toLowerCase();
    if (protocol === 'resumable' && command === 'start') return startResumable(request, reply, bucket);
    const boundary = relatedBoundary(request.headers['content-type']);
    if (boundary) return multipartUpload(request, reply, bucket, boundary);
    throw badRequest('Unsupported upload: send multipart/related or start a resumable upload');
  });

  const maxObjectBytes = config.storage.maxObjectBytes;
  const tooLarge = (size: number) =>
    new StorageHttpError(413, `Object too large: ${size} bytes; the maximum object size is ${maxObjectBytes} bytes`);

  async function multipartUpload(request: FastifyRequest<{ Querystring: { name?: string } }>, reply: FastifyReply, bucket: string, boundary: string) {
    const name = objectName(request.query.name);
    check('write', name, await who(request));
    const declared = Number(request.headers['content-length'] ?? NaN);
    // The body also holds the metadata part and the delimiters; allow for them before refusing early.
    if (Number.isFinite(declared) && declared > maxObjectBytes + JSON_LIMIT + 1024) throw tooLarge(declared);

    const reader = new MultipartRelatedReader(boundary, JSON_LIMIT);
    const hash = createHash('md5');
    let size = 0;
    async function* file(): AsyncGenerator<Buffer> {
      for await (const chunk of reader.file(bodyChunks(request.body as Readable))) {
        size += chunk.length;
        if (size > maxObjectBytes) throw tooLarge(size);
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
      if (metadata.md5Hash && metadata.md5Hash !== md5Hash) throw badRequest(`MD5 mismatch: the client sent ${metadata.md5Hash}, the server computed ${md5Hash}`);
      const meta = await objects.commitFile({ bucket, name, file: tmp, size, md5Hash, metadata, quotaBytes: config.storage.quotaBytes });
      return reply.header('Cache-Control', 'no-store').send(meta);
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  async function startResumable(request: FastifyRequest<{ Querystring: { name?: string } }>, reply: FastifyReply, bucket: string) {
    const requester = await who(request);
    const metadata = parseMetadataJson(await readText(request.body as Readable | undefined, JSON_LIMIT));
    const name = objectName(request.query.name ?? metadata.name);
    check('write', name, requester);
    const lengthHeader = String(request.headers['x-goog-upload-header-content-length'] ?? '');
    if (!/^\d{1,16}$/.test(lengthHeader)) throw badRequest('X-Goog-Upload-Header-Content-Length must give the upload size in bytes');
    const totalSize = Number(lengthHeader);
    if (totalSize > maxObjectBytes) throw tooLarge(totalSize);
    objects.checkQuota(bucket, name, totalSize, config.storage.quotaBytes);
    const headerType = request.headers['x-goog-upload-header-content-type'];
    const declaredType = typeof headerType === 'string' ? parseWritableMetadata({ contentType: headerType }).contentType : undefined;
    const stored: WritableMetadata = { ...metadata, contentType: metadata.contentType || declaredType || DEFAULT_CONTENT_TYPE };
    delete stored.name;
    const uid = requester.kind === 'user' ? requester.user.uid : '';
    const session = await objects.uploads.create({ bucket, name, uid, totalSize, metadata: stored });
    const url =
      `${originOf(request)}/v0/b/${encodeURIComponent(bucket)}/o?name=${encodeURIComponent(name)}` +
      `&uploadType=resumable&upload_id=${session.id}&upload_protocol=resumable`;
    return reply
      .header('X-Goog-Upload-Status', 'active')
      .header('X-Goog-Upload-URL', url)
      .header('X-Goog-Upload-Chunk-Granularity', '262144')
      .header('X-GUploader-UploadID', session.id)
      .header('Cache-Control', 'no-store')
      .send();
  }

  function sendStatus(reply: FastifyReply, status: 'active' | 'final', received: number, meta?: ObjectMetadata) {
    reply.header('X-Goog-Upload-Status', status).header('X-Goog-Upload-Size-Received', String(received)).header('Cache-Control', 'no-store');
    return meta ? reply.send(meta) : reply.send();
  }

  async function finalAnswer(reply: FastifyReply, session: UploadSession, body: Readable | undefined) {
    drainRequest(body);
    const meta = await objects.getMetadata(session.bucket, session.name);
    if (!meta || meta.generation !== session.generation) throw notFound(`Object '${session.name}' has changed since this upload finished.`);
    return sendStatus(reply, 'final', session.totalSize, meta);
  }

  async function uploadCommand(request: FastifyRequest, reply: FastifyReply, id: string) {
    const found = objects.uploads.get(id);
    if (!found || found.bucket !== (request.params as { bucket: string }).bucket) throw notFound('Upload session not found or expired.');
    const requester = await who(request);
    check('write', found.name, requester);
    if (requester.kind !== 'user' || requester.user.uid !== found.uid) {
      throw new StorageHttpError(403, 'This upload session belongs to another user.');
    }
    const commands = String(request.headers['x-goog-upload-command'] ?? '')
      .toLowerCase()
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    if (!commands.length || !commands.every((c) => ['query', 'upload', 'finalize', 'cancel'].includes(c))) {
      throw badRequest('X-Goog-Upload-Command must be query, upload, finalize, "upload, finalize" or cancel');
    }
    return objects.uploads.withLock(id, () =>
      sessionCommand(id, commands, request, reply).catch(async (err: unknown) => {
        // The SDK does not retry the 402 a full disk gets, so the session is over: free its bytes.
        if (isDiskFullError(err)) await objects.uploads.remove(id).catch(() => {});
        throw err;
      }),
    );
  }

  /** Runs the commands of one request on an upload session (under its lock). */
  async function sessionCommand(id: string, commands: string[], request: FastifyRequest, reply: FastifyReply) {
    const body = request.body as Readable | undefined;
    const session = objects.uploads.get(id);
    if (!session) throw notFound('Upload session not found or expired.');
    if (commands.includes('cancel')) {
      drainRequest(body);
      await objects.uploads.remove(id);
      return reply.header('X-Goog-Upload-Status', 'cancelled').header('Cache-Control', 'no-store').send();
    }
    if (commands.includes('query')) {
      drainRequest(body);
      if (session.state === 'final') return sendStatus(reply, 'final', session.totalSize);
      return sendStatus(reply, 'active', await objects.uploads.reconcile(session));
    }
    if (session.state === 'final') return finalAnswer(reply, session, body);
    if (commands.includes('upload')) {
      const offset = String(request.headers['x-goog-upload-offset'] ?? '');
      if (!/^\d{1,16}$/.test(offset)) throw badRequest('X-Goog-Upload-Offset must give the byte offset of the chunk');
      await objects.uploads.append(session, Number(offset), body ? bodyChunks(body) : emptyBody());
    }
    if (!commands.includes('finalize')) return sendStatus(reply, 'active', session.received);
    drainRequest(body);
    const meta = await objects.uploads.finalize(session, config.storage.quotaBytes);
    return sendStatus(reply, 'final', session.totalSize, meta);
  }

  // ---- metadata update and delete ---------------------------------------------------------------
  app.patch<{ Params: ObjectParams }>('/v0/b/:bucket/o/:name', AS_STORED, async (request, reply) => {
    const { bucket } = request.params;
    writableBucket(bucket);
    const name = objectName(request.params.name);
    check('write', name, await who(request));
    const patch = parseMetadataJson(await readText(request.body as Readable | undefined, JSON_LIMIT));
    delete patch.name;
    delete patch.md5Hash;
    const meta = await objects.updateMetadata(bucket, name, patch);
    if (!meta) throw notFound(`Object '${name}' does not exist.`);
    return reply.header('Cache-Control', 'no-store').send(meta);
  });

  app.delete<{ Params: ObjectParams }>('/v0/b/:bucket/o/:name', AS_STORED, async (request, reply) => {
    const { bucket } = request.params;
    writableBucket(bucket);
    const name = objectName(request.params.name);
    check('delete', name, await who(request));
    if (!(await objects.deleteObject(bucket, name))) throw notFound(`Object '${name}' does not exist.`);
    return reply.code(204).send();
  });
};

async function* emptyBody(): AsyncGenerator<Buffer> {}

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
  const inline = variant ? true : mayServeInline(contentType) && servesInline(contentType, await readHead(file, SIGNATURE_BYTES));
  reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', variant ? contentDispositionFor(variant.fileName, true) : contentDispositionFor(meta.name, inline, meta.contentDisposition))
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
    reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`).header('Content-Length', range.end - range.start + 1);
    return reply.send(createReadStream(file, range));
  }
  reply.header('Content-Length', size);
  return reply.send(createReadStream(file));
}
