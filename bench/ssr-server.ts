/**
 * The server of `npm run bench:ssr`, in its own process: createServer on the given DATA_DIR and
 * client build, listening on PORT; `BENCH_PAGE_CACHE=off` switches the page cache off (every page
 * rendered, as a signed-in editor gets it). Answers `ready` on stdout once listening.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const config = loadConfig(process.env);
const handle = await createServer(config, { logger: false });
if (process.env.BENCH_PAGE_CACHE === 'off') handle.pageCache.enabled = false;
// A page's static copy goes out with the page's own `Link` header (bench/ssr.ts writes it beside the copy).
const benchLinks = new Map<string, string>();
handle.app.addHook('onSend', async (request, reply, payload) => {
  const match = /^\/bench\/(\d+)\.html$/.exec(request.url);
  if (!match) return payload;
  let link = benchLinks.get(match[1]!);
  if (link === undefined) {
    const file = path.join(config.clientDistDir ?? 'dist/client', 'static', 'bench', `${match[1]}.html.link`);
    benchLinks.set(match[1]!, (link = existsSync(file) ? readFileSync(file, 'utf8') : ''));
  }
  if (link) void reply.header('link', link);
  return payload;
});
await handle.app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
// `kill -USR2`: where the memory is (heap, off-heap buffers, the rest native), as one JSON line.
process.on('SIGUSR2', () => {
  const m = process.memoryUsage();
  const mb = (n: number) => Math.round(n / 1048576);
  console.log(
    `memory ${JSON.stringify({ rss: mb(m.rss), heapTotal: mb(m.heapTotal), heapUsed: mb(m.heapUsed), external: mb(m.external), arrayBuffers: mb(m.arrayBuffers) })}`,
  );
});
process.on('SIGTERM', () => {
  void handle.close().then(() => process.exit(0));
});
