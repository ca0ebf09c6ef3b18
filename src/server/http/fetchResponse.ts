/**
 * The tRPC Fastify adapter answers with `reply.send(response)`, a fetch `Response` carrying the
 * status (404 for NOT_FOUND, 401 for UNAUTHORIZED…) and headers. Fastify applies those only when
 * the payload reaches it still a Response, but @fastify/compress's onSend hook (a route-level hook,
 * so it runs after the instance's hooks) swaps a Response for its body stream when it compresses:
 * status and headers were lost and every compressed tRPC error went out as 200. This hook runs
 * first and moves status and headers onto the reply, leaving only the body for compression.
 */
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';

function isFetchResponse(payload: unknown): payload is Response {
  return (
    typeof payload === 'object' && payload !== null && Object.prototype.toString.call(payload) === '[object Response]'
  );
}

const unwrapFetchResponses: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!isFetchResponse(payload)) return payload;
    reply.code(payload.status);
    payload.headers.forEach((value, name) => {
      if (name !== 'set-cookie') reply.header(name, value);
    });
    const cookies = payload.headers.getSetCookie();
    if (cookies.length) reply.header('set-cookie', cookies);
    return payload.body;
  });
  done();
};

/**
 * The onSend hook that unwraps fetch `Response` payloads (before compression sees them), on the
 * whole app (fastify-plugin: not encapsulated). Register it before @fastify/compress.
 */
export const fetchResponseUnwrap = fp(unwrapFetchResponses, { name: 'fetch-response-unwrap' });
