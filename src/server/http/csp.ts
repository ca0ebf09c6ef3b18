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

/**
 * Hosts beyond 'self' the pages may talk to, by configuration: Google's identity and storage APIs
 * (and the auth domain's frame for popup sign-in) only in firebase mode; Google Analytics' tag
 * (loaded by firebase/analytics through googletagmanager) and its collection endpoints only when
 * GA_MEASUREMENT_ID is set. The embedded backend without analytics names no outside host.
 */
export function cspSources(config: Pick<Config, 'backend' | 'gaMeasurementId' | 'firebase'>): { script: string[]; connect: string[]; frame: string[] } {
  const script: string[] = [];
  const connect: string[] = [];
  const frame: string[] = [];
  if (config.backend === 'firebase') {
    script.push('https://apis.google.com');
    connect.push('https://*.googleapis.com');
    frame.push(`https://${config.firebase.authDomain}`);
  }
  if (config.gaMeasurementId) {
    script.push('https://www.googletagmanager.com');
    connect.push('https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
  }
  return { script, connect, frame };
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook('onRequest', async (request) => {
    (request.raw as WithNonce)[NONCE] = randomBytes(16).toString('base64');
  });
  const extra = cspSources(config);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (req) => `'nonce-${(req as WithNonce)[NONCE] ?? ''}'`, ...extra.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...extra.connect],
        frameSrc: ["'self'", ...extra.frame],
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
