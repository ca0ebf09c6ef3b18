/**
 * The Firebase-Auth-compatible HTTP endpoints, at the paths the SDK uses after
 * `connectAuthEmulator(auth, origin)`:
 *   POST /identitytoolkit.googleapis.com/v1/accounts:{signInWithPassword|signUp|lookup|update|delete|sendOobCode|resetPassword|createAuthUri|signInWithCustomToken}
 *   GET  /identitytoolkit.googleapis.com/v1/projects          (authorizedDomains)
 *   GET  /identitytoolkit.googleapis.com/v2/recaptchaConfig   (reCAPTCHA not enforced)
 *   POST /securetoken.googleapis.com/v1/token                 (form-encoded refresh)
 *   GET  /securetoken.googleapis.com/v1/jwks                  (public signing keys)
 * Every call needs `?key=` equal to the configured API key (present, no colon).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmbeddedIdentity } from './embedded';
import { IdentityError } from './errors';
import type { SigningKey } from './keys';
import { disabledProviderActions, PASSWORD_POLICY } from './restSurface';

type Handler = (body: Record<string, unknown>, request: FastifyRequest) => Promise<Record<string, unknown>>;

export interface IdentityRoutesOptions {
  identity: EmbeddedIdentity;
  apiKey: string;
  authorizedDomains: string[];
  key: SigningKey;
  /** accounts:signInWithCustomToken (customTokenSignIn.ts). */
  signInWithCustomToken: Handler;
}

function checkApiKey(request: FastifyRequest, apiKey: string): void {
  const key = (request.query as Record<string, unknown>).key;
  if (typeof key !== 'string' || !key || key.includes(':') || key !== apiKey)
    throw new IdentityError('API_KEY_INVALID');
}

/** Answers with what `run` returns or resolves to; an IdentityError it throws (or rejects with) is the answer too. */
function send(reply: FastifyReply, run: () => unknown) {
  return new Promise((resolve) => resolve(run())).then(
    (body) => reply.header('Cache-Control', 'no-store').send(body),
    (err: unknown) => {
      if (err instanceof IdentityError)
        return reply.code(err.status).header('Cache-Control', 'no-store').send(err.toBody());
      throw err;
    },
  );
}

/** A callback-style Fastify plugin: it only declares routes, so there is nothing to await. */
export function identityRoutes(app: FastifyInstance, opts: IdentityRoutesOptions, done: (err?: Error) => void): void {
  const { identity } = opts;
  const actions: Record<string, Handler> = {
    'accounts:signInWithPassword': (body, request) => identity.signInWithPassword(body, request.ip),
    'accounts:signUp': (body) => identity.signUp(body),
    'accounts:lookup': (body) => identity.lookup(body),
    'accounts:update': (body) => identity.update(body),
    'accounts:delete': (body) => identity.deleteSelf(body),
    'accounts:sendOobCode': (body, request) => identity.sendOobCode(body, request.ip),
    'accounts:createAuthUri': (body) => identity.createAuthUri(body),
    'accounts:resetPassword': (body) => identity.resetPassword(body),
    'accounts:signInWithEmailLink': (body) => identity.signInWithEmailLink(body),
    ...disabledProviderActions,
    'accounts:signInWithCustomToken': opts.signInWithCustomToken,
  };

  // The token endpoint is form-encoded, as Google's.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post<{ Params: { action: string } }>(
    '/identitytoolkit.googleapis.com/v1/:action',
    { bodyLimit: 64 * 1024 },
    (request, reply) =>
      send(reply, async () => {
        checkApiKey(request, opts.apiKey);
        const handler = Object.prototype.hasOwnProperty.call(actions, request.params.action)
          ? actions[request.params.action]
          : undefined;
        if (!handler) throw new IdentityError('INVALID_ARGUMENT', 'Unknown method', 404);
        const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
        return handler(body, request);
      }),
  );

  app.get('/identitytoolkit.googleapis.com/v1/projects', (request, reply) =>
    send(reply, () => {
      checkApiKey(request, opts.apiKey);
      return { authorizedDomains: opts.authorizedDomains };
    }),
  );

  app.get('/identitytoolkit.googleapis.com/v2/passwordPolicy', (request, reply) =>
    send(reply, () => {
      checkApiKey(request, opts.apiKey);
      return PASSWORD_POLICY;
    }),
  );

  app.get('/identitytoolkit.googleapis.com/v2/recaptchaConfig', (request, reply) =>
    send(reply, () => {
      checkApiKey(request, opts.apiKey);
      return { recaptchaEnforcementState: [{ provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' }] };
    }),
  );

  app.post('/securetoken.googleapis.com/v1/token', { bodyLimit: 16 * 1024 }, (request, reply) =>
    send(reply, async () => {
      checkApiKey(request, opts.apiKey);
      const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      return identity.refresh(body);
    }),
  );

  app.get('/securetoken.googleapis.com/v1/jwks', async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').send({ keys: [opts.key.publicJwk] }),
  );
  done();
}
