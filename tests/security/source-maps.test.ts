/**
 * Issue 11, item 12d: production source maps were public (`sourcemap: true`, and /assets/*.map
 * served). The client build writes them 'hidden' (no sourceMappingURL comment in any asset) and the
 * server refuses `*.map`. Runs against the built client (npm test builds before the suites): it
 * fails, rather than skips, when dist/client is missing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../integration/helpers';

const DIST = path.resolve('dist/client');
const ASSETS = path.join(DIST, 'assets');
let server: TestServer;

beforeAll(async () => {
  expect(
    existsSync(path.join(DIST, '.vite', 'manifest.json')),
    'run `npm run build` first: dist/client is missing',
  ).toBe(true);
  server = await startTestServer({ SEED: 'false', CLIENT_DIST_DIR: DIST });
});

afterAll(async () => {
  await server?.dispose();
});

describe('client source maps', () => {
  it('are not referenced from any built script or stylesheet', () => {
    const files = readdirSync(ASSETS).filter((f) => /\.(js|mjs|css)$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(path.join(ASSETS, file), 'utf8');
      expect(/[#@]\s*sourceMappingURL=/.test(text), file).toBe(false);
    }
  });

  it('are not served: every /assets/*.map is a 404 (also spelled otherwise), the assets themselves are served', async () => {
    const scripts = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
    const maps = readdirSync(ASSETS).filter((f) => f.endsWith('.map'));
    const candidates = maps.length ? maps : scripts.map((f) => `${f}.map`);
    for (const map of candidates) {
      for (const url of [
        `/assets/${map}`,
        `/assets/${map.replace(/\.map$/, '.%6Dap')}`,
        `/assets/${map.replace(/\.map$/, '.MAP')}`,
        `/${map}`,
      ]) {
        const res = await server.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toMatch(/"mappings"/);
      }
    }
    const script = await server.app.inject({ method: 'GET', url: `/assets/${scripts[0]}` });
    expect(script.statusCode).toBe(200);
    expect(script.headers.sourcemap ?? script.headers['x-sourcemap']).toBeUndefined();
  });
});
