/**
 * Firebase-Storage-compatible endpoints, at the paths the firebase/storage SDK uses after
 * `connectStorageEmulator(storage, host, port)` (requests and answers as in the SDK's
 * `requests.ts` / `upload.ts`, and Cloud Storage for Firebase's JSON):
 *
 * GET    /v0/b/{bucket}/o/{name}                       metadata (JSON)
 * GET    /v0/b/{bucket}/o/{name}?alt=media[&token=…]    the bytes (Range, ETag, nosniff, sandbox CSP)
 *        …&width=480|720|960|1200|1600                 a resized WebP variant of a raster image
 * GET    /v0/b/{bucket}/o?prefix=&delimiter=&pageToken=&maxResults=   listing
 * POST   /v0/b/{bucket}/o?name=…                       multipart/related upload, or resumable start
 *        (X-Goog-Upload-Protocol: resumable, X-Goog-Upload-Command: start)
 * POST   {upload URL}  (…&upload_id=…)                  X-Goog-Upload-Command: query | upload |
 *        upload, finalize | finalize | cancel, with X-Goog-Upload-Offset
 * PATCH  /v0/b/{bucket}/o/{name}                       metadata update (metageneration + 1)
 * DELETE /v0/b/{bucket}/o/{name}                       204
 *
 * One module per endpoint under routes/ (download, list, upload with resumable, metadataUpdate,
 * delete; context.ts is what they share); this plugin sets up what they have in common.
 * Who may do what is decided by `rules.ts`; errors are sent as `errors.ts` describes. Bodies are
 * streamed (this plugin's only content-type parser hands the raw stream to the handler), never
 * buffered whole. Downloads are served so they cannot run as our origin: nosniff, a sandboxing CSP
 * (`default-src 'none'; sandbox`), and `attachment` unless the type is on inline.ts's allow-list
 * (raster images, PDF, archives, plain text/CSV) and the bytes really are of that type.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import { isDiskFullError } from '../diskFull';
import type { IdentityBackend } from '../identity/types';
import { badRequest, DiskFullError, sendStorageError, StorageHttpError } from './errors';
import { drainRequest } from './io';
import type { ObjectStore } from './objects';
import { storageRouteContext } from './routes/context';
import { registerDelete } from './routes/delete';
import { registerDownload } from './routes/download';
import { registerList } from './routes/list';
import { registerMetadataUpdate } from './routes/metadataUpdate';
import { registerUpload } from './routes/upload';
import { ImageVariants } from './variants';

export { PUBLIC_PREFIX } from './rules';
export { contentDispositionFor } from './routes/download';

export interface StorageRoutesOptions {
  objects: ObjectStore;
  identity: IdentityBackend;
  /**
   * Uses `firebase.storageBucket` (the only bucket accepting writes), the `storage.*` limits and
   * `publicUrl` (the scheme of upload URLs when requests come through the public host).
   */
  config: Pick<Config, 'firebase' | 'storage' | 'publicUrl'>;
  /** Objects that must stay as they are (a published dataset version's files): delete and overwrite get 403. */
  keep?: (name: string) => Promise<boolean>;
}

/** Registers the storage endpoints in their own encapsulated context (own body parser and error handler). */
export const storageRoutes: FastifyPluginAsync<StorageRoutesOptions> = async (app, opts) => {
  const { objects, identity, config } = opts;
  const bucketName = config.firebase.storageBucket;

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
  app.addHook('onRequest', (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    const repeated = Object.keys(query).find((key) => typeof query[key] !== 'string');
    done(repeated ? badRequest(`Query parameter '${repeated}' must be given once`) : undefined);
  });

  // Abandoned upload sessions: removed at start and then periodically.
  const ttl = config.storage.uploadSessionTtlMs;
  const sweep = () =>
    objects.uploads.sweep(ttl).catch((err: unknown) => app.log.warn({ err }, 'upload session sweep failed'));
  await sweep();
  const timer = setInterval(() => void sweep(), Math.max(10_000, Math.min(ttl / 4, 15 * 60_000)));
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    done();
  });

  const ctx = storageRouteContext({
    objects,
    identity,
    config,
    variants: new ImageVariants(objects, app.log),
    keep: opts.keep,
  });
  registerDownload(app, ctx);
  registerList(app, ctx);
  registerUpload(app, ctx);
  registerMetadataUpdate(app, ctx);
  registerDelete(app, ctx);
};
