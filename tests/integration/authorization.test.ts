/**
 * The authorisation matrix: every procedure of `appRouter`, found by enumerating
 * `appRouter._def.procedures` and reading its `meta.access` (never a list of names, so procedures
 * added later are covered), called as each kind of caller with a real session:
 *
 *   access   anonymous      no role     editor            admin
 *   public   not 401        not 401     not 401           not 401
 *   staff    UNAUTHORIZED   FORBIDDEN   passes            passes
 *   admin    UNAUTHORIZED   FORBIDDEN   FORBIDDEN         passes
 *
 * "passes" means the call gets past authorisation: it may still fail on its (absent) input, so the
 * code must only be neither UNAUTHORIZED nor FORBIDDEN. Calls go through `createCallerFactory` with
 * the server's own context factory and a request carrying the `__session` cookie, and, for the
 * refusals, through HTTP with the cookie the session endpoint set.
 */
import type { FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_API_KEY } from '../../src/server/config';
import { appRouter } from '../../src/server/trpc/appRouter';
import { createContextFactory } from '../../src/server/trpc/context';
import { createCallerFactory, type Meta } from '../../src/server/trpc/init';
import { startTestServer, type TestServer } from './helpers';

type Access = Meta['access'];
interface ProcedureInfo {
  path: string;
  type: string;
  access: Access | undefined;
}

// At run time `_def.procedures` is flat, keyed by dotted path ("authUsers.list"); its static type is the nested record.
const procedures: ProcedureInfo[] = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: Partial<Meta> } }>,
)
  .map(([path, procedure]) => ({ path, type: procedure._def.type, access: procedure._def.meta?.access }))
  .sort((a, b) => a.path.localeCompare(b.path));

const ACCESS_LEVELS: readonly Access[] = ['public', 'staff', 'admin'];

type Who = 'anonymous' | 'no role' | 'editor' | 'admin' | 'disabled editor';
const PASSWORD = 'matrix-password-1';
const ADMIN = { email: 'admin@uhmi.example.org', password: 'matrix-admin-pass-1' };

let server: TestServer;
/** The ID token (the `__session` cookie's value) of each signed-in caller; anonymous has none. */
const tokens = new Map<Who, string>();
const unexpected: unknown[] = [];

