/** List entries shared by the list pages: a card with a title link, meta line and summary. */
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CardImage } from '../../shared/content/fields';
import { useSharedStrings } from '../lib/sharedStrings';
import { StoredImage } from './StoredImage';

/**
 * A card image's width in the card grid (site.css: columns of at least 320 px in a container of
 * min(1160px, 100% - 2rem), 1 rem gaps): three columns from 1024 px, two from 688 px, one below.
 * On a phone that is the window less 2 rem, so a 412 px phone at 1.75× takes the 720 px variant.
 */
const CARD_IMAGE_SIZES = '(min-width: 1024px) 376px, (min-width: 688px) calc(50vw - 1.5rem), calc(100vw - 2rem)';

/** The level of the cards' title headings: 3 under a section's h2 (the default), 2 right under the page's h1. */
const CardHeadingLevel = createContext<2 | 3>(3);

/**
 * A list of cards, one per item (`children(item, index)` renders one); with no items and an `empty`
 * message, that message instead (EmptyState).
 */
export function CardList<T extends object>({
  items,
  children,
  label,
  headingLevel = 3,
  empty,
}: {
  items: readonly T[];
  children: (item: T, index: number) => ReactNode;
  label?: string;
  headingLevel?: 2 | 3;
  empty?: ReactNode;
}) {
  if (!items.length && empty) return <EmptyState>{empty}</EmptyState>;
  return (
    <CardHeadingLevel.Provider value={headingLevel}>
      <ul className="card-list" aria-label={label}>
        {items.map(children)}
      </ul>
    </CardHeadingLevel.Provider>
  );
}

export function Card({
  to,
  title,
  meta,
  summary,
  image,
  imagePriority = false,
  id,
  lang,
  children,
}: {
  to?: string;
  title: string;
  /** The title's language when it is not Ukrainian (see shared/content/language.ts). */
  lang?: string;
  meta?: ReactNode;
  summary?: string;
  image?: CardImage | null;
  /** The card's image is the page's main (LCP) image: load it at once rather than lazily. */
  imagePriority?: boolean;
  id?: string;
  children?: ReactNode;
}) {
  const Heading = `h${useContext(CardHeadingLevel)}` as const;
  // The title and summary are read back from these elements on hydration (lib/sharedStrings.ts).
  const mark = useSharedStrings();
  return (
    <li className="card" id={id}>
      {image ? (
        <StoredImage className="card-image" image={image} sizes={CARD_IMAGE_SIZES} priority={imagePriority} />
      ) : null}
      <div className="card-body">
        {meta ? <p className="card-meta">{meta}</p> : null}
        <Heading className="card-title" lang={lang} data-s={mark('t', title)}>
          {to ? <Link to={to}>{title}</Link> : title}
        </Heading>
        {summary ? (
          <p className="card-summary" data-s={mark('t', summary)}>
            {summary}
          </p>
        ) : null}
        {children}
      </div>
    </li>
  );
}

/** A card's meta line from its parts: the non-empty ones, joined by « · ». */
export function metaLine(...parts: Array<string | null | undefined | false>): string {
  return parts.filter(Boolean).join(' · ');
}

/** The message of a list, or a section, with nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}
