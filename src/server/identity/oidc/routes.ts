/**
 * Single sign-on routes (only when OIDC_* is configured):
 *   GET /api/auth/oidc/start?returnUrl=/edit/admin/…  seals a pending login into the `__session`
 *       cookie and redirects to the provider (or, when it cannot be reached, back to the login page);
 *   GET /api/auth/oidc/callback?code&state             checks the pending login, exchanges the code,
 *       finds or creates the account (resolveAccount.ts) and redirects to
 *       `/edit/admin/Login?returnUrl=…#sso={custom token}`; the page signs in with signInWithCustomToken.
 * A failure the user can act on redirects to `/edit/admin/Login?sso_error={code}` (Ukrainian there);
 * a callback without a matching pending login, or whose state was used before, or whose code the
 * provider refuses, is a 400 page (never a 500). The custom token travels in the fragment, which
 * browsers never send to a server, so it reaches no log.
 */
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { escapeHtml } from '../../http/escapeHtml';
import { SESSION_COOKIE } from '../../http/session';
import type { FederatedAccounts } from '../federation/types';
import { OidcClient, SsoError } from './client';
import { PENDING_TTL_SECONDS, PendingLogins } from './pendingLogin';
import { resolveSsoAccount } from './resolveAccount';
import type { OidcConfig } from '../../config';

export const OIDC_START_PATH = '/api/auth/oidc/start';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';
const LOGIN_PATH = '/edit/admin/Login';
const ADMIN_HOME = '/edit/admin';

export interface OidcRoutesOptions {
  config: OidcConfig;
  publicUrl: string;
  accounts: FederatedAccounts;
  /** Whether cookies are Secure (PUBLIC_URL is https). */
  secure: boolean;
}

/** A return address inside the admin (never the login page, never another origin), else the admin's home. */
function safeReturnUrl(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith(ADMIN_HOME) || value.startsWith('//')) return ADMIN_HOME;
  if (value.startsWith(LOGIN_PATH) || /[\\\s]/.test(value) || value.length > 1000) return ADMIN_HOME;
  return value;
}

function loginRedirect(reply: FastifyReply, code: string) {
  return reply.header('Cache-Control', 'no-store').redirect(`${LOGIN_PATH}?sso_error=${encodeURIComponent(code)}`);
}

/** The 400 answer to a callback that cannot be completed, a small page in Ukrainian. */
function badCallback(reply: FastifyReply, reason: string) {
  const body = `<!doctype html><html lang="uk"><head><meta charset="utf-8"><title>Вхід не завершено</title></head><body>
<h1>Вхід через обліковий запис установи не завершено</h1>
<p>Це посилання для входу недійсне або вже використане (${escapeHtml(reason)}). Почніть вхід знову.</p>
<p><a href="${LOGIN_PATH}">Перейти до входу</a></p></body></html>`;
  return reply.code(400).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

export const oidcRoutes: FastifyPluginCallback<OidcRoutesOptions> = (app, opts, done) => {
  const client = new OidcClient(opts.config, `${opts.publicUrl}${OIDC_CALLBACK_PATH}`);
  const pending = new PendingLogins(opts.config.clientSecret);
  // States already brought back (per instance; the provider refuses a code used twice in any case).
  const usedStates = new LRUCache<string, true>({ max: 10_000, ttl: PENDING_TTL_SECONDS * 1000 });
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: opts.secure };

  app.get(OIDC_START_PATH, async (request, reply) => {
    const returnUrl = safeReturnUrl((request.query as Record<string, unknown>).returnUrl);
    try {
      const { login, url } = await client.start(returnUrl);
      reply.setCookie(SESSION_COOKIE, await pending.seal(login), { ...cookieOptions, maxAge: PENDING_TTL_SECONDS });
      return reply.header('Cache-Control', 'no-store').redirect(url);
    } catch (err) {
      if (!(err instanceof SsoError)) throw err;
      request.log.warn({ reason: err.message }, 'single sign-on could not start');
      return loginRedirect(reply, err.code);
    }
  });

  app.get(OIDC_CALLBACK_PATH, async (request: FastifyRequest, reply) => {
    const query = request.query as Record<string, unknown>;
    const login = await pending.open(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    if (login === 'expired') return loginRedirect(reply, 'expired');
    if (login === 'invalid') return badCallback(reply, 'немає незавершеного входу');
    if (typeof query.state !== 'string' || query.state !== login.state)
      return badCallback(reply, 'стан запиту не збігається');
    if (usedStates.has(login.state)) return badCallback(reply, 'стан запиту вже використано');
    usedStates.set(login.state, true);
    const search = request.url.slice(request.url.indexOf('?'));
    try {
      const identity = await client.finish(search, login);
      const { account, created } = await resolveSsoAccount(identity, opts.accounts, opts.config.allowedDomains);
      const token = await opts.accounts.customToken(account.uid);
      request.log.info({ uid: account.uid, created }, 'single sign-on');
      const target = `${LOGIN_PATH}?returnUrl=${encodeURIComponent(login.returnUrl)}#sso=${encodeURIComponent(token)}`;
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(target);
    } catch (err) {
      if (!(err instanceof SsoError)) throw err;
      request.log.warn({ code: err.code, reason: err.message }, 'single sign-on refused');
      if (err.code === 'bad-callback') return badCallback(reply, 'постачальник відхилив код входу');
      return loginRedirect(reply, err.code);
    }
  });
  done();
};
