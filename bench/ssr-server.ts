/**
 * The server of `npm run bench:ssr`, in its own process: createServer on the given DATA_DIR and
 * client build, listening on PORT; `BENCH_PAGE_CACHE=off` switches the page cache off (every page
 * rendered, as a signed-in editor gets it). Answers `ready` on stdout once listening.
 */
import { createServer } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const config = loadConfig(process.env);
const handle = await createServer(config, { logger: false });
if (process.env.BENCH_PAGE_CACHE === 'off') handle.pageCache.enabled = false;
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
