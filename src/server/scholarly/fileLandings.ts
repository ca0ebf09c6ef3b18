/**
 * FAIR signposting on stored files: a file of a visible dataset, publication, thesis or journal issue
 * answers with `Link: <{landing page}>; rel="collection"`. The storage path → landing page map is
 * read from the store on first use (projections only, 500 documents a page) and dropped when one of
 * those types changes. Embedded storage only: in firebase mode Cloud Storage serves the files.
 */
import fp from 'fastify-plugin';
import type { ContentService } from '../content/service';
import { linkHeader } from '../../shared/head/signposting';

/** The types whose files have a landing page, with the fields that hold files. */
const FILE_FIELDS = { dataRepo: ['files'], publications: ['attachments'], theses: ['pdf'], journal: ['pdf'] } as const;
type FileType = keyof typeof FILE_FIELDS;
const TYPES = new Set<string>([...Object.keys(FILE_FIELDS), 'conferences']);

/** Storage paths of a document's file fields (a file reference or a list of them). */
function pathsOf(data: Record<string, unknown>, fields: readonly string[]): string[] {
  return fields.flatMap((f) => {
    const value = data[f];
    const refs = Array.isArray(value) ? value : value ? [value] : [];
    return refs.flatMap((r) =>
      r && typeof r === 'object' && typeof (r as { path?: unknown }).path === 'string'
        ? [(r as { path: string }).path]
        : [],
    );
  });
}

const slugOf = (id: string, d: Record<string, unknown>): string => (typeof d.slug === 'string' && d.slug ? d.slug : id);

export class FileLandings {
  private map: Promise<Map<string, string>> | null = null;

  constructor(
    private readonly content: ContentService,
    private readonly origin: string,
  ) {
    content.store.onChange((event) => {
      if (TYPES.has(event.collection)) this.map = null;
    });
  }

  /** The absolute landing page of the file stored at `path`, or null. */
  async landingOf(path: string): Promise<string | null> {
    this.map ??= this.build().catch((err: unknown) => {
      this.map = null;
      throw err;
    });
    return (await this.map).get(path) ?? null;
  }

  private async visible(key: string, select: string[], each: (id: string, data: Record<string, unknown>) => void) {
    const type = this.content.registry.get(key);
    let cursor: string | undefined;
    do {
      const page = await this.content.store.list<Record<string, unknown>>(key, {
        where: this.content.visibilityFilters(type),
        orderBy: { fields: ['createdAt'], direction: 'asc' },
        limit: 500,
        select,
        ...(cursor ? { cursor } : {}),
      });
      for (const d of page.items) each(d.id, d.data);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  private async build(): Promise<Map<string, string>> {
    const map = new Map<string, string>();
    const conferences = new Map<string, string>();
    await this.visible('conferences', ['slug'], (id, d) => conferences.set(id, slugOf(id, d)));
    const pages: Record<FileType, (id: string, d: Record<string, unknown>) => string | null> = {
      dataRepo: (id, d) => `/data_repo/${slugOf(id, d)}`,
      publications: (id, d) => `/publications/${slugOf(id, d)}`,
      journal: (id, d) => `/journal/${slugOf(id, d)}`,
      theses: (id, d) => {
        const conf = conferences.get(typeof d.conferenceId === 'string' ? d.conferenceId : '');
        return conf ? `/conf/${conf}/${slugOf(id, d)}` : null;
      },
    };
    for (const [key, fields] of Object.entries(FILE_FIELDS) as Array<[FileType, readonly string[]]>) {
      await this.visible(key, ['slug', ...fields, ...(key === 'theses' ? ['conferenceId'] : [])], (id, d) => {
        const page = pages[key](id, d);
        if (page) for (const path of pathsOf(d, fields)) map.set(path, `${this.origin}${encodeURI(page)}`);
      });
    }
    return map;
  }
}

/** `/v0/b/{bucket}/o/{name}` → the object's name (a download, not a listing or metadata path). */
export function objectNameOf(url: string): string | null {
  const m = /^\/v0\/b\/[^/]+\/o\/([^/?]+)(?:\?|$)/.exec(url);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return null;
  }
}

/** The onSend hook adding the Link header to file downloads (fastify-plugin: it sees the storage routes). */
export const fileSignposting = fp<{ landings: FileLandings }>(
  (app, { landings }, done) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        (reply.statusCode !== 200 && reply.statusCode !== 206)
      )
        return payload;
      const name = objectNameOf(request.url);
      const landing = name ? await landings.landingOf(name).catch(() => null) : null;
      if (landing) reply.header('Link', linkHeader([{ rel: 'collection', href: landing, type: 'text/html' }]));
      return payload;
    });
    done();
  },
  { name: 'file-signposting' },
);
