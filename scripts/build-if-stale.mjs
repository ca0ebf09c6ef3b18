#!/usr/bin/env node
/**
 * `npm start`'s prestart: builds (`npm run build`) only when dist/ is missing or older than the
 * sources, so a restart takes seconds. Sources: src/**, vite.config.ts, bench/ssr-server.ts (a
 * server build entry), scripts/bundle-budget.ts (imported by vite.config.ts), package.json,
 * package-lock.json, tsconfig.json. `FORCE_BUILD=1` always builds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const outputs = [
  'dist/server/main.js',
  'dist/client/.vite/manifest.json',
  'dist/client/.vite/manifest-admin.json',
  'dist/client/builds/latest.json',
];
// bench/ssr-server.ts is an entry of the server build; vite.config.ts imports scripts/bundle-budget.ts.
const inputs = [
  'src',
  'vite.config.ts',
  'bench/ssr-server.ts',
  'scripts/bundle-budget.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

function reason() {
  if (process.env.FORCE_BUILD === '1') return 'FORCE_BUILD=1';
  const missing = outputs.find((f) => !existsSync(f));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  const source = Math.max(...inputs.map(newest));
  if (source > built) return 'sources are newer than dist/';
  return null;
}

const why = reason();
if (!why) {
  console.log('dist/ is up to date: not rebuilding (FORCE_BUILD=1 to force).');
} else {
  console.log(`Building: ${why}.`);
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(r.status ?? 1);
}
