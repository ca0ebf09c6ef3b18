/**
 * A real OpenID provider in process for the single sign-on tests: `oidc-provider` (panva, OpenID
 * certified) on a free loopback port, with one confidential client (PKCE required), test accounts,
 * and an interaction handler standing in for the provider's login screen: it signs in the account
 * named in `next.account`, or, with `next.cancel`, answers as a user who cancelled (access_denied).
 */
import http from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import { freePort } from './freePort';

export interface IdpAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, IdpAccount>;
  /** What the next visit to the login screen does. */
  next: { account?: string; cancel?: boolean };
  close(): Promise<void>;
}

/** Starts the provider; `redirectUris` are the relying party's callback addresses. */
export async function startTestIdp(redirectUris: string[]): Promise<TestIdp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map<string, IdpAccount>();
  const next: TestIdp['next'] = {};
  const configuration: Configuration = {
    clients: [
      {
        client_id: 'uhmi-site',
        client_secret: 'uhmi-site-test-secret',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ['uhmi-test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: account.emailVerified, name: account.name }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();
  const server = http.createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void interact(provider, req, res, next).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId: 'uhmi-site',
    clientSecret: 'uhmi-site-test-secret',
    accounts,
    next,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The login and consent screens, answered at once as `next` says. */
async function interact(
  provider: Provider,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: TestIdp['next'],
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (next.cancel) {
    await provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (details.prompt.name === 'login') {
    await provider.interactionFinished(req, res, { login: { accountId: next.account ?? '' } });
    return;
  }
  const accountId = details.session!.accountId;
  const grant = new provider.Grant({ accountId, clientId: details.params.client_id as string });
  grant.addOIDCScope('openid email profile');
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: true },
  );
}

/**
 * Follows the provider's redirects from `url` as a browser would (keeping its cookies) until it sends
 * the browser back to `callback`; returns that callback address (with its query). Throws when the
 * provider answers without a redirect or after 10 redirects.
 */
export async function followToCallback(url: string, callback: string): Promise<string> {
  const jar = new Map<string, string>();
  for (let i = 0; i < 10; i += 1) {
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`The provider answered ${res.status} at ${url}: ${await res.text()}`);
    url = new URL(location, url).href;
    if (url.startsWith(callback)) return url;
  }
  throw new Error('Too many redirects at the provider');
}
