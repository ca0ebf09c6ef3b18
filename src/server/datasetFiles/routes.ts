/**
 * GET and HEAD /api/data_repo/{slug}/files.zip[?version=…]: «Завантажити все», a ZIP of the version's
 * files with SHA256SUMS.txt (zipStream.ts), streamed. Answered before the first byte, each with a
 * Ukrainian message: an unknown or unpublished dataset, an unknown version or one without files, or
 * a version whose file is missing from storage is a 404; `version` given more than once a 400; files
 * too large together for a ZIP without ZIP64 (zipLimits.ts) a 413; more than `maxStreams` archives
 * being sent at once a 503 with Retry-After. HEAD answers the same status and headers without
 * reading any file.
 */
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginCallback } from 'fastify';
import { Readable } from 'node:stream';
import type { ContentDocument } from '../../shared/content/registry';
import type { ContentService } from '../content/service';
import type { ObjectStorePort } from '../storage/port';
import { repeatedParamMessage, singleParam } from '../http/singleParam';
import { versionFiles } from './versionFiles';
import { isTextFile, zipOverflow, zipTooLargeMessage } from './zipLimits';
import { archiveNames, zipWithManifest, type ZipEntry } from './zipStream';

export interface DatasetFileRoutesOptions {
  content: ContentService;
  objects: ObjectStorePort;
  /** Archives streamed at once before others get 503 (default 4: deflate and hashing share the CPU). */
  maxStreams?: number;
}

/** Seconds a client told 503 waits before it tries again. */
const RETRY_AFTER_SECONDS = 30;

/** `{slug}-v{version}.zip` as an attachment (content-disposition: RFC 6266, `filename*` when needed). */
function disposition(slug: string, version: string): string {
  return contentDisposition(`${slug}${version ? `-v${version}` : ''}.zip`);
}

type Planned = { status: number; error: string } | { entries: ZipEntry[]; disposition: string };

/** The archive's entries and name, or the status and Ukrainian message refusing it; reads metadata only. */
async function plan({ content, objects }: DatasetFileRoutesOptions, slug: string, query: unknown): Promise<Planned> {
  const param = singleParam(query);
  if (param === 'repeated') return { status: 400, error: repeatedParamMessage('version') };
  const { value: version } = param;
  const d = (await content.publicGet('dataRepo', slug)) as ContentDocument<'dataRepo'> | null;
  if (!d) return { status: 404, error: `Набір даних не знайдено: ${slug}` };
  const picked = versionFiles(d, version);
  if (!picked?.files.length) {
    return { status: 404, error: `У набору «${d.slug}» немає файлів версії ${version ?? d.datasetVersion}` };
  }
  const names = archiveNames(picked.files.map((f) => f.name));
  const sized: Array<{ name: string; size: number }> = [];
  for (const [i, file] of picked.files.entries()) {
    const stat = await objects.stat(file.path);
    if (!stat) return { status: 404, error: `Файлу «${file.name}» немає у сховищі` };
    sized.push({ name: names[i]!, size: stat.size });
  }
  const tooLarge = zipOverflow(sized);
  if (tooLarge !== null) return { status: 413, error: zipTooLargeMessage(tooLarge) };
  return {
    entries: picked.files.map((f, i) => ({ name: names[i]!, path: f.path, deflate: isTextFile(f) })),
    disposition: disposition(d.slug, picked.version),
  };
}

export const datasetFileRoutes: FastifyPluginCallback<DatasetFileRoutesOptions> = (app, options, done) => {
  const maxStreams = options.maxStreams ?? 4;
  let streaming = 0;
  app.route<{ Params: { slug: string }; Querystring: { version?: unknown } }>({
    method: ['GET', 'HEAD'],
    url: '/api/data_repo/:slug/files.zip',
    handler: async (request, reply) => {
      const planned = await plan(options, request.params.slug, request.query.version);
      if ('error' in planned) return reply.code(planned.status).send({ error: planned.error });
      const head = request.method === 'HEAD';
      if (!head && streaming >= maxStreams) {
        return reply
          .code(503)
          .header('Retry-After', String(RETRY_AFTER_SECONDS))
          .send({ error: 'Зараз готується забагато архівів. Спробуйте за хвилину або завантажте файли по одному.' });
      }
      reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', planned.disposition)
        .header('Cache-Control', 'public, max-age=0, s-maxage=60')
        .header('X-Content-Type-Options', 'nosniff');
      if (head) return reply.send();
      streaming++;
      const body = Readable.from(zipWithManifest(options.objects, planned.entries));
      body.once('close', () => streaming--);
      return reply.send(body);
    },
  });
  done();
};
