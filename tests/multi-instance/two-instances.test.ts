/**
 * Issue 12, item 4: any number of server instances in firebase mode. Two real server processes
 * (`node --import tsx src/server/main.ts`) on two loopback ports and two DATA_DIRs share one
 * Firestore emulator (this project's globalSetup) and one firebase-tools Auth emulator; the checks
 * go over HTTP as a browser's would. In the embedded mode a second server on the same DATA_DIR is
 * refused with one line, a server killed with -9 leaves no lock behind, and the account CLI keeps
 * working beside a running server. A missing emulator fails the run.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  API_KEY,
  FIREBASE_MODE_ENV,
  PROJECT,
  STARTUP_TIMEOUT_MS,
  startEmulatorWithRetry,
  type Emulator,
} from '../integration/authEmulator';
import { fetchTrpcAnswer, type TrpcAnswer } from '../support/trpcHttp';
import { startStorageEmulatorInProcess, type InProcessStorageEmulator } from '../support/storageEmulator';
import {
  ADMIN,
  newDataDir,
  removeDataDirs,
  ROOT,
  serverEnv,
  spawnServer,
  TSX,
  within,
  type Instance,
} from '../support/serverProcess';

/** What "shows on every other instance within 2 s" allows. */
const PROPAGATION_MS = 2000;

/** A tRPC call over HTTP, with the session cookie when given; `T` is what the test expects the procedure to answer with (on success). */
async function trpc<T = unknown>(
  origin: string,
  procedure: string,
  input: unknown,
  opts: { cookie?: string; query?: boolean } = {},
): Promise<TrpcAnswer & { data: T }> {
  const headers: Record<string, string> = opts.cookie ? { cookie: `__session=${opts.cookie}` } : {};
  const answer = await fetchTrpcAnswer(origin, opts.query ? 'query' : 'mutation', procedure, input, headers);
  return { ...answer, data: answer.data as T };
}

