/** List entries shared by the list pages: a card with a title link, meta line and summary. */
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from './Link';
import type { ImageRef } from '../../shared/content/fields';
import { useSharedStrings } from '../lib/sharedStrings';
import { StoredImage } from './StoredImage';

/** The level of the cards' title headings: 3 under a section's h2 (the default), 2 right under the page's h1. */
const CardHeadingLevel = createContext<2 | 3>(3);

export function CardList({
  children,
  label,
  headingLevel = 3,
}: {
  children: ReactNode;
  label?: string;
  headingLevel?: 2 | 3;
}) {
  return (
    <CardHeadingLevel.Provider value={headingLevel}>
      <ul className="card-list" aria-label={label}>
        {children}
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
  image?: ImageRef | null;
  /** The card's image is the page's main (LCP) image: load it at once rather than lazily. */
  imagePriority?: boolean;
  id?: string;
  children?: ReactNode;
}) {
  const Heading = `h${useContext(CardHeadingLevel)}` as const;
  // The title and summary are read back from these elements on hydration (lib/pageState.ts).
  const mark = useSharedStrings();
  return (
    <li className="card" id={id}>
      {image ? (
        <StoredImage
          className="card-image"
          image={image}
          sizes="(min-width: 1000px) 360px, 100vw"
          priority={imagePriority}
        />
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

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}
