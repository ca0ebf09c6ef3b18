/**
 * Page-serving benchmark (issue 13): how fast the server answers public pages, cached and
 * uncached, against serving the same bytes as a static file through the same server.
 *
 *   npm run bench:ssr                                  # 5 pages, 10 connections, 8 s per run
 *   BENCH_SECONDS=4 BENCH_LIGHTHOUSE=0 npm run bench:ssr
 *   BENCH_PAGES=/,news npm run bench:ssr               # some pages only: /, /News, news, dataset, /Contacts
 *   BENCH_LOAD=0 BENCH_LIGHTHOUSE_RUNS=5 npm run bench:ssr   # Lighthouse only, medians of 5 runs a page
 *   BENCH_ROUNDS=3 BENCH_LIGHTHOUSE=0 npm run bench:ssr      # load runs 3 times, medians
 *
 * Pages: `/`, `/News`, the newest news item, one dataset page (`/data_repo/{slug}`) and `/Contacts`.
 * The server runs in a child process (bench/ssr-server.ts, built by `npm run build` into
 * dist/server/bench/ssr-server.js, NODE_ENV=production, with the node flags of package.json's
 * `start` as production runs it) on a temporary DATA_DIR (seeded) and a temporary copy of
 * dist/client (built first when stale). Each page's HTML
 * is fetched once and written, with the page cache's own brotli and gzip forms, as
 * `static/bench/{n}.html(.br|.gz)` into that copy; @fastify/static serves it (preCompressed), so the
 * static run sends exactly the bytes the page run sends, through the same server, hooks and headers
 * (a page's `Link` header, the dataset's signposting, is kept in `{n}.html.link` and sent with it by
 * bench/ssr-server.ts: the load generator parses every header byte).
 * Every request says `Accept-Encoding: br, gzip` as browsers do.
 *
 * For each page, the load generator (bench/loadgen.ts: wrk when installed, else autocannon) at 10
 * connections (after a 1 s warm-up), the three runs back to back:
 *   static   — the same bytes as a static file;
 *   cached   — the page from the page cache;
 *   uncached — a second server, running beside the first on a copy of its data folder, with the
 *              page cache off (every request rendered and compressed, as signed-in staff get pages;
 *              the read cache works as for every render).
 * BENCH_ROUNDS=n (default 1) repeats the pages' runs n times (the pages interleaved) and prints
 * medians: a ratio is the median of each round's ratio to the static run just before it, so a
 * change in the machine's load between rounds moves both sides alike.
 * Printed: req/s, the ratio to the static run, p50 and p99 latency, and the server's CPU time per
 * request (user + system from /proc: unlike req/s it hardly moves with other load on the machine),
 * and the cached page's capacity against the static file's, requests per CPU second of the server
 * (the load generator shares the two cores: with autocannon, at about 0.2 ms of its own CPU a
 * request, req/s of a cached page measures autocannon; with wrk it measures the server);
 * each server's peak RSS while under load (sampled from /proc every 100 ms); then Lighthouse's mobile performance score and LCP
 * for each page with Debian's chromium (`BENCH_CHROME`, default /usr/bin/chromium; BENCH_LIGHTHOUSE=0
 * skips it), after the images of the pages' srcsets have been requested once (variants are made on
 * their first request and kept); BENCH_LIGHTHOUSE_RUNS=n runs it n times a page (interleaved) and prints
 * the medians, BENCH_LIGHTHOUSE_JSON=dir keeps every report, BENCH_LOAD=0 skips the load runs. A
 * baseline page of plain text (no script, no stylesheet) runs with them: its score and Lighthouse's
 * benchmark index tell what the machine and the browser allow, apart from the pages.
 * Targets (issue 26): cached ≥ 2× static, cached p99 < 20 ms, uncached ≤ 3 ms of CPU per request,
 * peak RSS ≤ 250 MB, Lighthouse ≥ 98 with LCP < 1.2 s. Not part of `npm test`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../scripts/server-node-flags';
import { loadGenerator, runLoad } from './loadgen';
import { freePort } from '../tests/support/freePort';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const LIGHTHOUSE_JSON = process.env.BENCH_LIGHTHOUSE_JSON;
const LOAD = process.env.BENCH_LOAD !== '0';
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const CHROME = process.env.BENCH_CHROME ?? '/usr/bin/chromium';
const ENCODING = 'br, gzip';
const PAGES = process.env.BENCH_PAGES?.split(',').map((p) => p.trim());
const CLOCK_TICK_MS = 1000 / Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);

interface Run {
  rps: number;
  /** The server's CPU time (user + system) per request, ms. */
  cpuMs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

