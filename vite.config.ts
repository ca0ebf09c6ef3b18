/**
 * Vite builds three things (`npm run build` runs them in this order):
 * - the admin's browser bundle (`vite build --mode admin`, React): dist/client, manifest
 *   .vite/manifest-admin.json;
 * - the public site's browser bundle (`vite build`, Preact through preact/compat): the same folder,
 *   with a manifest the server reads for script and style tags (both manifests), the build manifests
 *   builds/latest.json and builds/meta/{id}.json, and the precompressed forms of every file;
 * - the server (`vite build --ssr`): dist/server/main.js and the CLIs in dist/server/cli/, with node_modules external.
 * Vitest reads the `test` section (unit, integration, security and contract projects).
 */
import react from '@vitejs/plugin-react';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type BuildOptions, type Plugin } from 'vite';
import { formatBudgets, measureBudgets } from './scripts/bundle-budget';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/i;

/** Writes `{file}.br` (brotli quality 11) and `{file}.gz` (gzip level 9) beside every compressible file of 1 KB or more. */
function precompress(dir: string): { files: number; bytes: number; br: number; gz: number } {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = path.join(d, name);
      if (statSync(file).isDirectory()) {
        if (name !== '.vite') walk(file);
        continue;
      }
      if (!COMPRESSIBLE.test(name) || name.endsWith('.map')) continue;
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      const br = brotliCompressSync(data, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      const gz = gzipSync(data, { level: 9 });
      // A compressed form no smaller than the file is not worth serving.
      if (br.length < data.length) writeFileSync(`${file}.br`, br);
      if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
      totals.files++;
      totals.bytes += data.length;
      totals.br += br.length;
      totals.gz += gz.length;
    }
  };
  walk(dir);
  return totals;
}

/** Writes builds/latest.json and builds/meta/{id}.json into the client output (Nuxt's app-manifest shape). */
function buildManifests(): Plugin {
  const id = randomUUID();
  const timestamp = Date.now();
  let outDir = 'dist/client';
  let mode = '';
  return {
    name: 'uhmi-build-manifests',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      mode = config.mode;
    },
    closeBundle() {
      // Once, after the last client build (the public one; the admin's is built first).
      if (!outDir.endsWith('client') || mode === 'admin') return;
      // Files served at the site root (favicon, robots.txt) go to their own folder beside the assets.
      cpSync('src/client/static', path.join(outDir, 'static'), { recursive: true });
      mkdirSync(path.join(outDir, 'builds', 'meta'), { recursive: true });
      writeFileSync(path.join(outDir, 'builds', 'latest.json'), JSON.stringify({ id, timestamp }));
      writeFileSync(
        path.join(outDir, 'builds', 'meta', `${id}.json`),
        JSON.stringify({ id, timestamp, matcher: {}, prerendered: [] }),
      );
      // Served by @fastify/static with preCompressed (app.ts): no compression per request.
      for (const sub of ['assets', 'static']) {
        const t = precompress(path.join(outDir, sub));
        console.log(
          `precompressed ${sub}/: ${t.files} files, ${(t.bytes / 1024).toFixed(0)} KB → br ${(t.br / 1024).toFixed(0)} KB, gzip ${(t.gz / 1024).toFixed(0)} KB`,
        );
      }
      // What a public page and the admin's login page load up front (budgets: tests/integration/bundle-budget.test.ts).
      console.log(`\nentry sizes (JavaScript loaded up front):\n${formatBudgets(measureBudgets(outDir))}\n`);
    },
  };
}

/**
 * The public site runs on Preact through preact/compat on both sides: the browser bundle (a public
 * page loads at most 100 KB of JavaScript gzip; React with react-dom alone is about 65 KB) and the
 * server render (preact-render-to-string), so the markup the server writes is the markup the
 * browser hydrates. The admin (Mantine, client-rendered only) stays on React. The packages that
 * import `react` are bundled into the server build (`SERVER_BUNDLED`) so that they see the alias too.
 */
const PREACT = process.env.PREACT_DIR ?? 'preact';
const PREACT_ALIASES = [
  { find: /^react$/, replacement: `${PREACT}/compat` },
  { find: /^react-dom$/, replacement: `${PREACT}/compat` },
  { find: /^react-dom\/client$/, replacement: `${PREACT}/compat/client` },
  { find: /^react-dom\/server$/, replacement: `${PREACT}/compat/server` },
  { find: /^react\/jsx-runtime$/, replacement: `${PREACT}/jsx-runtime` },
  { find: /^react\/jsx-dev-runtime$/, replacement: `${PREACT}/jsx-runtime` },
];
/** Dependencies of the public pages that import `react`: bundled (and so aliased) wherever the server renders. */
const SERVER_BUNDLED = ['react-router', '@tanstack/react-query', '@trpc/react-query'];

