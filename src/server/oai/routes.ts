/**
 * `/oai`: the OAI-PMH endpoint, GET with a query string or POST with an
 * `application/x-www-form-urlencoded` body (protocol §3.1.1). Answers are `text/xml`, always 200
 * (protocol errors are in the document), never stored by caches.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import type { ContentService } from '../content/service';
import { OaiRepository } from './repository';

export interface OaiRouteOptions {
  content: ContentService;
  origin: string;
  adminEmail: string;
}

export const OAI_PATH = '/oai';
const FORM = 'application/x-www-form-urlencoded';
/** Largest POST body accepted (arguments are short; a token is under 1 KB). */
const BODY_LIMIT = 16 * 1024;

/** The request's arguments: the query string of a GET, the body of a POST. */
function argumentsOf(request: FastifyRequest): URLSearchParams {
  if (request.method === 'POST') return new URLSearchParams(typeof request.body === 'string' ? request.body : '');
  const url = request.raw.url ?? '';
  const q = url.indexOf('?');
  return new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
}

/** The endpoint's route (encapsulated: its body parser applies to it alone). */
export const oaiRoutes: FastifyPluginCallback<OaiRouteOptions> = (app, options, done) => {
  const repository = new OaiRepository(options);
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, next) =>
    next(null, body),
  );
  app.route({
    method: ['GET', 'POST'],
    url: OAI_PATH,
    handler: async (request, reply) => {
      if (request.method === 'POST' && !String(request.headers['content-type'] ?? '').startsWith(FORM))
        return reply
          .code(415)
          .header('Cache-Control', 'no-store')
          .send({ error: `POST needs ${FORM}`, statusCode: 415 });
      const xml = await repository.answer(argumentsOf(request));
      return reply
        .code(200)
        .header('Content-Type', 'text/xml; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(xml);
    },
  });
  done();
};
