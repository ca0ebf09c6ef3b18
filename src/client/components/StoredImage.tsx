/**
 * A stored image (an ImageRef, or a list item's CardImage: cover, photo) as a responsive `<img>`:
 * `srcset` from the storage's WebP variants (shared/images.ts), `sizes` from the layout, and the intrinsic `width`/`height` so
 * the browser reserves the space before the bytes arrive. Other images load lazily and at low fetch
 * priority (Chrome would raise one partly in view to high and let it share the connection with the
 * main image); the page's main image (`priority`) loads at once with high fetch priority, since it
 * is the LCP, and the server render preloads it from the document's head (lib/priorityImage.ts).
 */
import { useContext } from 'react';
import type { CardImage } from '../../shared/content/fields';
import { srcSetFor } from '../../shared/images';
import { PriorityImageContext } from '../lib/priorityImage';
import { joinMarks, useSharedStrings } from '../lib/sharedStrings';

export function StoredImage({
  image,
  className,
  sizes,
  priority = false,
}: {
  image: CardImage;
  className?: string;
  sizes: string;
  priority?: boolean;
}) {
  // The alt text and address are read back from the element on hydration (lib/sharedStrings.ts).
  const mark = useSharedStrings();
  const srcSet = srcSetFor(image);
  const record = useContext(PriorityImageContext);
  if (priority) record?.offer({ href: image.url, srcSet, sizes });
  return (
    <img
      data-s={joinMarks(mark('a', image.alt), mark('u', image.url))}
      className={className}
      src={image.url}
      srcSet={srcSet}
      sizes={sizes}
      alt={image.alt}
      width={image.width ?? undefined}
      height={image.height ?? undefined}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : 'low'}
    />
  );
}
