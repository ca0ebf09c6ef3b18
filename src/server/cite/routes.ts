/**
 * GET /api/cite/{type}/{slug}.{bib|ris|json}: the «Цитувати» downloads of a visible publication,
 * thesis or dataset, made on the server so the public bundle carries no citation code. Unknown
 * types, formats and documents are 404 with a short message. citation-js is loaded on the first
 * download, not at start.
 */
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginCallback } from 'fastify';
import { CITE_FORMATS, CITE_TYPES, type CiteFormat, type CiteType } from '../../shared/cite';
import type { ContentDocument } from '../../shared/content/registry';
import type { ContentService } from '../content/service';
import { type CslItem, datasetCsl, publicationCsl, thesisCsl } from './csl';

/** The formatter (citation-js with its BibTeX and RIS plugins, some 12 MB), loaded on the first download. */
let formatter: Promise<typeof import('./format')> | undefined;

/** Splits `{slug}.{ext}` at the last dot (dataset slugs such as `ClimUAsd-stn.v2` hold dots). */
export function parseCiteFile(file: string): { slug: string; ext: CiteFormat } | null {
  const dot = file.lastIndexOf('.');
  const ext = file.slice(dot + 1);
  const slug = file.slice(0, dot);
  if (dot < 1 || !CITE_FORMATS.some((f) => f.ext === ext)) return null;
  return { slug, ext: ext as CiteFormat };
}

async function cslOf(
  content: ContentService,
  type: CiteType,
  slug: string,
  publicUrl: string,
): Promise<CslItem | null> {
  switch (type) {
    case 'publications': {
      const p = (await content.publicGet('publications', slug)) as ContentDocument<'publications'> | null;
      return p ? publicationCsl(p, `${publicUrl}/publications/${p.slug}`) : null;
    }
    case 'theses': {
      const t = (await content.publicGet('theses', slug)) as ContentDocument<'theses'> | null;
      const conf = t
        ? ((await content.publicGet('conferences', t.conferenceId)) as ContentDocument<'conferences'> | null)
        : null;
      return t && conf ? thesisCsl(t, conf, `${publicUrl}/conf/${conf.slug}/${t.slug}`) : null;
    }
    case 'datasets': {
      const d = (await content.publicGet('dataRepo', slug)) as ContentDocument<'dataRepo'> | null;
      return d ? datasetCsl(d, `${publicUrl}/data_repo/${d.slug}`) : null;
    }
  }
}

export interface CiteRoutesOptions {
  content: ContentService;
  /** PUBLIC_URL: the records' addresses are absolute. */
  publicUrl: string;
}

/** The citation downloads (encapsulated: a route and nothing else). */
export const citeRoutes: FastifyPluginCallback<CiteRoutesOptions> = (app, { content, publicUrl }, done) => {
  app.get<{ Params: { type: string; file: string } }>('/api/cite/:type/:file', async (request, reply) => {
    const { type, file } = request.params;
    const parsed = parseCiteFile(file);
    if (!Object.hasOwn(CITE_TYPES, type) || !parsed) {
      return reply.code(404).send({
        error: 'Невідомий тип запису або формат: /api/cite/{publications|theses|datasets}/{адреса}.{bib|ris|json}',
      });
    }
    const item = await cslOf(content, type as CiteType, parsed.slug, publicUrl);
    if (!item) return reply.code(404).send({ error: 'Запис не знайдено' });
    const format = CITE_FORMATS.find((f) => f.ext === parsed.ext)!;
    const { formatCitation } = await (formatter ??= import('./format'));
    return reply
      .header('Content-Type', `${format.contentType}; charset=utf-8`)
      .header('Content-Disposition', contentDisposition(`${item.id}.${format.ext}`))
      .header('Cache-Control', 'public, max-age=0, s-maxage=60')
      .send(formatCitation(item, parsed.ext));
  });
  done();
};
