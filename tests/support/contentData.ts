/**
 * Documents of the content types as tests create them (parsed by the type's schema, so defaults are
 * filled in): published unless `extra` says otherwise, with fixed dates so that tests whose clock is
 * 2026-06-01 see them as current. `extra` overrides any field.
 */
import { contentTypes } from '../../src/shared/content/registry';

/** A published news item of 2026-05-01 09:00 UTC with the given rich-text body. */
export function newsData(slug: string, title: string, body = '', extra: Record<string, unknown> = {}) {
  return contentTypes.news.schema.parse({
    title,
    slug,
    status: 'published',
    date: '2026-05-01T09:00:00.000Z',
    body,
    ...extra,
  });
}

/** A published conference of 22–23 March 2026 with an empty body. */
export function conferenceData(slug: string, title: string, extra: Record<string, unknown> = {}) {
  return contentTypes.conferences.schema.parse({
    title,
    slug,
    status: 'published',
    startDate: '2026-03-22',
    endDate: '2026-03-23',
    body: '',
    ...extra,
  });
}

/** A published thesis of the conference `conferenceId`, by one author named «Автор». */
export function thesisData(slug: string, title: string, conferenceId: string, extra: Record<string, unknown> = {}) {
  return contentTypes.theses.schema.parse({
    title,
    slug,
    status: 'published',
    conferenceId,
    authors: [{ name: 'Автор' }],
    ...extra,
  });
}
