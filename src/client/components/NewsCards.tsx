/** News items as cards (the news list and the home page). */
import type { ContentDocument } from '../../shared/content/registry';
import { formatDate, machineDate } from '../lib/dates';
import { Card, CardList } from './Cards';

export function NewsCards({ items, label, headingLevel }: { items: Array<ContentDocument<'news'>>; label: string; headingLevel?: 2 | 3 }) {
  return (
    <CardList label={label} headingLevel={headingLevel}>
      {items.map((n) => (
        <Card
          key={n.id}
          to={`/News/${n.slug}`}
          title={n.title}
          summary={n.summary}
          image={n.cover}
          meta={<time dateTime={machineDate(n.date)}>{formatDate(n.date)}</time>}
        />
      ))}
    </CardList>
  );
}
