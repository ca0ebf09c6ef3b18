/**
 * Content-Security-Policy (through @fastify/helmet) with a per-request nonce for our inline
 * configuration script. The nonce is on script-src only: inline *styles* stay allowed
 * ('unsafe-inline'), which the admin's UI kit needs; a style nonce would switch that off.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config';

const NONCE = Symbol('cspNonce');
type WithNonce = IncomingMessage & { [NONCE]?: string };

/** The script nonce of the current request (for inline scripts in rendered HTML). */
export function scriptNonce(reply: FastifyReply): string {
  return (reply.request.raw as WithNonce)[NONCE] ?? '';
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook('onRequest', async (request) => {
    (request.raw as WithNonce)[NONCE] = randomBytes(16).toString('base64');
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (req) => `'nonce-${(req as WithNonce)[NONCE] ?? ''}'`, 'https://www.googletagmanager.com', 'https://apis.google.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://*.googleapis.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
        frameSrc: ["'self'", `https://${config.firebase.authDomain}`],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? undefined : false,
  });
}
