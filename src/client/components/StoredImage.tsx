/**
 * A stored image (an ImageRef: cover, photo) as a responsive `<img>`: `srcset` from the storage's
 * WebP variants (shared/images.ts), `sizes` from the layout, and the intrinsic `width`/`height` so
 * the browser reserves the space before the bytes arrive. Images below the fold load lazily; the
 * page's main image (`priority`) loads at once with high fetch priority, since it is the LCP.
 */
import type { ImageRef } from '../../shared/content/fields';
import { srcSetFor } from '../../shared/images';
import { useSharedStrings } from '../lib/sharedStrings';

export function StoredImage({
  image,
  className,
  sizes,
  priority = false,
}: {
  image: ImageRef;
  className?: string;
  sizes: string;
  priority?: boolean;
}) {
  // The alt text is read back from the element on hydration (lib/pageState.ts).
  const mark = useSharedStrings();
  return (
    <img
      data-s={mark('a', image.alt)}
      className={className}
      src={image.url}
      srcSet={srcSetFor(image)}
      sizes={sizes}
      alt={image.alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
