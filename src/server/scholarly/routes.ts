/**
 * The scholarly records that are files rather than pages: a dataset's DataCite XML
 * (`/api/datacite/{slug}.xml`, one version's with `?version={label}`; unknown or unpublished datasets
 * are a 404 with a short message, a repeated `version` a 400) and
 * the data repository's DCAT-AP catalogue (`/data_repo/catalog.ttl`, `/data_repo/catalog.jsonld`,
 * kept in the page cache until a dataset changes).
 */
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginCallback } from 'fastify';
import type { ContentDocument } from '../../shared/content/registry';
import type { ContentService } from '../content/service';
import { repeatedParamMessage, singleParam } from '../http/singleParam';
import { registerCachedRoute } from '../site/cachedRoute';
import type { PageCache } from '../cache/pageCache';
import type { ObjectStorePort } from '../storage/port';
import { FileChecksums } from './checksums';
import { catalogGraph } from './dcat/catalog';
import { loadCatalog } from './dcat/load';
import { toJsonLd, toTurtle } from './dcat/serialize';
import { dataciteXml } from './datacite';
import { datasetConceptDatacite, datasetVersionDatacite } from './datasetVersionRecord';

export interface ScholarlyRoutesOptions {
  content: ContentService;
  /** PUBLIC_URL: the records' addresses are absolute. */
  publicUrl: string;
  cache: PageCache;
  /** The files bucket (the catalogue's checksums are read from it). */
  objects: ObjectStorePort;
  /** The catalogue's contact point. */
  contactEmail: string;
}

/** Paths of the DCAT-AP catalogue. */
export const CATALOG_PATHS = { turtle: '/data_repo/catalog.ttl', jsonld: '/data_repo/catalog.jsonld' } as const;

/** The routes (encapsulated: routes and nothing else). */
export const scholarlyRoutes: FastifyPluginCallback<ScholarlyRoutesOptions> = (app, options, done) => {
  const { content, publicUrl } = options;
  app.get<{ Params: { file: string }; Querystring: { version?: unknown } }>(
    '/api/datacite/:file',
    async (request, reply) => {
      const { file } = request.params;
      const param = singleParam(request.query.version);
      if (param === 'repeated') return reply.code(400).send({ error: repeatedParamMessage('version') });
      const { value: version } = param;
      const slug = file.endsWith('.xml') ? file.slice(0, -4) : '';
      const d = slug ? ((await content.publicGet('dataRepo', slug)) as ContentDocument<'dataRepo'> | null) : null;
      if (!d) return reply.code(404).send({ error: 'Набір даних не знайдено: /api/datacite/{адреса набору}.xml' });
      const pageUrl = `${publicUrl}/data_repo/${d.slug}`;
      const record =
        version === undefined
          ? datasetConceptDatacite(d, publicUrl, pageUrl)
          : datasetVersionDatacite(d, publicUrl, pageUrl, version);
      if (!record) return reply.code(404).send({ error: `Набір даних «${d.title}» не має такої версії` });
      const name = `${d.slug}${version !== undefined ? `-v${version}` : ''}`;
      return reply
        .header('Content-Type', 'application/xml; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`${name}.datacite.xml`))
        .header('Cache-Control', 'public, max-age=0, s-maxage=60')
        .send(dataciteXml(record));
    },
  );
  const checksums = new FileChecksums(options.objects);
  const graph = async () => catalogGraph(await loadCatalog(content, checksums, publicUrl, options.contactEmail));
  registerCachedRoute(app, options.cache, {
    path: CATALOG_PATHS.turtle,
    contentType: 'text/turtle; charset=utf-8',
    reads: ['dataRepo'],
    render: async () => toTurtle(await graph()),
  });
  registerCachedRoute(app, options.cache, {
    path: CATALOG_PATHS.jsonld,
    contentType: 'application/ld+json; charset=utf-8',
    reads: ['dataRepo'],
    render: async () => toJsonLd(await graph()),
  });
  done();
};
