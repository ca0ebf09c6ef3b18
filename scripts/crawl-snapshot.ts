/**
 * Crawls the seeded site as a search engine would and writes what each page shows, for comparing
 * two versions of the render path (issue 26: a before/after crawl of every seeded page).
 *
 * `npx tsx scripts/crawl-snapshot.ts OUT.json` starts the built server (`dist/server/main.js`) on a
 * fresh data folder with the seed, follows every same-site link from `/` and the sitemap, and
 * writes, per path: the status, the visible text of `#root`, its links, the head's tags (title,
 * meta, link) and its JSON-LD. `npx tsx scripts/crawl-snapshot.ts --compare A.json B.json` prints
 * the differences and exits 1 when there are any.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Parser } from 'htmlparser2';

export interface PageSnapshot {
  status: number;
  text: string;
  links: string[];
  head: string[];
  jsonLd: unknown[];
}

/** What one HTML page shows: visible text and links of `#root`, head tags and JSON-LD. */
export function snapshotOf(status: number, html: string): PageSnapshot {
  const snap: PageSnapshot = { status, text: '', links: [], head: [], jsonLd: [] };
  const text: string[] = [];
  let inHead = false;
  let rootDepth = 0; // > 0 while inside #root
  let skip = 0; // inside script/style/template
  let jsonLd: string | null = null;
  let title: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'head') inHead = true;
        if (rootDepth > 0) rootDepth += 1;
        else if (attrs.id === 'root') rootDepth = 1;
        if (name === 'script' && attrs.type === 'application/ld+json') jsonLd = '';
        else if (name === 'script' || name === 'style' || name === 'template') skip += 1;
        if (name === 'title' && inHead) title = '';
        if (inHead && (name === 'meta' || name === 'link')) {
          const keys = Object.keys(attrs).sort();
          snap.head.push(`${name} ${keys.map((k) => `${k}=${attrs[k]}`).join(' ')}`);
        }
        if (rootDepth > 0 && name === 'a' && attrs.href !== undefined) snap.links.push(attrs.href);
        if (rootDepth > 0 && name === 'img' && attrs.alt) text.push(`[img ${attrs.alt}]`);
      },
      ontext(data) {
        if (jsonLd !== null) jsonLd += data;
        else if (title !== null) title += data;
        else if (rootDepth > 0 && skip === 0) text.push(data);
      },
      onclosetag(name) {
        if (name === 'head') inHead = false;
        if (name === 'script' && jsonLd !== null) {
          snap.jsonLd.push(JSON.parse(jsonLd));
          jsonLd = null;
        } else if (name === 'script' || name === 'style' || name === 'template') skip -= 1;
        if (name === 'title' && title !== null) {
          snap.head.push(`title ${title}`);
          title = null;
        }
        if (rootDepth > 0) {
          rootDepth -= 1;
          text.push(' ');
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  snap.text = text.join('').replace(/\s+/g, ' ').trim();
  snap.head.sort();
  return snap;
}

async function startServer(): Promise<{ origin: string; stop: () => void }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-crawl-'));
  const port = 3900 + Math.floor(Math.random() * 90);
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    const up = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    stop: () => {
      child.kill();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same-site page path of `href` seen on `from`, or null (assets, files, API, other sites). */
function pagePath(href: string, from: string, origin: string): string | null {
  const url = new URL(href, origin + from);
  if (url.origin !== origin) return null;
  if (/^\/(api|assets|v0|builds|__|static)\b/.test(url.pathname) || /\.[a-z0-9]{2,5}$/i.test(url.pathname)) return null;
  return url.pathname + url.search;
}

async function crawl(out: string): Promise<void> {
  const { origin, stop } = await startServer();
  try {
    const sitemap = await fetch(`${origin}/sitemap.xml`).then((r) => r.text());
    const queue = [
      '/',
      '/no-such-page',
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
    ];
    const seen = new Set(queue);
    const pages: Record<string, PageSnapshot> = {};
    while (queue.length) {
      const p = queue.shift()!;
      const res = await fetch(origin + p, { redirect: 'manual', headers: { 'accept-encoding': 'identity' } });
      const html = res.headers.get('content-type')?.includes('text/html') ? await res.text() : '';
      pages[p] = snapshotOf(res.status, html);
      for (const href of pages[p].links) {
        const next = pagePath(href, p, origin);
        if (next && !seen.has(next) && seen.size < 2000) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    writeFileSync(out, JSON.stringify(pages, null, 1));
    console.log(`${Object.keys(pages).length} pages → ${out}`);
  } finally {
    stop();
  }
}

/**
 * A part of a snapshot with what differs between two seeded servers masked: the port each listens
 * on, the download tokens of stored files and the seed's timestamps.
 */
function comparable(value: unknown): string {
  return JSON.stringify(value)
    .replace(/http:\/\/(?:127\.0\.0\.1|localhost):\d+/g, 'ORIGIN')
    .replace(/token=[0-9a-f-]{36}/g, 'token=…')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'TIME')
    .replace(/(data-head-id=[^ "]*)#[0-9a-z]+/g, '$1#…');
}

function compare(a: string, b: string): number {
  const before = JSON.parse(readFileSync(a, 'utf8')) as Record<string, PageSnapshot>;
  const after = JSON.parse(readFileSync(b, 'utf8')) as Record<string, PageSnapshot>;
  let differences = 0;
  for (const p of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const x = before[p];
    const y = after[p];
    if (!x || !y) {
      console.log(`${p}: only ${x ? 'before' : 'after'}`);
      differences += 1;
      continue;
    }
    for (const key of ['status', 'text', 'links', 'head', 'jsonLd'] as const) {
      const sx = comparable(x[key]);
      const sy = comparable(y[key]);
      if (sx === sy) continue;
      differences += 1;
      let at = 0;
      while (at < sx.length && sx[at] === sy[at]) at += 1;
      console.log(
        `${p} ${key}:\n  before …${sx.slice(Math.max(0, at - 60), at + 100)}\n  after  …${sy.slice(Math.max(0, at - 60), at + 100)}`,
      );
    }
  }
  console.log(`${Object.keys(after).length} pages compared, ${differences} differences`);
  return differences;
}

const args = process.argv.slice(2);
if (args[0] === '--compare') process.exitCode = compare(args[1]!, args[2]!) ? 1 : 0;
else await crawl(args[0] ?? 'crawl.json');
