/**
 * Session sync (spec sections 4 and 7): the client posts `{token}` (its current ID token, empty when
 * signed out) to POST /api/__session on every sign-in state and token change. A valid token is kept
 * in the httpOnly, SameSite=Lax cookie `__session` (the one cookie Firebase Hosting forwards), Secure
 * under https, until the token expires; an empty token clears it and ends the cookie's session on the
 * server as sign-out does (answering `reason: 'user-disabled'` when the cookie it clears belonged to
 * an account disabled since). A malformed body gets 400 and a bad
 * token 401 (with `reason: 'user-disabled'` when the token is good but its account was disabled since),
 * and neither sets a cookie.
 *
 * Sign-out: POST /api/__session/signout (no body needed; cross-site requests refused like every API
 * post) ends the cookie's account sessions on the server (its refresh tokens and the ID tokens issued
 * so far stop working, in both backends) and clears the cookie; `{ signedOut: true }` when there was a
 * valid session, false otherwise. The admin calls it before the SDK's signOut.
 */
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { DISABLED_REASON, InvalidTokenError, type AuthUser, type IdentityBackend } from '../identity/types';
import { USER_DISABLED, type SessionReply } from '../../shared/sessionReply';

export const SESSION_COOKIE = '__session';

const bodySchema = z.object({ token: z.string().max(8192) }).strict();

/** The verified user of a request's session cookie, or null (no cookie, bad, expired or revoked token). */
export async function userFromRequest(
  request: FastifyRequest | undefined,
  identity: IdentityBackend,
): Promise<AuthUser | null> {
  const token = request?.cookies?.[SESSION_COOKIE];
  if (!token) return null;
  try {
    return await identity.verifyIdToken(token, true);
  } catch {
    return null;
  }
}

/**
 * Ends the session of the request's cookie on the server, as sign-out does (its account's refresh
 * tokens and ID tokens so far are revoked). Returns whether the cookie held a good token of an
 * account disabled since (nothing to revoke then).
 */
async function endCookieSession(request: FastifyRequest, identity: IdentityBackend): Promise<{ disabled: boolean }> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (!token) return { disabled: false };
  let user: AuthUser;
  try {
    user = await identity.verifyIdToken(token, true);
  } catch (err) {
    return { disabled: err instanceof InvalidTokenError && err.reason === DISABLED_REASON };
  }
  await identity.revokeSessions(user.uid, decodeClaim(token, 'iat'));
  return { disabled: false };
}

/**
 * Refuses state-changing requests sent from another site (cookie-authenticated CSRF), whatever
 * their path (the router decodes `/%61pi/…` to `/api/…`, so a path test is no guard): every method
 * but GET, HEAD and OPTIONS. The browser's Sec-Fetch-Site must not say `cross-site`, and an Origin,
 * when sent, must be this site: PUBLIC_URL's host or the host the request was sent to (a browser
 * sends the real one; the request guard has checked its form). Requests with no Origin and no
 * Sec-Fetch-Site do not come from a browser's cross-site form or fetch and pass. A request that
 * carries an `Authorization` header and no cookie (the Firebase SDKs' calls to the identity and
 * storage endpoints) has no ambient credential to abuse and passes as well.
 *
 * `Origin: null` is refused, except with `Sec-Fetch-Site: same-origin`: a form posted from one of
 * our own pages is a navigation, and under our `Referrer-Policy: no-referrer` the browser sends its
 * Origin as `null`; Sec-Fetch-Site is set by the browser alone (pages cannot forge it).
 */
const refuseCrossSite: FastifyPluginCallback<{ publicUrl: string }> = (app, options, done) => {
  const publicHost = new URL(options.publicUrl).host;
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (request.headers.authorization && !request.headers.cookie) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    let crossSite = site === 'cross-site' || site === 'same-site';
    const sameOriginNavigation = origin === 'null' && site === 'same-origin';
    if (!crossSite && origin !== undefined && !sameOriginNavigation) {
      try {
        const host = new URL(origin).host;
        crossSite = host !== publicHost && host !== request.host;
      } catch {
        crossSite = true; // `Origin: null` (sandboxed frames, some redirects) or garbage
      }
    }
    if (crossSite)
      return reply
        .code(403)
        .header('Cache-Control', 'no-store')
        .send({ error: 'Cross-site request refused', statusCode: 403 });
  });
  done();
};

/** The cross-site guard on every request of the app (fastify-plugin: not encapsulated). */
export const crossSiteGuard = fp(refuseCrossSite, { name: 'cross-site-guard' });

export interface SessionRoutesOptions {
  identity: IdentityBackend;
  /** Whether the cookie is Secure (PUBLIC_URL is https). */
  secure: boolean;
}

/**
 * POST /api/__session and /api/__session/signout (encapsulated: routes only; @fastify/cookie must
 * be registered on the app before).
 */
export const sessionRoutes: FastifyPluginCallback<SessionRoutesOptions> = (app, opts, done) => {
  const { identity } = opts;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };
  app.post('/api/__session', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const parsed = bodySchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: 'Expected {"token": string}' });
    if (!parsed.data.token) {
      // A sign-out: the cookie's session ends on the server too. The SDK drops a stored sign-in whose
      // account was disabled without saying why; the cookie it leaves behind tells, so the admin can
      // explain the sign-out.
      const { disabled } = await endCookieSession(request, identity);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      const body: SessionReply = { user: null, ...(disabled ? { reason: USER_DISABLED } : {}) };
      return reply.send(body);
    }
    let user: AuthUser;
    try {
      user = await identity.verifyIdToken(parsed.data.token, true);
    } catch (err) {
      // A valid sign-in of an account disabled since: the admin says so instead of a silent sign-out.
      const disabled = err instanceof InvalidTokenError && err.reason === DISABLED_REASON;
      const body: SessionReply = { error: 'Invalid ID token', ...(disabled ? { reason: USER_DISABLED } : {}) };
      return reply.code(401).send(body);
    }
    const exp = decodeExp(parsed.data.token);
    const maxAge = Math.max(0, Math.min(3600, exp - Math.floor(Date.now() / 1000)));
    reply.setCookie(SESSION_COOKIE, parsed.data.token, { ...cookieOptions, maxAge });
    return reply.send({ user: { uid: user.uid, email: user.email, role: user.role } });
  });

  app.post('/api/__session/signout', { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    const user = await userFromRequest(request, identity);
    if (user && token) await identity.revokeSessions(user.uid, decodeClaim(token, 'iat'));
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    return reply.header('Cache-Control', 'no-store').send({ signedOut: !!user });
  });
  done();
};

function decodeExp(token: string): number {
  return decodeClaim(token, 'exp') ?? 0;
}

/** A numeric claim of a (verified) JWT's payload, or undefined. */
function decodeClaim(token: string, claim: 'exp' | 'iat'): number | undefined {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    return typeof payload[claim] === 'number' ? payload[claim] : undefined;
  } catch {
    return undefined;
  }
}
