/**
 * The admin list and search with 10,000 documents in one section (synthetic documents as
 * `npm run seed -- --scale` makes them). Prints the timings; asserts only the results.
 */
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticDocuments } from '../../src/server/seed/synthetic';
import { appRouter } from '../../src/server/trpc/appRouter';
import { createContextFactory } from '../../src/server/trpc/context';
import { createCallerFactory } from '../../src/server/trpc/init';
import { contentTypes } from '../../src/shared/content/registry';
import { startTestServer, type TestServer } from './helpers';

const SCALE = 10_000;
const ADMIN = { email: 'admin@uhmi.example.org', password: 'admin-password-1' };
let server: TestServer;
const createCaller = createCallerFactory(appRouter);
let caller: ReturnType<typeof createCaller>;
const timings: string[] = [];

/** Median time of `runs` calls, in ms. */
async function measure<T>(label: string, run: () => Promise<T>, runs = 5): Promise<T> {
  let result!: T;
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    result = await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  timings.push(
    `${label.padEnd(58)} ${times[Math.floor(times.length / 2)]!.toFixed(1).padStart(7)} ms (median of ${runs})`,
  );
  return result;
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const start = performance.now();
  const docs = syntheticDocuments(contentTypes.news, SCALE, 'scale');
  for (let i = 0; i < docs.length; i += 1000) await server.store.createMany(docs.slice(i, i + 1000));
  timings.push(
    `${`insert ${SCALE} news documents (with their search text)`.padEnd(58)} ${(performance.now() - start).toFixed(1).padStart(7)} ms`,
  );

  const signIn = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { ...ADMIN, returnSecureToken: true },
  });
  const { idToken } = signIn.json<{ idToken: string }>();
  const req = { cookies: { __session: idToken }, ip: '192.0.2.1', headers: {} } as unknown as FastifyRequest;
  const createContext = createContextFactory({
    config: server.config,
    content: server.content,
    identity: server.identity,
  });
  caller = createCaller(await createContext({ req }));
});

afterAll(async () => {
  console.log(`\nAdmin list of news with ${SCALE} synthetic documents (plus the seed):\n  ${timings.join('\n  ')}\n`);
  await server.dispose();
});

describe(`admin list with ${SCALE} documents in a section`, () => {
  it('lists, searches (Cyrillic, any case), filters and pages', async () => {
    const total = await server.store.count('news');
    expect(total).toBeGreaterThan(SCALE);
    const news = caller.adminContent.news;

    const first = await measure('first page, newest first (no search)', () => news.list({}));
    expect(first.total).toBe(total);
    expect(first.items).toHaveLength(25);

    const one = await measure('search «СИНТЕТИЧНИЙ запис 9876» (1 match)', () =>
      news.list({ search: 'СИНТЕТИЧНИЙ запис 9876' }),
    );
    expect(one.total).toBe(1);
    expect(one.items[0]!.title).toMatch(/синтетичний запис 9876$/);

    const many = await measure('search «синтетичний» (10,000 matches, with total)', () =>
      news.list({ search: 'синтетичний' }),
    );
    expect(many.total).toBe(SCALE);

    const none = await measure('search «відсутнєслово» (no match)', () => news.list({ search: 'відсутнєслово' }));
    expect(none.total).toBe(0);

    const sorted = await measure('search «запис 12» sorted by title, drafts excluded', () =>
      news.list({ search: 'запис 12', status: 'published', sort: { field: 'title', direction: 'asc' }, limit: 100 }),
    );
    expect(sorted.total).toBeGreaterThan(100);

    let cursor: string | null = first.nextCursor;
    const deep = await measure(
      'page 100 by cursor (25 a page)',
      async () => {
        let c = first.nextCursor;
        let page = first;
        for (let i = 1; i < 100 && c; i += 1) {
          page = await news.list({ cursor: c });
          c = page.nextCursor;
        }
        cursor = c;
        return page;
      },
      1,
    );
    expect(deep.items).toHaveLength(25);
    expect(cursor).not.toBeNull();

    await measure('dashboard summary (counts of every section)', () => caller.adminDashboard.summary());
  });
});
