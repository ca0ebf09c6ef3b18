/**
 * Open Graph and Twitter card tags of a page, as `[attribute, key, content]`: the server writes them
 * into the document, PageMeta updates them in the browser after a navigation (an empty content
 * removes the tag, e.g. the size of a cover whose size is not known).
 */
import type { HeadTags } from './tags';
import { SITE_NAME } from './siteFacts';

export type MetaEntry = readonly ['property' | 'name', string, string];

export function openGraphTags(
  head: Pick<HeadTags, 'ogTitle' | 'description' | 'canonical' | 'ogType' | 'image'>,
): MetaEntry[] {
  const { image } = head;
  return [
    ['property', 'og:title', head.ogTitle],
    ['property', 'og:description', head.description],
    ['property', 'og:url', head.canonical],
    ['property', 'og:type', head.ogType],
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:locale', 'uk_UA'],
    ['property', 'og:image', image.url],
    ['property', 'og:image:width', image.width ? String(image.width) : ''],
    ['property', 'og:image:height', image.height ? String(image.height) : ''],
    ['property', 'og:image:alt', image.alt],
    ['name', 'twitter:card', 'summary_large_image'],
  ];
}
