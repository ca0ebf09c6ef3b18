/**
 * What every storage endpoint shares: the object store, the limits, who is asking (rules.ts), the
 * object name of a request, the writable bucket and the origin of upload URLs. Built once per
 * server by the plugin (../routes.ts) and handed to each endpoint's module.
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { IdentityBackend } from '../../identity/types';
import { badRequest, notFound, StorageHttpError } from '../errors';
import { normaliseObjectName, type ObjectStore } from '../objects';
import { authorize, requesterFrom, type Requester, type StorageAction } from '../rules';
import type { ImageVariants } from '../variants';

/** Largest JSON body (metadata) accepted, bytes. */
export const JSON_LIMIT = 64 * 1024;

/**
 * Route options of every storage route: stored bytes are sent as they are (@fastify/compress would
 * gzip application/octet-stream downloads, and Range offsets must refer to the stored bytes) and
 * uploads are stored as sent (no request decompression).
 */
export const AS_STORED = { compress: false, decompress: false } as const;

export type ObjectParams = { bucket: string; name: string };

/** The object name of a request, normalised; 400 when it is refused (`..`, absolute, too long…). */
export function objectName(raw: string | undefined): string {
  const name = raw === undefined ? null : normaliseObjectName(raw);
  if (!name) throw badRequest(`Invalid object name: ${JSON.stringify((raw ?? '').slice(0, 200))}`);
  return name;
}

/** Throws the status and message of a refusal of the rules. */
export function deny(decision: ReturnType<typeof authorize>): void {
  if (!decision.allow) throw new StorageHttpError(decision.status, decision.message);
}

/** The services and helpers of the storage endpoints. */
export interface StorageRouteContext {
  objects: ObjectStore;
  /** Uses `firebase.storageBucket`, the `storage.*` limits and `publicUrl`. */
  config: Pick<Config, 'firebase' | 'storage' | 'publicUrl'>;
  variants: ImageVariants;
  /** Who sent the request (its bearer token, verified). */
  who(request: FastifyRequest): Promise<Requester>;
  /** Throws when the rules refuse `action` on `path` to `requester`. */
  check(action: StorageAction, path: string, requester: Requester): void;
  /** Throws 404 unless `bucket` is the configured one (the only bucket accepting writes). */
  writableBucket(bucket: string): void;
  /**
   * The origin for upload URLs: the request's, except that a request to PUBLIC_URL's host gets
   * PUBLIC_URL's scheme (an https site behind a proxy that does not forward the scheme must not
   * hand the browser an http upload URL, which it would block as mixed content).
   */
  originOf(request: FastifyRequest): string;
  /** The 413 of an object over the size limit. */
  tooLarge(size: number): StorageHttpError;
  /** Throws 403 when the object `name` must stay as it is (a published dataset version's file): no delete, no overwrite. */
  refuseKept(name: string): Promise<void>;
}

/** The message of a refused delete or overwrite of a kept object. */
export const KEPT_OBJECT_MESSAGE =
  'Цей файл належить опублікованій версії набору даних: його не можна видалити чи замінити — створіть нову версію';

/** Builds the shared context from the plugin's options. */
export function storageRouteContext(opts: {
  objects: ObjectStore;
  identity: IdentityBackend;
  config: StorageRouteContext['config'];
  variants: ImageVariants;
  /** Whether an object must stay as it is (absent: none must). */
  keep?: (name: string) => Promise<boolean>;
}): StorageRouteContext {
  const { objects, identity, config, variants, keep } = opts;
  const bucketName = config.firebase.storageBucket;
  const publicOrigin = new URL(config.publicUrl);
  const maxObjectBytes = config.storage.maxObjectBytes;
  return {
    objects,
    config,
    variants,
    who: (request) => requesterFrom(request.headers.authorization, identity),
    check: (action, path, requester) => deny(authorize({ action, path, requester })),
    writableBucket: (bucket) => {
      if (bucket !== bucketName) throw notFound(`Bucket '${bucket}' does not exist.`);
    },
    originOf: (request) =>
      publicOrigin.host === request.host ? publicOrigin.origin : `${request.protocol}://${request.host}`,
    tooLarge: (size) =>
      new StorageHttpError(413, `Object too large: ${size} bytes; the maximum object size is ${maxObjectBytes} bytes`),
    refuseKept: async (name) => {
      if (keep && (await keep(name))) throw new StorageHttpError(403, KEPT_OBJECT_MESSAGE);
    },
  };
}
