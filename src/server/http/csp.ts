/**
 * Content-Security-Policy and the other security headers (helmet's middleware, built once: the
 * Fastify wrapper @fastify/helmet built it anew on every request, about a tenth of a cached page's
 * CPU), the same for every response: scripts only from
 * 'self' (and the outside hosts configuration needs), no inline script at all. Pages carry their
 * configuration and hydration state in a non-executable JSON block (`ssr/document.ts`), so there is
 * no per-request nonce and a cached page can be served to everyone. Should an inline script ever be
 * needed, its SHA-256 goes into `INLINE_SCRIPT_HASHES`, never 'unsafe-inline'. Inline *styles* stay
 * allowed ('unsafe-inline'): the admin's UI kit needs them, and pages inline their critical CSS.
 */
import type { FastifyPluginCallback } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** 'sha256-…' sources of allowed inline scripts (none today). */
export const INLINE_SCRIPT_HASHES: readonly string[] = [];

/**
 * Hosts beyond 'self' the pages may talk to, by configuration: Google's identity and storage APIs
 * (and the auth domain's frame for popup sign-in) only in firebase mode; Google Analytics' tag
 * (loaded by firebase/analytics through googletagmanager) and its collection endpoints only when
 * GA_MEASUREMENT_ID is set; reCAPTCHA Enterprise's hosts in firebase mode when AUTH_RECAPTCHA_ENFORCED
 * or APP_CHECK_SITE_KEY is set (Google's CSP guidance for reCAPTCHA); the Auth and Storage emulators'
 * origins in firebase mode when set (Auth's also as a frame: the SDK's popup iframe; Storage's also
 * for images: download URLs point at it, and img-src admits only https otherwise). The embedded
 * backend without analytics names no outside host.
 */
export function cspSources(config: Pick<Config, 'backend' | 'gaMeasurementId' | 'firebase'>): {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
} {
  const script: string[] = [];
  const connect: string[] = [];
  const frame: string[] = [];
  const img: string[] = [];
  if (config.backend === 'firebase') {
    script.push('https://apis.google.com');
    connect.push('https://*.googleapis.com');
    frame.push(`https://${config.firebase.authDomain}`);
    const { auth, storage } = config.firebase.emulators;
    if (auth) {
      connect.push(auth);
      frame.push(auth);
    }
    if (storage) {
      connect.push(storage);
      img.push(storage);
    }
    if (config.firebase.recaptchaEnforced || config.firebase.appCheckSiteKey) {
      // reCAPTCHA Enterprise (Authentication's enforcement, App Check): its script, frames and checks.
      script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
      frame.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
      connect.push('https://www.google.com/recaptcha/');
    }
  }
  if (config.gaMeasurementId) {
    script.push('https://www.googletagmanager.com');
    connect.push(
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    );
  }
  return { script, connect, frame, img };
}

const helmetWithPolicy: FastifyPluginCallback<{ config: Config }> = (app, { config }, done) => {
  const extra = cspSources(config);
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES.map((h) => `'${h}'`), ...extra.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extra.img],
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
  app.addHook('onRequest', (request, reply, next) =>
    setHeaders(request.raw, reply.raw, (err) => next(err as Error | undefined)),
  );
  done();
};

/** The security headers (helmet with this policy) on every response of the app (fastify-plugin: not encapsulated). */
export const securityHeaders = fp(helmetWithPolicy, { name: 'security-headers' });
