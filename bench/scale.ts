/**
 * Scale benchmark (issue 12, item 6): how the embedded store's reads grow with the content.
 *
 *   npm run bench:scale                        # 100, then 100,000 documents per type
 *   BENCH_SCALE=20000 npm run bench:scale      # a quicker run
 *   BENCH_BASE=100 BENCH_ROUNDS=9 BENCH_KEEP=1 # base size, rounds per measure, keep the DATA_DIR
 *   BENCH_TYPES=scholarly                      # journal, theses, publications, datasets only; OAI only
 *   BENCH_OAI_WALK=300                         # pages walked per OAI set (default: every page)
 *
 * The real server (createServer) on a temporary DATA_DIR: the institute's seed, plus BENCH_BASE
 * synthetic documents per collection type (`npm run seed -- --scale`'s documents), measured; then
 * synthetic documents up to BENCH_SCALE per type, measured again. Pages go through Fastify's
 * inject (the full server render), procedures through tRPC callers (an anonymous visitor; the
 * admin signed in with the embedded identity provider). Sub-millisecond reads need care: each
 * operation is first run until it has taken 20 ms (warm-up, and it fixes the batch size: as many
 * runs as take about 5 ms, at least one), then measured in BENCH_ROUNDS rounds that go through all
 * operations in turn (so a burst of load from elsewhere on the machine hits every operation alike,
 * not one); a round times 5 batches, the batch's time divided by its runs, and keeps their
 * median; an operation's figure is the median of its rounds' medians. Prints both latencies and
 * their ratio (targets: at most 2, at most 3 for search), and the share of each page's HTML that
 * is the packed react-query state (target: at most 25%). OAI-PMH ListRecords of each scholarly set
 * (issue 28, target at most 2): see bench/oaiScale.ts. A benchmark, not a test: nothing fails.
 */
import type { FastifyRequest } from 'fastify';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ServerHandle } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { seedSet } from '../src/server/seed/content/index';
import { loadSynthetic } from '../src/server/seed/synthetic';
import { APP_DATA_ID, scriptJson } from '../src/server/ssr/document';
import { SqliteDocumentStore } from '../src/server/store/sqlite';
import { appRouter } from '../src/server/trpc/appRouter';
import { createContextFactory } from '../src/server/trpc/context';
import { createCallerFactory } from '../src/server/trpc/init';
import { contentTypeList, getContentType } from '../src/shared/content/registry';
import { searchTerms, searchTextOf } from '../src/shared/content/search';
import { describeWalks, OAI_COLLECTIONS, oaiPageMeasures, page, walkAll, type OaiWalk } from './oaiScale';

