/** News items as cards (the news list and the home page). */
import type { PublicListItemFor } from '../../shared/content/registry';
import { machineDate } from '../../shared/dates';
import { Card, CardList } from './Cards';
import { useFormats } from '../lib/formats';

/**
 * `priorityFirst`: the first card's image is the page's main image (loaded at once, not lazily);
 * `headingLevel`: 2 when the cards come right under the page's h1.
 */
export function NewsCards({
  items,
  label,
  priorityFirst = false,
  headingLevel,
  empty,
}: {
  items: Array<Pick<PublicListItemFor<'news'>, 'id' | 'slug' | 'title' | 'summary' | 'cover' | 'date'>>;
  label: string;
  priorityFirst?: boolean;
  headingLevel?: 2 | 3;
  /** Shown instead when there are no items. */
  empty?: string;
}) {
  const formats = useFormats();
  return (
    <CardList label={label} headingLevel={headingLevel} items={items} empty={empty}>
      {(n, i) => (
        <Card
          key={n.id}
          to={`/News/${n.slug}`}
          title={n.title}
          summary={n.summary}
          image={n.cover}
          imagePriority={priorityFirst && i === 0}
          meta={<time dateTime={machineDate(n.date)}>{formats.date(n.date)}</time>}
        />
      )}
    </CardList>
  );
}