/**
 * Vitest projects that render public pages (all but the admin's components): the server build's
 * Preact aliases, and packages resolved to the ES modules Node itself would load (`module-sync`:
 * react-router's `node` export is CommonJS otherwise, whose `require('react')` no alias reaches).
 */
const PREACT_PROJECT = {
  extends: true,
  resolve: { alias: PREACT_ALIASES },
  ssr: { resolve: { conditions: ['module-sync', 'node', 'development|production'] } },
} as const;

export default defineConfig(({ command, isSsrBuild, mode }) => ({
  plugins: [react(), buildManifests()],
  publicDir: false,
  // `vite build --mode admin` builds the admin (React, Mantine); plain `vite build` the public site.
  // Vitest: each project says whether it renders with Preact (everything but the admin's components).
  resolve: command === 'build' && mode !== 'admin' ? { alias: PREACT_ALIASES } : {},
  ssr: { noExternal: SERVER_BUNDLED },
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc needs the `as BuildOptions` below: the branches' inferred union is not assignable to BuildOptions
  build: (isSsrBuild
    ? {
        outDir: 'dist/server',
        ssr: true,
        target: 'node20',
        emptyOutDir: true,
        sourcemap: true,
        // The server and its command-line tools, so the built image can run them without tsx.
        rollupOptions: {
          // bench/ssr-server: the server `npm run bench:ssr` measures (built, as production runs it).
          input: {
            main: 'src/server/main.ts',
            'cli/user': 'src/server/cli/user.ts',
            'cli/seed': 'src/server/cli/seed.ts',
            'cli/export': 'src/server/cli/export.ts',
            'cli/import': 'src/server/cli/import.ts',
            'bench/ssr-server': 'bench/ssr-server.ts',
          },
          output: { format: 'es', entryFileNames: '[name].js' },
        },
      }
    : {
        outDir: 'dist/client',
        // Maps are written for error tracking but not referenced from the bundles ('hidden'), and
        // the server does not serve them (app.ts refuses /assets/*.map).
        sourcemap: 'hidden',
        target: 'es2022',
        // Two client builds into one folder: the admin first (`--mode admin`, which empties it), then
        // the public site, whose closeBundle writes the build manifests and precompresses both.
        emptyOutDir: mode === 'admin',
        manifest: mode === 'admin' ? '.vite/manifest-admin.json' : true,
        rollupOptions: {
          input: mode === 'admin' ? { admin: 'src/client/entry-admin.tsx' } : { public: 'src/client/entry-client.tsx' },
          // Public site: tiny shared chunks (Vite's preload helper, 1.5 KB) are merged into a chunk that
          // is loaded anyway, so the entry is one request (a request of its own costs a phone on slow
          // mobile data a connection and a round trip before the page's first paint).
          output: mode === 'admin' ? {} : { experimentalMinChunkSize: 4 * 1024 },
        },
      }) as BuildOptions,
  test: {
    // The packages that import `react`, Preact and its renderer are transformed by Vite (not loaded
    // by Node), so that the projects' aliases reach them and all share one Preact.
    server: {
      deps: {
        inline: [...SERVER_BUNDLED, 'preact', 'preact-render-to-string'].map((n) => new RegExp(`node_modules/${n}/`)),
      },
    },
    projects: [
      {
        ...PREACT_PROJECT,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        extends: true,
        // Issue 15: the admin's form widgets and upload progress rendered in jsdom with Testing Library.
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          testTimeout: 30_000,
          // Set-ups that start a server and an emulator (useStorageEditor) outlast the default 10 s under load.
          hookTimeout: 30_000,
        },
      },
      {
        ...PREACT_PROJECT,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...PREACT_PROJECT,
        // One file per hole found by the security review (issue 11); each failed before its fix.
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        ...PREACT_PROJECT,
        // The document store port against SQLite and Google's Firestore emulator (started once; a missing emulator fails the run).
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/firestoreEmulator.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      {
        ...PREACT_PROJECT,
        // Issue 12: two real server processes sharing one Firestore emulator (started once) and one Auth emulator.
        test: {
          name: 'multi',
          include: ['tests/multi-instance/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/firestoreEmulator.ts'],
          fileParallelism: false, // the files share the emulator's demo-uhmi database, each clearing it
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        ...PREACT_PROJECT,
        // Issue 15: the Docker image's runtime stage without Docker: `npm ci --omit=dev` in a scratch copy, then the built server.
        test: {
          name: 'production',
          include: ['tests/production/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 900_000,
        },
      },
    ],
  },
}));
