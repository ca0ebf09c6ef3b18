/**
 * CPU time of one uncached page render, measured in the process (no load generator, no sockets):
 * createServer on a seeded temporary DATA_DIR with the page cache off, then for each page
 * `BENCH_RENDERS` requests (default 300, after 50 to warm up) through `app.inject`,
 * `BENCH_CONCURRENCY` at a time (default 10, as bench:ssr's connections). Prints the CPU ms per
 * render (user + system of the process, so garbage collection counts) and the share of it spent in
 * garbage collection. Less noisy than bench:ssr on a shared machine; run with `--cpu-prof` to see
 * where the time goes.
 *
 *   NODE_ENV=production npx tsx bench/render-cpu.ts
 *   BENCH_PAGES=/,/Contacts NODE_ENV=production npx tsx bench/render-cpu.ts
 *   BENCH_LINK_SHORTCUT=0 …   # links rendered by react-router's components, for comparison
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { setServerLinkShortcut } from '../src/client/components/Link';
import { createServer } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const PAGES = process.env.BENCH_PAGES?.split(',') ?? [
  '/',
  '/News',
  '/News/105-rokiv-hidrometeorolohichnii-sluzhbi',
  '/data_repo/month',
  '/Contacts',
];

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMs += entry.duration;
}).observe({ entryTypes: ['gc'] });

const work = mkdtempSync(path.join(os.tmpdir(), 'uhmi-render-cpu-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: path.join(work, 'data'),
  SEED: 'true',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://127.0.0.1:3000',
});
const handle = await createServer(config, { logger: false });
handle.pageCache.enabled = false;
// BENCH_LINK_SHORTCUT=0: links through react-router's components (src/client/components/Link.tsx).
if (process.env.BENCH_LINK_SHORTCUT === '0') setServerLinkShortcut(false);

async function renders(url: string, n: number): Promise<void> {
  for (let done = 0; done < n; done += CONCURRENCY) {
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, n - done) }, async () => {
        const res = await handle.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      }),
    );
  }
}

try {
  console.log(`page${' '.repeat(44)} CPU ms/render  GC share  wall ms/render`);
  let total = 0;
  for (const url of PAGES) {
    await renders(url, 50);
    const cpu0 = process.cpuUsage();
    const gc0 = gcMs;
    const t0 = performance.now();
    await renders(url, RENDERS);
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const ms = (cpu.user + cpu.system) / 1000 / RENDERS;
    total += ms;
    const gc = (gcMs - gc0) / RENDERS;
    console.log(
      `${url.padEnd(48)} ${ms.toFixed(2).padStart(13)} ${`${((gc / ms) * 100).toFixed(0)}%`.padStart(9)} ${(wall / RENDERS).toFixed(2).padStart(15)}`,
    );
  }
  const m = process.memoryUsage();
  console.log(
    `sum ${total.toFixed(2)} ms; rss ${Math.round(m.rss / 1048576)} MB, heap ${Math.round(m.heapUsed / 1048576)}/${Math.round(m.heapTotal / 1048576)} MB`,
  );
} finally {
  await handle.close();
  rmSync(work, { recursive: true, force: true });
}
