/**
 * The page's main image (the LCP candidate: a cover, the first card's image) as the server render
 * records it, so the document's head can preload it before the body is parsed (document.ts).
 * StoredImage offers every image it renders with `priority`; absent in the browser.
 */
import { createContext } from 'react';

/** The page's main image as the document's `<link rel="preload" as="image">` announces it. */
export interface PriorityImage {
  href: string;
  srcSet?: string;
  sizes: string;
}

/** The server render's record of the `priority` images it writes, in document order. */
export class PriorityImageRecord {
  readonly offered: PriorityImage[] = [];

  /** The first image offered: the one the head preloads. */
  get image(): PriorityImage | undefined {
    return this.offered[0];
  }

  offer(image: PriorityImage): void {
    this.offered.push(image);
  }
}

export const PriorityImageContext = createContext<PriorityImageRecord | null>(null);
