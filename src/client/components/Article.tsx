/** The body of an item page: cover image, rich text and attachments. */
import type { ReactNode } from 'react';
import type { FileRef, ImageRef } from '../../shared/content/fields';
import { useSharedStrings } from '../lib/sharedStrings';
import { Attachments } from './Attachments';
import { RichText } from './RichText';
import { StoredImage } from './StoredImage';

/**
 * The cover's width: on wide screens the text column (`.article`, at most 75ch of the body font:
 * about 810 px in system-ui at 17 px; `ch` in `sizes` would be the default font's, far narrower),
 * on phones the container (the window less 2 rem).
 */
const COVER_SIZES = '(min-width: 1000px) 830px, calc(100vw - 2rem)';

export function Article({
  cover,
  body,
  attachments = [],
  aside,
  lang,
  children,
}: {
  cover?: ImageRef | null;
  body: string;
  /** The body's language when it is not Ukrainian. */
  lang?: string;
  attachments?: FileRef[];
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={aside ? 'article-grid' : undefined}>
      <article className="article">
        {cover ? <StoredImage className="article-cover" image={cover} sizes={COVER_SIZES} priority /> : null}
        <RichText html={body} lang={lang} />
        {children}
        <Attachments files={attachments} />
      </article>
      {aside ? <aside className="article-aside">{aside}</aside> : null}
    </div>
  );
}

/** A definition list of facts («Дата», «Місце»...), skipping empty values. */
export function Facts({ items, label = 'Відомості' }: { items: Array<[string, ReactNode]>; label?: string }) {
  const mark = useSharedStrings();
  const shown = items.filter(([, v]) => v !== '' && v !== null && v !== undefined);
  if (!shown.length) return null;
  return (
    <dl className="facts" aria-label={label}>
      {shown.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd data-s={typeof v === 'string' ? mark('t', v) : undefined}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