interface Server {
  origin: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // With the node flags production uses (package.json's start script, the Dockerfile's CMD).
  const flags = serverNodeFlags(readFileSync('package.json', 'utf8'));
  const child = spawn(process.execPath, [...flags, 'dist/server/bench/ssr-server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: origin,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  return {
    origin,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Peak RSS under load, MB, by server process id. */
const peakRss = new Map<number, number>();

/** A process's CPU time so far (user + system), ms. */
function cpuTimeMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

async function load(url: string, pid: number, seconds = SECONDS): Promise<Run> {
  const sampler = setInterval(() => peakRss.set(pid, Math.max(peakRss.get(pid) ?? 0, rssMb(pid))), 100);
  try {
    const options = { url, connections: CONNECTIONS, headers: { 'accept-encoding': ENCODING } };
    await runLoad({ ...options, seconds: 1 });
    const cpu0 = cpuTimeMs(pid);
    const r = await runLoad({ ...options, seconds });
    const cpuMs = (cpuTimeMs(pid) - cpu0) / Math.max(1, r.requests);
    return { rps: r.rps, cpuMs, p50: r.p50, p99: r.p99, errors: r.errors, non2xx: r.non2xx };
  } finally {
    clearInterval(sampler);
  }
}

async function fetchBytes(
  url: string,
  encoding: string,
): Promise<{ status: number; body: Buffer; encoding: string | null; link: string | null }> {
  // Raw bytes as sent (node's fetch would decode them): a plain http request.
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            encoding: (res.headers['content-encoding'] as string) ?? null,
            link: (res.headers.link as string | undefined) ?? null,
          }),
        );
      })
      .on('error', reject);
  });
}

interface LighthouseScore {
  name: string;
  score: number;
  lcp: number;
  tbt: number;
  fcp: number;
  element: string;
  /** Lighthouse's benchmark index of the machine during the runs (higher is faster; median). */
  benchmarkIndex: number;
  /** How many runs the medians are of (runs whose trace failed are left out). */
  runs: number;
}

/** One page's runs, a run of each kind per round. */
interface PageRounds {
  name: string;
  stat: Run[];
  cached: Run[];
  uncached: Run[];
}

/** The median of each figure of `runs` (errors summed elsewhere). */
function medianRun(runs: Run[]): Run {
  const of = (key: keyof Run) => median(runs.map((r) => r[key]));
  return { rps: of('rps'), cpuMs: of('cpuMs'), p50: of('p50'), p99: of('p99'), errors: 0, non2xx: 0 };
}

/** The median of the finite numbers (NaN when there are none). */
function median(values: number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

/**
 * Lighthouse's mobile performance run of each page, LIGHTHOUSE_RUNS times (the pages interleaved,
 * so the machine's load changes hit all of them alike); medians per page.
 */
async function lighthouse(urls: Array<[string, string]>): Promise<LighthouseScore[]> {
  const [{ default: lh }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const runs = new Map<string, Array<Omit<LighthouseScore, 'runs'>>>(urls.map(([name]) => [name, []]));
  if (LIGHTHOUSE_JSON) mkdirSync(LIGHTHOUSE_JSON, { recursive: true });
  try {
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++)
      for (const [name, url] of urls) {
        // Default config: mobile form factor, simulated slow 4G and 4× CPU slowdown.
        const result = await lh(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result!.lhr;
        if (LIGHTHOUSE_JSON)
          writeFileSync(
            path.join(LIGHTHOUSE_JSON, `${name.replace(/\W+/g, '_')}-${run}.json`),
            result!.report as string,
          );
        // A run whose trace failed (NO_NAVSTART and the like) has no score: left out of the medians.
        if (lhr.categories.performance!.score === null) continue;
        runs.get(name)!.push({
          name,
          score: Math.round(lhr.categories.performance!.score * 100),
          lcp: lhr.audits['largest-contentful-paint']!.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']!.numericValue ?? NaN,
          fcp: lhr.audits['first-contentful-paint']!.numericValue ?? NaN,
          element: lcpElement(lhr.audits['largest-contentful-paint-element']?.details),
          benchmarkIndex: lhr.environment.benchmarkIndex,
        });
      }
  } finally {
    chrome.kill();
  }
  return urls.map(([name]) => {
    const r = runs.get(name)!;
    return {
      name,
      score: median(r.map((x) => x.score)),
      lcp: median(r.map((x) => x.lcp)),
      tbt: median(r.map((x) => x.tbt)),
      fcp: median(r.map((x) => x.fcp)),
      element: r[0]?.element ?? '?',
      benchmarkIndex: median(r.map((x) => x.benchmarkIndex)),
      runs: r.length,
    };
  });
}

/** The LCP element's selector from Lighthouse's details (a table of items, the first holding a node). */
function lcpElement(details: unknown): string {
  const text = JSON.stringify(details ?? {});
  const m = /"selector":"([^"]*)"/.exec(text);
  return m ? m[1]! : '?';
}

