/**
 * Atom feeds made with the `feed` library: /feeds/news.atom (the latest news, full text),
 * /feeds/events.atom (trainings and conferences, newest start date first) and
 * /feeds/developments.atom (the newest developments). Every address in them
 * is absolute, from PUBLIC_URL, including links and images inside the bodies. The library (with
 * its XML writer) is loaded with the first feed asked for, not at start.
 */
import { formatDateRange } from '../../shared/dates';
import type { AnyContentType } from '../../shared/content/define';
import { placeOf } from '../../shared/content/places';
import { getContentType } from '../../shared/content/registry';
import type { ApiDocument, ContentService } from '../content/service';
import { escapeHtml } from '../http/escapeHtml';
import { fieldText } from '../../shared/fieldText';

/** Entries in a feed. */
export const FEED_ENTRIES = 20;

/** A feed the site publishes: its address, title and the types it is made from. */
export interface FeedSpec {
  path: string;
  title: string;
  description: string;
  types: string[];
}

export const NEWS_FEED: FeedSpec = {
  path: '/feeds/news.atom',
  title: 'Новини УкрГМІ',
  description: 'Новини Українського гідрометеорологічного інституту',
  types: ['news'],
};

export const EVENTS_FEED: FeedSpec = {
  path: '/feeds/events.atom',
  title: 'Навчання та конференції УкрГМІ',
  description: 'Навчання, семінари та конференції Українського гідрометеорологічного інституту',
  types: ['trainings', 'conferences'],
};

export const DEVELOPMENTS_FEED: FeedSpec = {
  path: '/feeds/developments.atom',
  title: 'Розробки УкрГМІ',
  description: 'Моделі, методики, вебресурси та атласи Українського гідрометеорологічного інституту',
  types: ['developments'],
};

export const SITE_FEEDS: FeedSpec[] = [NEWS_FEED, EVENTS_FEED, DEVELOPMENTS_FEED];

/** Site-relative `src` and `href` values in HTML made absolute (feed readers have no base address). */
export function absoluteUrls(html: string, origin: string): string {
  return html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${origin}/`);
}

/** The sort that puts a type's newest documents first: `newest` when declared, else its default. */
function newestFirst(type: AnyContentType) {
  return type.sorts.newest ?? Object.values(type.sorts)[0] ?? { by: ['createdAt'], direction: 'desc' as const };
}

/** The date the entry is about: a news item's date, an event's start, else its publication. */
function entryDate(doc: ApiDocument): string {
  return fieldText(doc.date ?? doc.startDate ?? doc.publishedAt ?? doc.createdAt);
}

export class SiteFeeds {
  constructor(
    private readonly content: ContentService,
    private readonly origin: string,
  ) {}

  /** The newest visible documents of the feed's types, full (bodies sanitised), newest first. */
  private async entries(spec: FeedSpec): Promise<Array<{ type: AnyContentType; doc: ApiDocument }>> {
    const lists = await Promise.all(
      spec.types.map(async (key) => {
        const type = getContentType(key);
        const sort = newestFirst(type);
        const page = await this.content.store.list<Record<string, unknown>>(key, {
          where: this.content.visibilityFilters(type),
          orderBy: { fields: sort.by, direction: sort.direction, collation: 'uk' },
          limit: FEED_ENTRIES,
        });
        return page.items.map((d) => ({ type, doc: this.content.toApi(type, d) }));
      }),
    );
    return lists
      .flat()
      .sort((a, b) => (entryDate(a.doc) < entryDate(b.doc) ? 1 : entryDate(a.doc) > entryDate(b.doc) ? -1 : 0))
      .slice(0, FEED_ENTRIES);
  }

  /** The Atom XML of a feed. */
  async atom(spec: FeedSpec): Promise<string> {
    const entries = await this.entries(spec);
    const updated = entries.reduce((m, e) => (e.doc.updatedAt > m ? e.doc.updatedAt : m), '1970-01-01T00:00:00.000Z');
    const { Feed } = await import('feed');
    const feed = new Feed({
      id: `${this.origin}${spec.path}`,
      title: spec.title,
      description: spec.description,
      link: `${this.origin}/`,
      language: 'uk',
      updated: new Date(updated),
      generator: false,
      feedLinks: { atom: `${this.origin}${spec.path}` },
      author: { name: 'Український гідрометеорологічний інститут', link: `${this.origin}/` },
      copyright: `© Український гідрометеорологічний інститут`,
      favicon: `${this.origin}/favicon.ico`,
    });
    for (const { type, doc } of entries) {
      const link = `${this.origin}${placeOf(type, doc) ?? '/'}`;
      const facts = [
        typeof doc.startDate === 'string' && typeof doc.endDate === 'string'
          ? formatDateRange(doc.startDate, doc.endDate)
          : '',
        typeof doc.location === 'string' ? doc.location : '',
      ].filter(Boolean);
      const body = typeof doc.body === 'string' ? absoluteUrls(doc.body, this.origin) : '';
      feed.addItem({
        title: String(doc.title),
        id: link,
        link,
        date: new Date(doc.updatedAt),
        published: new Date(fieldText(doc.date ?? doc.publishedAt ?? doc.createdAt)),
        description: typeof doc.summary === 'string' && doc.summary ? doc.summary : undefined,
        content: `${facts.length ? `<p>${escapeHtml(facts.join(' · '))}</p>` : ''}${body}` || undefined,
        category: [{ name: type.labels.singular, term: type.key }],
      });
    }
    return feed.atom1();
  }
}
