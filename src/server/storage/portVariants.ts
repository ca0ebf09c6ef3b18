/**
 * Image variants in firebase mode. The browser uploads straight to Cloud Storage, so there is no
 * upload for the server to see; instead `srcSetFor` (shared/images.ts) points the srcset of an image
 * in Cloud Storage at `GET /api/image?bucket=&name=&token=&width=`, which this module answers:
 *
 * - the original must exist in the server's bucket and `token` must be its download token (so only
 *   someone who has the image's URL gets its variants, as with the original);
 * - the variant is the object `variants/{generation}/{name}/w{width}.webp`, made once with sharp
 *   (read through the port, resized, written back through the port: into the bucket) and answered
 *   with a redirect to its Firebase download URL; later requests find it and redirect at once;
 * - anything else (no such object, a wrong token, not a raster image, sharp failing) redirects to the
 *   original's Firebase download URL, so the picture still shows; that URL is built from the
 *   request's bucket, name and token on Google's host only, so this is no open redirect.
 *
 * A generation's bytes never change, so a variant is never stale; variants of replaced or deleted
 * images stay in the bucket under `variants/` (not listed in the media library, which shows
 * `public/media/`). The embedded store keeps its own variants on disk (variants.ts) and serves
 * `&width=` on its download URLs. The route is registered in both modes (app.ts); in embedded mode
 * it makes nothing and answers every request with the original (a Firebase URL a document holds).
 */
import type { FastifyPluginCallback } from 'fastify';
import { IMAGE_VARIANT_PATH, IMAGE_WIDTHS, isResizableImage, type ImageWidth } from '../../shared/images';
import { BUCKET_NAME, normaliseObjectName } from './objects';
import { FIREBASE_STORAGE_ORIGIN, firebaseDownloadUrl, type ObjectStorePort, type StoredObject } from './port';
import { webpVariant } from './variants';

/** Originals larger than this are not resized (the variant request redirects to the original). */
const MAX_ORIGINAL_BYTES = 50 * 1024 * 1024;

/** Where made variants live in the bucket (`{VARIANTS_PREFIX}{generation}/{name}/w{width}.webp`). */
export const VARIANTS_PREFIX = 'variants/';

/** The custom metadata key a made variant carries: the name of its original. */
export const VARIANT_OF_KEY = 'variantOf';

/** Whether an object is a variant made here (under VARIANTS_PREFIX and marked so), not a file of its own. */
export function isMadeVariant(object: Pick<StoredObject, 'name' | 'metadata'>): boolean {
  return object.name.startsWith(VARIANTS_PREFIX) && typeof object.metadata[VARIANT_OF_KEY] === 'string';
}

export function variantObjectName(original: Pick<StoredObject, 'name' | 'generation'>, width: ImageWidth): string {
  return `${VARIANTS_PREFIX}${original.generation}/${original.name}/w${width}.webp`;
}

export class PortImageVariants {
  private readonly inflight = new Map<string, Promise<string | null>>();

  constructor(
    private readonly port: ObjectStorePort,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /**
   * The download URL of the variant of `name` at most `width` pixels wide, made when missing; null
   * when there is no such image, `token` is not its download token, or it cannot be resized.
   */
  async variantUrl(name: string, token: string, width: ImageWidth): Promise<string | null> {
    const original = await this.port.stat(name);
    if (!original || !original.downloadToken || original.downloadToken !== token) return null;
    if (!isResizableImage(original.contentType) || original.size > MAX_ORIGINAL_BYTES) return null;
    const variantName = variantObjectName(original, width);
    const existing = await this.port.stat(variantName);
    if (existing) return this.port.urlOf(existing);
    let pending = this.inflight.get(variantName);
    if (!pending) {
      pending = this.create(original, variantName, width).finally(() => this.inflight.delete(variantName));
      this.inflight.set(variantName, pending);
    }
    return pending;
  }

  private async create(original: StoredObject, variantName: string, width: ImageWidth): Promise<string | null> {
    try {
      const parts: Buffer[] = [];
      for await (const chunk of await this.port.stream(original.name)) parts.push(Buffer.from(chunk as Buffer));
      const bytes = await webpVariant(Buffer.concat(parts), original.contentType, width);
      const stored = await this.port.put(variantName, bytes, {
        contentType: 'image/webp',
        cacheControl: 'public, max-age=31536000, immutable',
        metadata: { [VARIANT_OF_KEY]: original.name, width: String(width) },
      });
      return this.port.urlOf(stored);
    } catch (err) {
      this.log.warn({ err, name: original.name, width }, 'image variant failed; serving the original');
      return null;
    }
  }
}

export interface PortImageVariantsOptions {
  port: ObjectStorePort;
  /** Whether variants are made (default: on Cloud Storage only; the embedded store has its own, on disk). */
  make?: boolean;
}

/**
 * `GET /api/image?bucket=&name=&token=&width=` (firebase mode): a redirect to the variant or the
 * original (encapsulated: a route and nothing else).
 */
export const portImageVariants: FastifyPluginCallback<PortImageVariantsOptions> = (app, options, done) => {
  const { port } = options;
  const make = options.make ?? port.kind === 'gcs';
  const variants = new PortImageVariants(port, app.log);
  app.get(IMAGE_VARIANT_PATH, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const bucket = typeof q.bucket === 'string' ? q.bucket : '';
    const name = typeof q.name === 'string' ? normaliseObjectName(q.name) : null;
    const token = typeof q.token === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(q.token) ? q.token : null;
    const width = Number(q.width);
    if (!BUCKET_NAME.test(bucket) || !name || !token || !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      return reply.code(400).send({ error: 'Bad image request', statusCode: 400 });
    }
    const variant = make && bucket === port.bucket ? await variants.variantUrl(name, token, width as ImageWidth) : null;
    const target = variant ?? firebaseDownloadUrl(FIREBASE_STORAGE_ORIGIN, bucket, name, token);
    // A made variant never changes (its name carries the original's generation); a fallback may.
    return reply
      .header('cache-control', variant ? 'public, max-age=86400' : 'public, max-age=300')
      .redirect(target, 302);
  });
  done();
};
