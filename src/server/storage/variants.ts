/**
 * Resized WebP variants of stored raster images (JPEG, PNG, WebP, GIF) for responsive `srcset`,
 * made with sharp (libvips) on the first request for a width and cached on disk at
 * DATA_DIR/storage/{bucket}/variants/{generation}/w{width}.webp. A generation's bytes never change,
 * so the cache needs no invalidation; the folder goes with the generation (ObjectStore removes it).
 * Variants are written through the store's `io` (0600 files) to a temporary name and renamed into
 * place; when that fails (a full disk too) nothing partial is left and the original is served.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Sharp, SharpOptions } from 'sharp';
import type { ObjectMetadata } from './metadata';
import type { ObjectStore } from './objects';
import { isResizableImage, type ImageWidth } from '../../shared/images';

let sharpModule: Promise<(input: string | Buffer, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp (libvips), loaded on the first variant: a server that makes none does not carry it (about
 * 9 MB). libvips' operation cache is off: each variant is made once and then read from its file, so
 * the cache (50 MB by default) would only hold memory.
 */
function loadSharp() {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/**
 * A WebP of an image (a file path or its bytes) at most `width` pixels wide, never enlarged, EXIF
 * orientation applied; GIF and WebP keep their animation. Used for the embedded store's variants and
 * for those made into Cloud Storage (portVariants.ts).
 */
export async function webpVariant(input: string | Buffer, contentType: string, width: number): Promise<Buffer> {
  const animated = /gif|webp/i.test(contentType);
  return (await loadSharp())(input, { animated, limitInputPixels: 100_000_000 })
    .rotate() // apply EXIF orientation
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}

export class ImageVariants {
  private readonly inflight = new Map<string, Promise<string | null>>();

  constructor(
    private readonly objects: ObjectStore,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  /**
   * The path of the object's variant `width` pixels wide at most (never enlarged), creating it once.
   * Null when the object is not a resizable image or its bytes cannot be decoded (callers then serve
   * the original).
   */
  async variantFile(meta: ObjectMetadata, width: ImageWidth): Promise<string | null> {
    if (!isResizableImage(meta.contentType)) return null;
    const file = path.join(this.objects.variantsDir(meta), `w${width}.webp`);
    if (
      await fs.access(file).then(
        () => true,
        () => false,
      )
    )
      return file;
    let pending = this.inflight.get(file);
    if (!pending) {
      pending = this.create(meta, width, file).finally(() => this.inflight.delete(file));
      this.inflight.set(file, pending);
    }
    return pending;
  }

  private async create(meta: ObjectMetadata, width: ImageWidth, file: string): Promise<string | null> {
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      const io = this.objects.io;
      await io.mkdir(path.dirname(file));
      // At most 1600 px wide: small enough to hold in memory, and written like every other file.
      const bytes = await webpVariant(this.objects.blobFile(meta), meta.contentType, width);
      await io.writeFile(tmp, bytes);
      await io.rename(tmp, file);
      return file;
    } catch (err) {
      await fs.rm(tmp, { force: true });
      this.log.warn({ err, name: meta.name, width }, 'image variant failed; serving the original');
      return null;
    }
  }
}
