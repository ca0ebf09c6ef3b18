/**
 * Malformed and unsupported requests are answered before anything looks at them, so none of them
 * reaches code that would fail with a 500:
 * - a request target that is not a path (`GET http://evil.example/ HTTP/1.1`, `GET *`): 400;
 * - a Host that is not a host name or address with an optional port (`ex ample`, `a/b`, `a@b`,
 *   longer than 255 characters): 400 (HTTP/1.1 without Host is refused by Node itself);
 * - a method the path does not serve (TRACE, PROPFIND, PUT on a page…): 405 with `Allow`; pages
 *   serve GET and HEAD (and POST for the pages that take a posted form, `formPaths`), the APIs and
 *   the Firebase-compatible endpoints what their routes handle.
 *   CONNECT never reaches Fastify: the HTTP server answers it with 405 on the socket.
 */
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'node:net';

const PAGE_METHODS = ['GET', 'HEAD'] as const;
const FORM_PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** Methods served under each non-page prefix (the union of its routes' methods). */
const METHODS_BY_PREFIX: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['/api', ['GET', 'HEAD', 'POST']],
  ['/v0', ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']],
  ['/identitytoolkit.googleapis.com', ['GET', 'HEAD', 'POST']],
  ['/securetoken.googleapis.com', ['GET', 'HEAD', 'POST']],
];

/** A host name (letters, digits, `.`, `-`, `_`, `~`) or a bracketed IPv6 address, with an optional port. */
const HOST_PATTERN = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::[0-9]{1,5})?$/;
const MAX_HOST_LENGTH = 255;

/** Whether a Host header value is well-formed (see HOST_PATTERN), at most 255 characters. */
export function isValidHost(host: string): boolean {
  return host.length > 0 && host.length <= MAX_HOST_LENGTH && HOST_PATTERN.test(host);
}

/** A matcher for a route path such as `/publications/:id` (one segment per parameter). */
export function routePathPattern(routePath: string): RegExp {
  const source = routePath
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** The methods a path is served with (by its decoded path, as the router sees it). */
export function allowedMethods(rawPath: string, formPatterns: readonly RegExp[] = []): readonly string[] {
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // a malformed escape: the router answers it with 400; judge the path as sent
  }
  const entry = METHODS_BY_PREFIX.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`));
  if (entry) return entry[1];
  return formPatterns.some((re) => re.test(path)) ? FORM_PAGE_METHODS : PAGE_METHODS;
}

function refuse(reply: FastifyReply, status: 400 | 405, message: string, headers: Record<string, string> = {}) {
  return reply
    .code(status)
    .headers({ 'Cache-Control': 'no-store', ...headers })
    .send({ error: message, statusCode: status });
}

export interface RequestGuardOptions {
  /** Route paths of the pages that take a posted form. */
  formPaths?: readonly string[];
}

const guardRequests: FastifyPluginCallback<RequestGuardOptions> = (app, options, done) => {
  const formPatterns = (options.formPaths ?? []).map(routePathPattern);
  app.addHook('onRequest', async (request, reply) => {
    const target = request.raw.url ?? '';
    if (!target.startsWith('/')) return refuse(reply, 400, 'The request target must be a path');
    const host = request.headers.host;
    if (host !== undefined && !isValidHost(host)) return refuse(reply, 400, 'Invalid Host header');
    // With TRUST_PROXY the effective host may come from X-Forwarded-Host: it must be as well-formed.
    if (request.host && request.host !== host && !isValidHost(request.host))
      return refuse(reply, 400, 'Invalid forwarded host');
    const q = target.indexOf('?');
    const allowed = allowedMethods(q === -1 ? target : target.slice(0, q), formPatterns);
    if (!allowed.includes(request.method)) {
      return refuse(reply, 405, 'Method not allowed', { Allow: allowed.join(', ') });
    }
  });

  // Node hands CONNECT to a 'connect' listener (without one it drops the connection): answer it.
  app.server.on('connect', (_request: unknown, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${PAGE_METHODS.join(', ')}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  done();
};

/**
 * The checks, on every request of the app (fastify-plugin: not encapsulated). Register it before the
 * routes and the other request hooks that read the request.
 */
export const requestGuard = fp(guardRequests, { name: 'request-guard' });