describe('two firebase-mode instances sharing one Firestore and one Auth emulator', () => {
  let auth: Emulator;
  let storage: InProcessStorageEmulator;
  let a: Instance;
  let b: Instance;
  let cookieA: string;
  let cookieB: string;

  beforeAll(async () => {
    auth = await startEmulatorWithRetry();
    // The seed's files go to the bucket (firebase-tools' Storage emulator, run in this process).
    storage = await startStorageEmulatorInProcess(PROJECT);
    const firebase = {
      STORAGE_EMULATOR_HOST: storage.origin,
      ...FIREBASE_MODE_ENV,
      FIREBASE_AUTH_EMULATOR_HOST: auth.host,
      FIRESTORE_EMULATOR_HOST: inject('firestoreEmulatorHost'),
    };
    // Both start at once on the empty database: one seeds it and creates the first administrator,
    // the other finds them there (or loses the race and says so), and both start.
    const started = Date.now();
    const spawned = await Promise.allSettled([
      spawnServer(newDataDir(), firebase),
      spawnServer(newDataDir(), firebase),
    ]);
    // One that started is stopped when the other did not (afterAll knows neither).
    const failed = spawned.find((s) => s.status === 'rejected');
    if (failed) {
      await Promise.all(spawned.map((s) => (s.status === 'fulfilled' ? s.value.stop() : Promise.resolve())));
      throw failed.reason;
    }
    [a, b] = spawned.map((s) => (s as PromiseFulfilledResult<Instance>).value) as [Instance, Instance];
    console.log(`two firebase-mode servers ready in ${Date.now() - started} ms`);
    // One sign-in with the Auth emulator; each server turns the ID token into its own session cookie.
    const signIn = await fetch(
      `${auth.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...ADMIN, returnSecureToken: true }),
      },
    );
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const { idToken } = (await signIn.json()) as { idToken: string };
    const session = async (origin: string) => {
      const res = await fetch(`${origin}/api/__session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: idToken }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return /__session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    };
    cookieA = await session(a.origin);
    cookieB = await session(b.origin);
  }, STARTUP_TIMEOUT_MS * 3);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await auth?.stop();
    await storage?.stop();
    removeDataDirs();
  }, 30_000);

  it("shows news published through A on B's public pages within 2 s", async () => {
    expect((await fetch(`${b.origin}/News`)).status).toBe(200); // B has rendered the list before
    const title = `Новина з екземпляра A ${Date.now()}`;
    const created = await trpc<{ id: string; slug: string }>(
      a.origin,
      'adminContent.news.create',
      { data: { title, date: '2026-03-23T10:00:00+02:00', status: 'published' } },
      { cookie: cookieA },
    );
    expect(created.status, created.message).toBe(200);
    const ms = await within(PROPAGATION_MS, 'the news on B', async () => {
      const [list, item] = await Promise.all([
        fetch(`${b.origin}/News`),
        fetch(`${b.origin}/News/${created.data.slug}`),
      ]);
      return (
        list.status === 200 &&
        item.status === 200 &&
        (await list.text()).includes(title) &&
        (await item.text()).includes(title)
      );
    });
    console.log(`news of A on B's list and item pages after ${ms} ms`);
  });

  it('answers a redirect saved on A on B (B had the rules cached)', async () => {
    const from = `/stara-adresa-${Date.now()}`;
    expect((await fetch(`${b.origin}${from}`, { redirect: 'manual' })).status).toBe(404); // B reads and caches the rules
    const saved = await trpc(
      a.origin,
      'adminContent.redirects.create',
      { data: { from, to: '/News', note: 'multi-instance' } },
      { cookie: cookieA },
    );
    expect(saved.status, saved.message).toBe(200);
    const ms = await within(PROPAGATION_MS, 'the redirect on B', async () => {
      const res = await fetch(`${b.origin}${from}?x=1`, { redirect: 'manual' });
      return res.status === 301 && res.headers.get('location') === '/News?x=1';
    });
    console.log(`redirect saved on A answered by B after ${ms} ms`);
  });

  it('lets one of two concurrent updates of a document, through A and through B, win; the other gets CONFLICT', async () => {
    const created = await trpc<{ id: string; slug: string }>(
      a.origin,
      'adminContent.news.create',
      { data: { title: 'Спільний документ', date: '2026-03-23T10:00:00+02:00' } },
      { cookie: cookieA },
    );
    expect(created.status, created.message).toBe(200);
    const update = (origin: string, cookie: string, title: string) =>
      trpc<{ title: string }>(
        origin,
        'adminContent.news.update',
        {
          id: created.data.id,
          version: 1,
          data: { title, date: '2026-03-23T10:00:00+02:00', slug: created.data.slug },
        },
        { cookie },
      );
    const answers = await Promise.all([update(a.origin, cookieA, 'Версія A'), update(b.origin, cookieB, 'Версія B')]);
    expect(
      answers.map((r) => r.status).sort(),
      `${JSON.stringify(answers)}\nA: ${a.output().slice(-2000)}\nB: ${b.output().slice(-2000)}`,
    ).toEqual([200, 409]);
    const lost = answers.find((r) => r.status === 409)!;
    expect(lost.code).toBe('CONFLICT');
    const won = answers.find((r) => r.status === 200)!;
    const current = await trpc(
      b.origin,
      'adminContent.news.get',
      { id: created.data.id },
      { cookie: cookieB, query: true },
    );
    expect(current.data).toMatchObject({ version: 2, title: won.data.title });
  });

  it('holds the book-order limit (5 an hour per client address) across both instances', async () => {
    const order = {
      publicationId: 'pub-nastanova-2011',
      name: 'Петренко Оксана',
      email: 'oksana@example.org',
      quantity: 1,
    };
    const statuses: number[] = [];
    // Both servers see the client as 127.0.0.1: five orders alternating between them, then one more on each.
    for (const instance of [a, b, a, b, a, b, a])
      statuses.push((await trpc(instance.origin, 'bookOrders.submit', order)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await trpc(b.origin, 'bookOrders.submit', order);
    expect(refused).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    const stored = await trpc<{ total: number }>(
      b.origin,
      'adminContent.bookOrders.list',
      { limit: 100 },
      { cookie: cookieB, query: true },
    );
    expect(stored.data.total).toBe(5);
  });
});

describe('one embedded server per DATA_DIR', () => {
  afterAll(() => {
    removeDataDirs();
  });

  it('refuses a second server with one line, takes over after kill -9, and lets the account CLI run beside it', async () => {
    const dataDir = newDataDir();
    const embedded = { SEED: 'false' };
    const first = await spawnServer(dataDir, embedded);
    let third: Instance | undefined;
    try {
      const second = await spawnServer(dataDir, embedded, false);
      expect(await second.exited).toBe(1);
      expect(second.output().trim()).toBe(
        `Another server is already using DATA_DIR ${dataDir} (pid ${first.child.pid}); stop it first, or give this one another DATA_DIR.`,
      );
      // The account CLI is no server: it works while the server runs (README).
      const cli = spawnSync(process.execPath, ['--import', TSX, path.join(ROOT, 'src/server/cli/user.ts'), 'list'], {
        cwd: dataDir,
        env: serverEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(cli.stderr).toBe('');
      expect(cli.stdout).toContain(ADMIN.email);
      // A server killed without a chance to clean up leaves no lock: the kernel released it.
      first.child.kill('SIGKILL');
      await first.exited;
      third = await spawnServer(dataDir, embedded);
      expect((await fetch(`${third.origin}/__/firebase/init.json`)).status).toBe(200);
    } finally {
      await first.stop();
      await third?.stop();
    }
  }, 90_000);
});