const fmt = (n: number, d = 0) => n.toFixed(d);

/**
 * A page of plain text with no script, no stylesheet and no image: Lighthouse's score of it is the
 * ceiling this machine and browser allow (headless Chromium's own work shows as long tasks even here).
 */
const BASELINE_HTML = `<!doctype html><html lang="uk"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Базова сторінка</title><meta name="description" content="Сторінка без скриптів для порівняння."></head><body><h1>Базова сторінка</h1><p>Звичайний текст без скриптів, стилів і зображень.</p></body></html>`;
/** A latency in ms: one decimal below 10 ms (wrk's cached answers take well under one). */
const ms = (n: number) => n.toFixed(n < 10 ? 1 : 0);

/** Requests every image URL a page's srcsets name once (the storage makes each variant on its first request). */
async function warmImages(origin: string, url: string): Promise<void> {
  const html = await (await fetch(origin + url)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/(?:srcSet|imagesrcset)="([^"]*)"/gi))
    for (const candidate of m[1]!.split(', ')) urls.add(candidate.split(' ')[0]!.replace(/&amp;/g, '&'));
  for (const u of urls) await (await fetch(new URL(u, origin))).arrayBuffer();
}

async function main() {
  if (LIGHTHOUSE && !existsSync(CHROME))
    throw new Error(`${CHROME} not found: install Debian's chromium, set BENCH_CHROME, or BENCH_LIGHTHOUSE=0`);
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed');

  const work = mkdtempSync(path.join(os.tmpdir(), 'uhmi-bench-ssr-'));
  const clientDir = path.join(work, 'client');
  cpSync('dist/client', clientDir, { recursive: true });
  const env = { DATA_DIR: path.join(work, 'data'), CLIENT_DIST_DIR: clientDir, SEED: 'true' };
  const servers: Server[] = [];
  try {
    // 1. The pages' bytes, as the page cache sends them (all three encodings).
    const server = await startServer(env);
    servers.push(server);
    const { seedSet } = await import('../src/server/seed/content/index');
    const published = <T extends { data: { status?: string } }>(docs: T[] | undefined) =>
      (docs ?? []).filter((d) => d.data.status === 'published');
    const news = [...published(seedSet.news as Array<{ data: { status?: string; date: string; slug: string } }>)].sort(
      (a, b) => Date.parse(b.data.date) - Date.parse(a.data.date),
    )[0]!;
    const dataset = published(seedSet.dataRepo as Array<{ data: { status?: string; slug: string } }>)[0];
    const pages: Array<[string, string]> = (
      [
        ['/', '/', '/'],
        ['/News', '/News', '/News'],
        ['news item', 'news', `/News/${news.data.slug}`],
        ['dataset', 'dataset', dataset ? `/data_repo/${dataset.data.slug}` : '/data_repo'],
        ['/Contacts', '/Contacts', '/Contacts'],
      ] as const
    )
      .filter(([, key]) => !PAGES || PAGES.includes(key))
      .map(([name, , url]) => [name, url]);
    mkdirSync(path.join(clientDir, 'static', 'bench'), { recursive: true });
    writeFileSync(path.join(clientDir, 'static', 'bench', 'baseline.html'), BASELINE_HTML);
    for (const [i, [name, url]] of pages.entries()) {
      const plain = await fetchBytes(server.origin + url, 'identity');
      if (plain.status !== 200) throw new Error(`${name} (${url}) answered ${plain.status}`);
      const br = await fetchBytes(server.origin + url, 'br');
      const gz = await fetchBytes(server.origin + url, 'gzip');
      const file = path.join(clientDir, 'static', 'bench', `${i}.html`);
      writeFileSync(file, plain.body);
      writeFileSync(`${file}.br`, br.body);
      writeFileSync(`${file}.gz`, gz.body);
      if (plain.link) writeFileSync(`${file}.link`, plain.link);
      console.log(
        `${name.padEnd(10)} ${url}: ${fmt(plain.body.length / 1024, 1)} KB, br ${fmt(br.body.length / 1024, 1)} KB, gzip ${fmt(gz.body.length / 1024, 1)} KB`,
      );
    }
    await server.stop();
    servers.pop();

    // 2. Load: static and cached on a server that knows the static files (registered at start),
    // uncached on a second server beside it, on a copy of the data folder (one server per folder).
    const cachedServer = await startServer(env);
    servers.push(cachedServer);
    const uncachedEnv = { ...env, DATA_DIR: path.join(work, 'data-uncached'), BENCH_PAGE_CACHE: 'off' };
    let uncachedServer: Server | undefined;
    if (LOAD) {
      cpSync(env.DATA_DIR, uncachedEnv.DATA_DIR, { recursive: true });
      uncachedServer = await startServer(uncachedEnv);
      servers.push(uncachedServer);
    }
    const rounds: PageRounds[] = pages.map(([name]) => ({ name, stat: [], cached: [], uncached: [] }));
    for (let round = 0; round < (LOAD ? ROUNDS : 0); round++)
      for (const [i, [, url]] of pages.entries()) {
        const r = rounds[i]!;
        r.stat.push(await load(`${cachedServer.origin}/bench/${i}.html`, cachedServer.child.pid!));
        r.cached.push(await load(cachedServer.origin + url, cachedServer.child.pid!));
        r.uncached.push(await load(uncachedServer!.origin + url, uncachedServer!.child.pid!));
      }
    const rssCached = peakRss.get(cachedServer.child.pid!) ?? 0;
    const rssUncached = uncachedServer ? (peakRss.get(uncachedServer.child.pid!) ?? 0) : 0;
    if (uncachedServer) {
      await uncachedServer.stop();
      servers.splice(servers.indexOf(uncachedServer), 1);
    }
    // Lighthouse against the cached server, as visitors get pages, with the pages' image variants
    // already made (a variant is made once, on its first request, and kept on disk: a visitor meets
    // the first-request cost of sharp only on a site nobody has visited since the image was uploaded).
    if (LIGHTHOUSE) for (const [, url] of pages) await warmImages(cachedServer.origin, url);
    const scores = LIGHTHOUSE
      ? await lighthouse([
          ...pages.map(([name, url]): [string, string] => [name, cachedServer.origin + url]),
          ['baseline', `${cachedServer.origin}/bench/baseline.html`],
        ])
      : [];

    if (LOAD)
      console.log(
        `\n${loadGenerator}, ${CONNECTIONS} connections, ${SECONDS} s per run, Accept-Encoding: ${ENCODING}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}${ROUNDS > 1 ? `; medians of ${ROUNDS} rounds` : ''}\n`,
      );
    if (LOAD)
      console.log(
        'page        static req/s │ cached req/s   ×static  p50  p99 │ uncached req/s  ×static  p50  p99 │ CPU ms/request: static cached uncached │ cached ×static by CPU',
      );
    for (const r of LOAD ? rounds : []) {
      const stat = medianRun(r.stat);
      const cached = medianRun(r.cached);
      const u = medianRun(r.uncached);
      const ratio = (runs: Run[]) => median(runs.map((run, k) => run.rps / r.stat[k]!.rps));
      // Requests per second of the server's own CPU: static CPU per request over cached.
      const cpuRatio = median(r.cached.map((run, k) => r.stat[k]!.cpuMs / run.cpuMs));
      const bad = [...r.stat, ...r.cached, ...r.uncached].reduce((n, run) => n + run.errors + run.non2xx, 0);
      console.log(
        `${r.name.padEnd(11)} ${fmt(stat.rps).padStart(12)} │ ${fmt(cached.rps).padStart(12)} ${fmt(ratio(r.cached), 2).padStart(8)} ${ms(cached.p50).padStart(4)} ${ms(cached.p99).padStart(4)} │ ${fmt(u.rps).padStart(14)} ${fmt(ratio(r.uncached), 2).padStart(8)} ${ms(u.p50).padStart(4)} ${ms(u.p99).padStart(4)} │ ${fmt(stat.cpuMs, 2).padStart(21)} ${fmt(cached.cpuMs, 2).padStart(6)} ${fmt(u.cpuMs, 2).padStart(8)} │ ${fmt(cpuRatio, 2).padStart(21)}${bad ? `  (${bad} errors/non-2xx)` : ''}`,
      );
    }
    if (LOAD)
      console.log(
        `(latency in ms)\npeak RSS under load: ${fmt(rssCached)} MB (static + cached runs), ${fmt(rssUncached)} MB (uncached runs)`,
      );

    if (LIGHTHOUSE) {
      console.log(
        `\nLighthouse (mobile: simulated slow 4G, 4× CPU slowdown), chromium ${CHROME}${LIGHTHOUSE_RUNS > 1 ? `; medians of ${LIGHTHOUSE_RUNS} runs` : ''}`,
      );
      for (const s of scores)
        console.log(
          `${s.name.padEnd(11)} performance ${fmt(s.score)}  LCP ${fmt(s.lcp)} ms  FCP ${fmt(s.fcp)} ms  TBT ${fmt(s.tbt)} ms  benchmark index ${fmt(s.benchmarkIndex)}  (LCP element ${s.element}${s.runs < LIGHTHOUSE_RUNS ? `; ${s.runs} runs with a trace` : ''})`,
        );
      console.log(
        '(baseline: a page of plain text with no script and no stylesheet, through the same server: what this machine and browser score at best)',
      );
    }
  } finally {
    for (const s of servers) await s.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
