/**
 * What a conference's book of abstracts is made from, read as visitors see it: the published
 * conference and its published (and due) theses in programme order. `bookSource` reads only ids and
 * versions, enough for the fingerprint (and the ETag) that decides whether a kept book is still
 * current; `bookInput` reads the theses in full when a book has to be made.
 */
import { createHash } from 'node:crypto';
import type { ContentDocument } from '../../shared/content/registry';
import type { ApiDocument, ContentService } from '../content/service';
import type { AbstractsBookInput } from './abstractsBook';

/** A conference with at least one visible thesis. */
export interface BookSource {
  conference: ContentDocument<'conferences'> & ApiDocument;
  /** The visible theses' ids in programme order. */
  thesisIds: string[];
  /** Hash of the conference's and the theses' ids and versions, and their order. */
  fingerprint: string;
  /** The newest `updatedAt` among them (ISO). */
  updatedAt: string;
}

const PAGE = 100;

/** The book's source for a conference slug or id; null when it is not visible or has no visible thesis. */
export async function bookSource(content: ContentService, idOrSlug: string): Promise<BookSource | null> {
  const conference = (await content.publicGet('conferences', idOrSlug)) as BookSource['conference'] | null;
  if (!conference) return null;
  const theses: ApiDocument[] = [];
  let cursor: string | undefined;
  do {
    const page = await content.publicList('theses', {
      filter: { conferenceId: conference.id },
      sort: 'programme',
      limit: PAGE,
      fields: ['title'],
      ...(cursor ? { cursor } : {}),
    });
    theses.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  if (!theses.length) return null;
  const versions = [conference, ...theses].map((d) => `${d.id}@${d.version}`).join('\n');
  return {
    conference,
    thesisIds: theses.map((t) => t.id),
    fingerprint: createHash('sha256').update(versions).digest('base64url').slice(0, 27),
    updatedAt: [conference, ...theses].map((d) => d.updatedAt).reduce((a, b) => (a > b ? a : b)),
  };
}

/** The book's full input: every thesis read in full (sanitised bodies); theses gone since are left out. */
export async function bookInput(
  content: ContentService,
  source: BookSource,
  pageUrl: string,
): Promise<AbstractsBookInput> {
  const c = source.conference;
  const theses = await Promise.all(source.thesisIds.map((id) => content.publicGet('theses', id)));
  return {
    conference: {
      title: c.title,
      startDate: c.startDate,
      endDate: c.endDate,
      location: c.location,
      organizers: c.organizers,
      url: pageUrl,
    },
    theses: (theses.filter(Boolean) as Array<ContentDocument<'theses'>>).map((t) => ({
      title: t.title,
      section: t.section,
      authors: t.authors,
      summary: t.summary,
      keywords: t.keywords,
      body: t.body,
    })),
    date: new Date(source.updatedAt),
  };
}