const BASE = Number(process.env.BENCH_BASE ?? 100);
const SCALE = Number(process.env.BENCH_SCALE ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
/** BENCH_TYPES=scholarly: load the scholarly collections only and measure OAI-PMH only. */
const ONLY = process.env.BENCH_TYPES === 'scholarly' ? OAI_COLLECTIONS : undefined;
/** Batches per round, and the time a batch aims at. */
const BATCHES = 5;
const BATCH_MS = 5;
const ADMIN = { email: 'bench-admin@uhmi.example.org', password: 'bench-admin-password-1' };

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

interface Measure {
  label: string;
  /** 'search' has a target of 3, the rest 2. */
  kind: 'read' | 'search';
  run: () => Promise<unknown>;
}

interface PageShare {
  url: string;
  bytes: number;
  stateBytes: number;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Warms an operation up for 20 ms and returns how many runs make a batch of about BATCH_MS. */
async function batchSize(run: () => Promise<unknown>): Promise<number> {
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < 20 || runs < 2) {
    await run();
    runs += 1;
  }
  const each = (performance.now() - start) / runs;
  return Math.max(1, Math.min(1000, Math.round(BATCH_MS / each)));
}

/** One round of one operation: the median of BATCHES batches' time per run. */
async function round(run: () => Promise<unknown>, size: number): Promise<number> {
  const perRun: number[] = [];
  for (let b = 0; b < BATCHES; b += 1) {
    const start = performance.now();
    for (let i = 0; i < size; i += 1) await run();
    perRun.push((performance.now() - start) / size);
  }
  return medianOf(perRun);
}

/** The median of the rounds' medians of every measure, the rounds interleaved across the measures. */
async function medianOfMedians(measures: Measure[]): Promise<number[]> {
  const sizes: number[] = [];
  for (const m of measures) sizes.push(await batchSize(m.run));
  const rounds: number[][] = measures.map(() => []);
  for (let r = 0; r < ROUNDS; r += 1) {
    for (const [i, m] of measures.entries()) rounds[i]!.push(await round(m.run, sizes[i]!));
  }
  return rounds.map(medianOf);
}

/**
 * A word of a seed news title that no synthetic template (the first seed document of each type)
 * has in its searchable fields: it matches the same few documents at any scale. (A word that the
 * template of another type has is found in the FTS index in every synthetic document of that type.)
 */
function rareWord(): string {
  // Substrings count: «метеорологічного» is in «гідрометеорологічного».
  const common = contentTypeList
    .map((type) => {
      const first = (seedSet as Record<string, Array<{ data: unknown }> | undefined>)[type.key]?.[0];
      return first ? searchTextOf(type, first.data) : '';
    })
    .join(' ');
  for (const item of (seedSet.news as Array<{ data: { title: string } }>).slice(1)) {
    const words = searchTerms(item.data.title).filter((w) => !common.includes(w) && [...w].length >= 5);
    if (words.length) return words.sort((a, b) => b.length - a.length)[0]!;
  }
  return 'паводок';
}

async function callers(server: ServerHandle): Promise<{ visitor: Caller; admin: Caller }> {
  const createContext = createContextFactory({
    config: server.config,
    content: server.content,
    identity: server.identity,
  });
  const signIn = await server.app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${server.config.firebase.apiKey}`,
    payload: { ...ADMIN, returnSecureToken: true },
  });
  const { idToken } = signIn.json<{ idToken: string }>();
  const request = (cookies: Record<string, string>) =>
    ({ cookies, ip: '192.0.2.1', headers: {} }) as unknown as FastifyRequest;
  return {
    visitor: createCaller(await createContext({ req: request({}) })),
    admin: createCaller(await createContext({ req: request({ __session: idToken }) })),
  };
}

/**
 * The bytes of the packed react-query state (`state` of the `__APP_DATA__` block, escaped as in the
 * page) against the page's without inlined stylesheets (as tests/integration/public-routes.test.ts:
 * the same figure with or without a built client; the CSS would only lower it).
 */
function stateShare(url: string, withCss: string): PageShare {
  const html = withCss.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
  const match = new RegExp(`<script type="application/json" id="${APP_DATA_ID}">([\\s\\S]*?)</script>`).exec(html);
  const state = match ? (JSON.parse(match[1]!) as { state?: unknown }).state : undefined;
  return {
    url,
    bytes: Buffer.byteLength(html),
    stateBytes: state === undefined ? 0 : Buffer.byteLength(scriptJson(state)),
  };
}

/** The site's operations (pages, procedures, store reads) and the pages whose state share is shown. */
async function siteMeasures(server: ServerHandle): Promise<{ measures: Measure[]; pages: string[] }> {
  const { visitor, admin } = await callers(server);
  const first = await visitor.news.list({ limit: 12 });
  const lastPage = first.pageCount;
  // A news item from the middle of the list (a synthetic one once there are many).
  const middle = await visitor.news.list({ limit: 12, page: Math.max(1, Math.ceil(lastPage / 2)) });
  const slug = middle.items[0]!.slug;
  const word = rareWord();
  const visible = server.content.visibilityFilters(getContentType('news'));
  const measures: Measure[] = [
    { label: 'GET /', kind: 'read', run: () => page(server, '/') },
    { label: 'GET /News', kind: 'read', run: () => page(server, '/News') },
    { label: `GET /News?page=last (${lastPage})`, kind: 'read', run: () => page(server, `/News?page=${lastPage}`) },
    { label: 'GET /News/{slug}', kind: 'read', run: () => page(server, `/News/${slug}`) },
    { label: 'news.list (first page)', kind: 'read', run: () => visitor.news.list({ limit: 12 }) },
    { label: 'news.get (by slug)', kind: 'read', run: () => visitor.news.get({ idOrSlug: slug }) },
    {
      label: 'admin news list by title',
      kind: 'read',
      run: () => admin.adminContent.news.list({ sort: { field: 'title', direction: 'asc' }, limit: 25 }),
    },
    {
      label: 'admin news list by date',
      kind: 'read',
      run: () => admin.adminContent.news.list({ sort: { field: 'date', direction: 'desc' }, limit: 25 }),
    },
    {
      label: 'admin news list (default: last updated)',
      kind: 'read',
      run: () => admin.adminContent.news.list({ limit: 25 }),
    },
    {
      label: 'admin news list, published (by last update)',
      kind: 'read',
      run: () => admin.adminContent.news.list({ status: 'published', limit: 25 }),
    },
    {
      label: `admin search for one word («${word}»)`,
      kind: 'search',
      run: () => admin.adminContent.news.list({ search: word, limit: 25 }),
    },
    {
      label: "admin search, a word in other types' template (метеорологічного)",
      kind: 'search',
      run: () => admin.adminContent.news.list({ search: 'метеорологічного', limit: 25 }),
    },
    { label: 'total of visible news (store.count)', kind: 'read', run: () => server.store.count('news', visible) },
    { label: 'admin dashboard (totals of every type)', kind: 'read', run: () => admin.adminDashboard.summary() },
  ];
  const dataset = (await visitor.dataRepo.list({ limit: 1 })).items[0]?.slug;
  const conference = (await visitor.conferences.list({ limit: 1 })).items[0]?.slug;
  const pages = [
    '/',
    '/News',
    `/News?page=${lastPage}`,
    `/News/${slug}`,
    '/Trainings',
    '/publications',
    '/docs',
    '/Departments',
    '/Contacts',
    '/conf',
    ...(conference ? [`/conf/${conference}`] : []),
    '/journal',
    ...(dataset ? [`/data_repo/${dataset}`] : []),
  ];
  return { measures, pages };
}

interface Figures {
  times: Map<string, number>;
  shares: PageShare[];
  kinds: Map<string, Measure['kind']>;
  walks: OaiWalk[];
}

/**
 * Measures every operation at the store's current size: the OAI-PMH sets are walked first (a
 * quiet warm-up walks 20 pages of each), then all operations are timed, interleaved.
 */
async function measureAll(server: ServerHandle, label: string, quiet = false): Promise<Figures> {
  const site = ONLY ? { measures: [], pages: [] } : await siteMeasures(server);
  const walks = await walkAll(server, quiet ? 20 : undefined);
  const measures = [...site.measures, ...oaiPageMeasures(server, walks)];
  const times = new Map<string, number>();
  const kinds = new Map<string, Measure['kind']>();
  const figures = await medianOfMedians(measures);
  for (const [i, m] of measures.entries()) {
    // Labels with the last page number differ between sizes: key by the label's start.
    const key = m.label.replace(/ \(\d+\)$/, '');
    times.set(key, figures[i]!);
    kinds.set(key, m.kind);
  }
  const shares = [];
  for (const url of site.pages) shares.push(stateShare(url, await page(server, url)));
  if (quiet) return { times, shares, kinds, walks };
  console.log(`\n${label}`);
  for (const [key, ms] of times) console.log(`  ${key.padEnd(48)} ${ms.toFixed(2).padStart(9)} ms`);
  for (const s of shares)
    console.log(
      `  ${`HTML ${s.url}`.padEnd(48)} ${String(s.bytes).padStart(9)} B, react-query state ${((100 * s.stateBytes) / s.bytes).toFixed(1)}%`,
    );
  for (const line of describeWalks(walks)) console.log(line);
  return { times, shares, kinds, walks };
}

/** Each set's walk: the median page's ratio. */
function walkRatios(small: readonly OaiWalk[], large: readonly OaiWalk[]): string[] {
  return large.map((w, i) => {
    const base = small[i]!;
    const ratio = w.medianMs / base.medianMs;
    return `  ${`OAI ${w.set}, median page of the walk`.padEnd(48)} ${base.medianMs.toFixed(2).padStart(8)} → ${w.medianMs.toFixed(2).padStart(8)} ms  ×${ratio.toFixed(2)} ${ratio <= 2 ? 'ok' : 'over 2'} (${base.pages} → ${w.pages} pages)`;
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-bench-scale-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://uhmi.example.org',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  // Pages through inject would be page-cache hits after the warm-up: this bench measures renders.
  const start = async () => {
    const handle = await createServer(config, { logger: false });
    handle.pageCache.enabled = false;
    return handle;
  };
  let server = await start();
  /** The embedded store's ANALYZE (this bench measures the SQLite store). */
  const analyze = () => {
    if (!(server.store instanceof SqliteDocumentStore))
      throw new Error('bench:scale measures the embedded SQLite store (BACKEND=embedded)');
    server.store.analyze();
  };
  try {
    console.log(
      `DATA_DIR ${dataDir}; ${BASE} then ${SCALE} synthetic documents per ${ONLY ? `scholarly type (${ONLY.join(', ')})` : 'collection type'}; median of ${ROUNDS} rounds' medians of ${BATCHES} batches; load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    let started = performance.now();
    await loadSynthetic(server.store, BASE, 'base', undefined, ONLY);
    analyze();
    console.log(`loaded ${BASE} per type in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // One pass untimed first: the JIT warms up the render and the procedures, not the small store's figures.
    await measureAll(server, 'warm-up', true);
    const small = await measureAll(server, `${BASE} per type`);

    started = performance.now();
    let lastReport = started;
    const written = await loadSynthetic(
      server.store,
      SCALE - BASE,
      'scale',
      (n, type) => {
        if (performance.now() - lastReport < 15_000) return;
        lastReport = performance.now();
        console.log(`  … ${n} documents (now ${type}), ${((performance.now() - started) / 1000).toFixed(0)} s`);
      },
      ONLY,
    );
    const analyzeStart = performance.now();
    analyze();
    console.log(
      `loaded ${written} more documents in ${((analyzeStart - started) / 1000).toFixed(1)} s, ANALYZE ${((performance.now() - analyzeStart) / 1000).toFixed(1)} s; site.db ${(statSync(path.join(dataDir, 'site.db')).size / 2 ** 20).toFixed(0)} MiB`,
    );
    // A restart, as after `npm run seed -- --scale`: statements and caches start cold.
    await server.close();
    server = await start();
    await measureAll(server, 'warm-up', true);
    const large = await measureAll(server, `${SCALE} per type`);

    console.log(`\nRatio of the ${SCALE} latency to the ${BASE} latency (target ≤ 2, search ≤ 3):`);
    for (const [key, ms] of large.times) {
      const base = small.times.get(key)!;
      const ratio = ms / base;
      const target = large.kinds.get(key) === 'search' ? 3 : 2;
      console.log(
        `  ${key.padEnd(48)} ${base.toFixed(2).padStart(8)} → ${ms.toFixed(2).padStart(8)} ms  ×${ratio.toFixed(2)} ${ratio <= target ? 'ok' : `over ${target}`}`,
      );
    }
    for (const line of walkRatios(small.walks, large.walks)) console.log(line);
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    if (ONLY) return;
    const worst = Math.max(...[...small.shares, ...large.shares].map((s) => s.stateBytes / s.bytes));
    console.log(`\nLargest react-query state share of a page's HTML: ${(100 * worst).toFixed(1)}% (target ≤ 25%)`);
  } finally {
    await server.close();
    if (!process.env.BENCH_KEEP) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
