/**
 * Addresses Fastify refuses before any route (Fastify's `frameworkErrors` and `clientErrorHandler`
 * server options), answered in the site's language instead of Fastify's English JSON:
 * - a path with a broken percent-encoding (`/News/%E0%A4%A`, FST_ERR_BAD_URL): a page address gets
 *   the site's 404 page (spec §8: an unknown path is a 404 «Page Not Found: {path}»; no page can
 *   have such an address), rendered for the same path with its `%` escaped; the APIs keep JSON;
 * - a request Node's HTTP parser refuses (a URL or headers over 16 KB: 431; a timeout: 408; other
 *   malformed requests: 400): a short Ukrainian plain-text answer on the socket, as Node cannot
 *   route it anywhere.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Socket } from 'node:net';

/** Path prefixes of the JSON APIs: their malformed addresses are answered in JSON. */
const API_PREFIXES = ['/api/', '/v0/', '/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/'];
/** Marks the inner render, so a second framework error cannot loop. */
const RETRY_HEADER = 'x-uhmi-malformed-path';
/** Headers of the inner answer that belong to its own connection. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'date']);

/** `path` with every `%` escaped as `%25`: decodes to the address exactly as it was typed. */
export function escapePercents(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return path.replaceAll('%', '%25') + (query === -1 ? '' : url.slice(query));
}

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}

function sendJson(error: FastifyError, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 400;
  return reply.code(status).type('application/json; charset=utf-8').send({
    error: error.message,
    code: error.code,
    statusCode: status,
  });
}

/**
 * Fastify's `frameworkErrors` option: `getApp` returns the app once created (the option is given
 * before it exists). A GET or HEAD of a page address with a bad encoding is answered with the 404
 * page the app renders for the escaped path (its headers: security, caching, encoding); anything
 * else with `{ error, code, statusCode }`.
 */
export function frameworkErrorHandler(
  getApp: () => FastifyInstance,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request: FastifyRequest, reply: FastifyReply) => {
    const url = request.raw.url ?? '/';
    const method = request.raw.method ?? 'GET';
    const isPage = (method === 'GET' || method === 'HEAD') && !isApiPath(url);
    if (error.code !== 'FST_ERR_BAD_URL' || !isPage || request.headers[RETRY_HEADER]) {
      sendJson(error, reply);
      return;
    }
    sendNotFoundPage(getApp(), request, reply, method).catch((err: unknown) => {
      request.log.error({ err }, 'the 404 page of a malformed address failed');
      if (!reply.sent) sendJson(error, reply);
    });
  };
}

/** Sends the page the app renders for the request's address with its `%` escaped (the 404 page). */
async function sendNotFoundPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  method: 'GET' | 'HEAD',
): Promise<void> {
  const inner = await app.inject({
    method,
    url: escapePercents(request.raw.url ?? '/'),
    headers: { ...request.headers, [RETRY_HEADER]: '1' },
  });
  for (const [name, value] of Object.entries(inner.headers))
    if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
  await reply.code(inner.statusCode).send(inner.rawPayload);
}

/** Status and Ukrainian text for what Node's parser refused. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', 'Запит надходив задовго. Спробуйте ще раз.'];
  if (code === 'HPE_HEADER_OVERFLOW' || code === 'HPE_URI_TOO_LONG')
    return [
      431,
      'Request Header Fields Too Large',
      'Адреса запиту задовга. Скоротіть її (наприклад, пошуковий запит) і спробуйте ще раз.',
    ];
  return [400, 'Bad Request', 'Запит пошкоджено, і сервер не може його прочитати. Перевірте адресу.'];
}

/**
 * Fastify's `clientErrorHandler` option: answers a request Node's HTTP parser refused with a short
 * Ukrainian plain-text body (408, 431 or 400) and closes the connection; nothing when the client
 * has already gone.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const [status, reason, text] = clientErrorAnswer(err.code);
    const body = `${text}\n`;
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
