/**
 * Firebase mode's request for a sign-in link when SMTP is configured: POST /api/__emailLink
 * `{email, continueUrl}`. The link comes from firebase-admin's generateSignInWithEmailLink
 * (FirebaseIdentity.signInLink) and goes out through our SMTP outbox in Ukrainian, as in embedded
 * mode (where the SDK's sendSignInLinkToEmail reaches our own accounts:sendOobCode instead).
 *
 * Same rules as embedded: the answer `{email}` is the same for known and unknown addresses (only
 * existing, enabled accounts are mailed, in the background); requests are limited per email and per
 * client address as password resets are; continueUrl must be on an authorized domain. Errors answer
 * `{code}` with the SDK's client code (`auth/invalid-email`, `auth/too-many-requests`,
 * `auth/invalid-continue-uri`, `auth/unauthorized-continue-uri`), so the login page shows them alike.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkContinueUrl } from './emailLink';
import { IdentityError } from './errors';
import type { FirebaseIdentity } from './firebase';
import type { ResetRequestLimiter } from './limiter';
import type { Mailer } from './mail';

export const EMAIL_LINK_PATH = '/api/__emailLink';

export interface EmailLinkRouteOptions {
  identity: FirebaseIdentity;
  mailer: Mailer;
  limiter: ResetRequestLimiter;
  authorizedDomains: string[];
  log: { warn(message: string): void };
}

const bodySchema = z.object({ email: z.string().max(320), continueUrl: z.string().max(2048) }).strict();

const CLIENT_CODES: Record<string, string> = {
  INVALID_CONTINUE_URI: 'auth/invalid-continue-uri',
  UNAUTHORIZED_DOMAIN: 'auth/unauthorized-continue-uri',
};

/** Registers POST /api/__emailLink (callback-style plugin: routes only). */
export function emailLinkRoute(app: FastifyInstance, opts: EmailLinkRouteOptions, done: (err?: Error) => void): void {
  app.post(EMAIL_LINK_PATH, { bodyLimit: 8 * 1024 }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const parsed = bodySchema.safeParse(request.body);
    const email = parsed.success ? parsed.data.email.trim() : '';
    if (!parsed.success || !z.email().safeParse(email).success)
      return reply.code(400).send({ code: 'auth/invalid-email' });
    let continueUrl: string;
    try {
      continueUrl = checkContinueUrl(parsed.data.continueUrl, opts.authorizedDomains);
    } catch (err) {
      const code = err instanceof IdentityError ? CLIENT_CODES[err.code] : undefined;
      return reply.code(400).send({ code: code ?? 'auth/invalid-continue-uri' });
    }
    if (!(await opts.limiter.allow(email, request.ip))) return reply.code(429).send({ code: 'auth/too-many-requests' });
    // Not awaited: a lookup and an SMTP round trip for known addresses only would tell them apart by time.
    void opts.identity
      .signInLink(email, continueUrl)
      .then((made) => made && opts.mailer.sendEmailAction('signIn', made.email, made.link, { uid: made.uid }))
      .catch((err: unknown) => {
        opts.log.warn(`Could not send a sign-in link: ${err instanceof Error ? err.message : String(err)}`);
      });
    return reply.send({ email: email.toLowerCase() });
  });
  done();
}
