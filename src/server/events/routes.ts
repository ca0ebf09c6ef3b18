/**
 * The files of conference and training pages, served at their pages' addresses (`PageFile`s of the
 * page plugin, which answers the site's 404 page where these answer false):
 *
 * - `/conf/{slug}/abstracts.pdf`: the book of abstracts, made on first request and kept in a
 *   `FingerprintCache` until the conference or one of its visible theses changes (ids, versions and
 *   order make the fingerprint, which is also the ETag, so a conditional request is answered 304
 *   without making anything). No visible thesis: the 404 page.
 * - `/conf/{slug}/calendar.ics`, `/Trainings/{slug}/calendar.ics`: one all-day event (calendar.ts).
 */
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { ContentDocument } from '../../shared/content/registry';
import { ABSTRACTS_BOOK_FILE, CALENDAR_FILE, isValidSlugParam } from '../../shared/routes';
import type { ContentService } from '../content/service';
import { notModified } from '../cache/pageCache';
import { PUBLIC_PAGE_CACHE_CONTROL, type PageFile } from '../ssr/plugin';
import { bookInput, bookSource } from './abstractsSource';
import { eventCalendar } from './calendar';
import { FingerprintCache } from './fingerprintCache';

export interface EventFilesOptions {
  content: ContentService;
  /** PUBLIC_URL: the addresses inside the files are absolute. */
  publicUrl: string;
  /** Where books of abstracts are kept (32 MiB when not given). */
  books?: FingerprintCache;
}

/** Changes whenever the book's layout does, so browsers do not keep a book in an old layout. */
const BOOK_LAYOUT = 'b1';

function slugParam(request: FastifyRequest): string | null {
  const { id } = request.params as { id?: string };
  return isValidSlugParam(id) ? id : null;
}

/** Sends `bytes` with a strong ETag, or 304 when the request already has them. */
function sendFile(request: FastifyRequest, reply: FastifyReply, etag: string, body: () => Promise<Buffer | string>) {
  reply.header('ETag', etag).header('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
  if (notModified(request.headers, [etag], null)) return reply.code(304).send();
  return body().then((b) => reply.send(b));
}

/** A file name without characters file systems refuse, at most 120 characters. */
function fileName(name: string, extension: string): string {
  const clean = name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${clean}.${extension}`;
}

function abstractsBook(options: EventFilesOptions): PageFile {
  const { content, publicUrl } = options;
  const books = options.books ?? new FingerprintCache();
  return {
    path: `/conf/:id/${ABSTRACTS_BOOK_FILE}`,
    serve: async (request, reply) => {
      const slug = slugParam(request);
      const source = slug ? await bookSource(content, slug) : null;
      if (!source) return false;
      const conf = source.conference;
      reply.header('Content-Type', 'application/pdf').header(
        'Content-Disposition',
        contentDisposition(fileName(`Збірник тез — ${conf.title}`, 'pdf'), {
          type: 'inline',
          fallback: `abstracts-${conf.slug}.pdf`,
        }),
      );
      await sendFile(request, reply, `"${BOOK_LAYOUT}-${source.fingerprint}"`, async () => {
        const { bytes, hit } = await books.get(
          conf.id,
          source.fingerprint,
          async () => {
            const { abstractsBookPdf } = await import('./abstractsBook');
            return abstractsBookPdf(await bookInput(content, source, `${publicUrl}/conf/${conf.slug}`));
          },
          (size, limit) =>
            request.log.warn(
              { conference: conf.slug, bytes: size, limit },
              'book of abstracts too large to cache: it is rebuilt on every request (raise the books cache)',
            ),
        );
        reply.header('X-Page-Cache', hit ? 'hit' : 'miss');
        return bytes;
      });
      return true;
    },
  };
}

type EventType = 'conferences' | 'trainings';

function calendarFile(options: EventFilesOptions, type: EventType, section: string): PageFile {
  const { content, publicUrl } = options;
  return {
    path: `/${section}/:id/${CALENDAR_FILE}`,
    serve: async (request, reply) => {
      const slug = slugParam(request);
      const doc = slug ? ((await content.publicGet(type, slug)) as ContentDocument<EventType> | null) : null;
      if (!doc) return false;
      const d = doc as ContentDocument<EventType> & { id: string; version: number; updatedAt: string };
      const text = eventCalendar(
        {
          kind: type === 'conferences' ? 'conference' : 'training',
          id: d.id,
          title: d.title,
          summary: d.summary,
          startDate: d.startDate,
          endDate: d.endDate,
          location: d.location,
          url: `${publicUrl}/${section}/${d.slug}`,
          updatedAt: d.updatedAt,
          version: d.version,
        },
        publicUrl,
      );
      const etag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
      reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`${d.slug}.ics`));
      await sendFile(request, reply, etag, () => Promise.resolve(text));
      return true;
    },
  };
}

/** The page files of conferences and trainings. */
export function eventFiles(options: EventFilesOptions): PageFile[] {
  return [
    abstractsBook(options),
    calendarFile(options, 'conferences', 'conf'),
    calendarFile(options, 'trainings', 'Trainings'),
  ];
}