async function signIn(email: string, password: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${EMBEDDED_API_KEY}`,
    payload: { email, password, returnSecureToken: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ idToken: string }>().idToken;
}

/** The cookie the session endpoint sets for a token (what a browser would send back). */
async function sessionCookieValue(token: string): Promise<string> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/__session',
    payload: { token },
    headers: { 'content-type': 'application/json' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const value = /^__session=([^;]+);/.exec(String(res.headers['set-cookie']))?.[1];
  expect(value).toBeTruthy();
  return value!;
}

beforeAll(async () => {
  server = await startTestServer({ SEED: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  await server.identity.createAccount({ email: 'editor@uhmi.example.org', password: PASSWORD, role: 'editor' });
  await server.identity.createAccount({ email: 'no-role@uhmi.example.org', password: PASSWORD, role: null });
  const disabled = await server.identity.createAccount({
    email: 'disabled@uhmi.example.org',
    password: PASSWORD,
    role: 'editor',
  });
  tokens.set('admin', await sessionCookieValue(await signIn(ADMIN.email, ADMIN.password)));
  tokens.set('editor', await sessionCookieValue(await signIn('editor@uhmi.example.org', PASSWORD)));
  tokens.set('no role', await sessionCookieValue(await signIn('no-role@uhmi.example.org', PASSWORD)));
  // A token that was valid when issued; the account is disabled afterwards.
  tokens.set('disabled editor', await sessionCookieValue(await signIn('disabled@uhmi.example.org', PASSWORD)));
  await server.identity.setDisabled(disabled.uid, true);
});

afterAll(async () => {
  await server?.dispose();
});

/** Calls a procedure by its dotted path as `who`, with no input, and returns the tRPC error code or OK. */
async function outcome(who: Who, path: string): Promise<string> {
  const createContext = createContextFactory({
    config: server.config,
    content: server.content,
    identity: server.identity,
  });
  const token = tokens.get(who);
  const req = {
    cookies: token ? { __session: token } : {},
    headers: token ? { cookie: `__session=${token}` } : {},
    log: { error: (...args: unknown[]) => unexpected.push(args), warn() {}, info() {}, debug() {} },
  } as unknown as FastifyRequest;
  const caller = createCallerFactory(appRouter)(await createContext({ req }));
  let fn: unknown = caller;
  for (const part of path.split('.')) fn = (fn as Record<string, unknown>)[part];
  try {
    await (fn as (input?: unknown) => Promise<unknown>)(undefined);
    return 'OK';
  } catch (err) {
    return err instanceof TRPCError ? err.code : `not a TRPCError: ${String(err)}`;
  }
}

const REFUSALS = ['UNAUTHORIZED', 'FORBIDDEN'];

/** What `who` must get for a procedure of this access level: an exact code, or "anything but these". */
function expectation(who: Who, access: Access): { is: string } | { isNot: string[] } {
  if (access === 'public') return { isNot: ['UNAUTHORIZED'] };
  if (who === 'anonymous' || who === 'disabled editor') return { is: 'UNAUTHORIZED' };
  if (who === 'no role') return { is: 'FORBIDDEN' };
  if (who === 'editor') return access === 'admin' ? { is: 'FORBIDDEN' } : { isNot: REFUSALS };
  return { isNot: REFUSALS };
}

describe('the router', () => {
  it('has procedures, each declaring public, staff or admin access', () => {
    expect(procedures.length).toBeGreaterThan(0);
    const undeclared = procedures.filter((p) => !p.access || !ACCESS_LEVELS.includes(p.access));
    expect(undeclared).toEqual([]);
    // Procedures, not routers: the enumeration would otherwise silently miss nested ones.
    expect(procedures.filter((p) => !['query', 'mutation', 'subscription'].includes(p.type))).toEqual([]);
  });

  it('keeps account management admin-only', () => {
    const accounts = procedures.filter((p) => p.path.startsWith('authUsers.'));
    expect(accounts.length).toBeGreaterThan(0);
    expect(accounts.filter((p) => p.access !== 'admin')).toEqual([]);
  });
});

const callers: Who[] = ['anonymous', 'no role', 'editor', 'admin', 'disabled editor'];

describe.each(callers)('as %s (caller with the session cookie)', (who) => {
  it.each(procedures)('$path ($access)', async ({ path, access }) => {
    const code = await outcome(who, path);
    const expected = expectation(who, access ?? 'public');
    if ('is' in expected) expect(code, `${who} calling ${path}`).toBe(expected.is);
    else expect(expected.isNot, `${who} calling ${path} got ${code}`).not.toContain(code);
  });
});

describe('over HTTP with the cookie', () => {
  async function status(who: Who, { path, type }: ProcedureInfo): Promise<number> {
    const token = tokens.get(who);
    const headers: Record<string, string> = token ? { cookie: `__session=${token}` } : {};
    const res =
      type === 'mutation'
        ? await server.app.inject({
            method: 'POST',
            url: `/api/trpc/${path}`,
            payload: '{}',
            headers: { ...headers, 'content-type': 'application/json' },
          })
        : await server.app.inject({ method: 'GET', url: `/api/trpc/${path}`, headers });
    return res.statusCode;
  }

  const guarded = procedures.filter((p) => p.access === 'staff' || p.access === 'admin' || p.type === 'subscription');

  it('answers 401 to anonymous requests for every staff and admin procedure', async () => {
    const wrong = [];
    for (const p of guarded.filter((g) => g.type !== 'subscription')) {
      const got = await status('anonymous', p);
      if (got !== 401) wrong.push(`${p.path}: ${got}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to an editor for every admin procedure and to a user without a role for every staff and admin one', async () => {
    const wrong = [];
    for (const p of guarded.filter((g) => g.type !== 'subscription')) {
      const asNoRole = await status('no role', p);
      if (asNoRole !== 403) wrong.push(`no role ${p.path}: ${asNoRole}`);
      if (p.access === 'admin') {
        const asEditor = await status('editor', p);
        if (asEditor !== 403) wrong.push(`editor ${p.path}: ${asEditor}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('no unexpected failures', () => {
  it('logged no internal error while calling every procedure', () => {
    expect(unexpected).toEqual([]);
  });
});
