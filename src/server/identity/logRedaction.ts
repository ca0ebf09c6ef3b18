/**
 * Keeps one-time secrets out of the request log: Fastify logs every request's URL, and a
 * password-reset link (`/edit/admin/Login?mode=resetPassword&oobCode=…`) carries its code there.
 */
import type { FastifyRequest } from 'fastify';

const SECRET_PARAMS = /([?&](?:oobCode|oob_code|code|token|refresh_token)=)[^&#]*/gi;

/** The URL with the values of secret query parameters (oobCode, token…) replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

/** Fastify's request serializer (`logger.serializers.req`) with the URL redacted. */
export function redactedRequestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
