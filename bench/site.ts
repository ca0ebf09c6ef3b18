/**
 * Latency of the visitor search, the sitemap and the feeds on the embedded store as it grows:
 * BENCH_SCALE (default 20,000) synthetic documents per type in a temporary SQLite file, then the
 * median of 5 runs of each operation (ms). `npx tsx bench/site.ts`; not part of `npm test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ContentService } from '../src/server/content/service';
import { SiteSearchService } from '../src/server/search/service';
import { loadSynthetic } from '../src/server/seed/synthetic';
import { EVENTS_FEED, NEWS_FEED, SiteFeeds } from '../src/server/site/feeds';
import { Sitemap } from '../src/server/site/sitemap';
import { openSqliteDatabase, SqliteDocumentStore } from '../src/server/store/sqlite';

const scale = Number(process.env.BENCH_SCALE ?? 20_000);
const origin = 'https://uhmi.example.org';

async function median(label: string, run: () => Promise<unknown>): Promise<void> {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < 5; i += 1) {
    const t = performance.now();
    const out = await run();
    times.push(performance.now() - t);
    size = typeof out === 'string' ? out.length : JSON.stringify(out).length;
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} ${times[2]!.toFixed(1).padStart(8)} ms  (${(size / 1024).toFixed(0)} KB)`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'uhmi-bench-site-'));
try {
  const store = new SqliteDocumentStore(await openSqliteDatabase(path.join(dir, 'site.db')));
  const t = performance.now();
  const written = await loadSynthetic(store, scale, 'b');
  console.log(`loaded ${written} documents (${scale} per type) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const content = new ContentService(store);
  const search = new SiteSearchService(content);
  const sitemap = () => new Sitemap(content, origin);
  await median('search: a word in every document (p. 1)', () => search.search('синтетичний'));
  await median('search: a word in every document (p. 50)', () => search.search('синтетичний', 50));
  await median('search: a rare word', () => search.search('гомогенізації'));
  await median('search: no match', () => search.search('квазібрязкальце'));
  await median('/sitemap.xml (index)', () => sitemap().root());
  await median('/sitemap-1.xml', () => sitemap().part(1));
  const parts = Math.ceil((scale * 11 + 11) / 50_000);
  await median(`/sitemap-${parts}.xml (last)`, async () => (await sitemap().part(parts)) ?? '');
  const feeds = new SiteFeeds(content, origin);
  await median('/feeds/news.atom', () => feeds.atom(NEWS_FEED));
  await median('/feeds/events.atom', () => feeds.atom(EVENTS_FEED));
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
