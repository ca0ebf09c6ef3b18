/** List entries shared by the list pages: a card with a title link, meta line and summary. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ImageRef } from '../../shared/content/fields';
import { StoredImage } from './StoredImage';

export function CardList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="card-list" aria-label={label}>
      {children}
    </ul>
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
  children,
}: {
  to?: string;
  title: string;
  meta?: ReactNode;
  summary?: string;
  image?: ImageRef | null;
  /** The card's image is the page's main (LCP) image: load it at once rather than lazily. */
  imagePriority?: boolean;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <li className="card" id={id}>
      {image ? <StoredImage className="card-image" image={image} sizes="(min-width: 1000px) 360px, 100vw" priority={imagePriority} /> : null}
      <div className="card-body">
        {meta ? <p className="card-meta">{meta}</p> : null}
        <h3 className="card-title">{to ? <Link to={to}>{title}</Link> : title}</h3>
        {summary ? <p className="card-summary">{summary}</p> : null}
        {children}
      </div>
    </li>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="empty-state">{children}</p>;
}
