/**
 * GET /api/data_repo/{slug}/files.zip[?version=…]: «Завантажити все», a ZIP of the version's files
 * with SHA256SUMS.txt (zipStream.ts), streamed. An unknown or unpublished dataset, an unknown version
 * or one without files is a 404, and so is a version whose file is missing from storage (checked
 * before the first byte is sent), each with a Ukrainian message.
 */
import type { FastifyPluginCallback } from 'fastify';
import { Readable } from 'node:stream';
import type { ContentDocument } from '../../shared/content/registry';
import type { ContentService } from '../content/service';
import type { ObjectStorePort } from '../storage/port';
import { versionFiles } from './versionFiles';
import { archiveNames, zipWithManifest } from './zipStream';

export interface DatasetFileRoutesOptions {
  content: ContentService;
  objects: ObjectStorePort;
}

/** `{slug}-v{version}.zip` as an attachment (an ASCII fallback name and the UTF-8 one). */
function disposition(slug: string, version: string): string {
  const name = `${slug}${version ? `-v${version}` : ''}.zip`;
  return `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const datasetFileRoutes: FastifyPluginCallback<DatasetFileRoutesOptions> = (app, { content, objects }, done) => {
  app.get<{ Params: { slug: string }; Querystring: { version?: string } }>(
    '/api/data_repo/:slug/files.zip',
    async (request, reply) => {
      const { slug } = request.params;
      const version = typeof request.query.version === 'string' ? request.query.version : undefined;
      const d = (await content.publicGet('dataRepo', slug)) as ContentDocument<'dataRepo'> | null;
      if (!d) return reply.code(404).send({ error: `Набір даних не знайдено: ${slug}` });
      const picked = versionFiles(d, version);
      if (!picked?.files.length) {
        return reply
          .code(404)
          .send({ error: `У набору «${d.slug}» немає файлів версії ${version ?? d.datasetVersion}` });
      }
      for (const file of picked.files) {
        if (!(await objects.stat(file.path))) {
          return reply.code(404).send({ error: `Файлу «${file.name}» немає у сховищі` });
        }
      }
      const names = archiveNames(picked.files.map((f) => f.name));
      const entries = picked.files.map((f, i) => ({ name: names[i]!, path: f.path }));
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', disposition(d.slug, picked.version))
        .header('Cache-Control', 'public, max-age=0, s-maxage=60')
        .header('X-Content-Type-Options', 'nosniff')
        .send(Readable.from(zipWithManifest(objects, entries)));
    },
  );
  done();
};
