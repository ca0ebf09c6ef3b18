/**
 * The scholarly records that are files rather than pages: a dataset's DataCite XML
 * (`/api/datacite/{slug}.xml`). Unknown or unpublished datasets are a 404 with a short message.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { ContentDocument } from '../../shared/content/registry';
import type { ContentService } from '../content/service';
import { dataciteXml } from './datacite';
import { datasetDatacite } from './datasetRecord';

export interface ScholarlyRoutesOptions {
  content: ContentService;
  /** PUBLIC_URL: the records' addresses are absolute. */
  publicUrl: string;
}

/** The routes (encapsulated: routes and nothing else). */
export const scholarlyRoutes: FastifyPluginCallback<ScholarlyRoutesOptions> = (app, { content, publicUrl }, done) => {
  app.get<{ Params: { file: string } }>('/api/datacite/:file', async (request, reply) => {
    const { file } = request.params;
    const slug = file.endsWith('.xml') ? file.slice(0, -4) : '';
    const d = slug ? ((await content.publicGet('dataRepo', slug)) as ContentDocument<'dataRepo'> | null) : null;
    if (!d) return reply.code(404).send({ error: 'Набір даних не знайдено: /api/datacite/{адреса набору}.xml' });
    const xml = dataciteXml(datasetDatacite(d, publicUrl, `${publicUrl}/data_repo/${d.slug}`));
    return reply
      .header('Content-Type', 'application/xml; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${d.slug.replace(/[^A-Za-z0-9._-]/g, '_')}.datacite.xml"`)
      .header('Cache-Control', 'public, max-age=0, s-maxage=60')
      .send(xml);
  });
  done();
};
