/**
 * The Docker image's runtime stage, checked without Docker: `npm ci --omit=dev` (with npm's
 * allowScripts policy strict, as the Dockerfile runs it) in a scratch copy holding only package.json,
 * the lock file and the built dist/, then the server started from it in production mode must seed an
 * empty data folder, report healthy and serve the home page and its script.
 *
 * Needs `npm run build` first (npm test builds before it runs). Installing compiles better-sqlite3,
 * so this takes a minute or two.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverNodeFlags } from '../../scripts/server-node-flags';
import { freePort } from '../support/freePort';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let server: ChildProcess | undefined;
let origin: string;
let output = '';

/** Packages the browser bundles need at build time only; the runtime tree must not carry them. */
const BROWSER_ONLY = ['@mantine/core', '@tiptap/core', '@tiptap/react', 'firebase', 'react-hook-form'];

async function waitForHealth(url: string, child: ChildProcess, ms: number): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const response = await fetch(url).catch(() => null);
    if (response?.ok) return response;
    if (Date.now() > until) throw new Error(`server not healthy within ${ms} ms:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  if (!existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'dist/client'))) {
    throw new Error('dist/ is missing: run `npm run build` first');
  }
  dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-pruned-'));
  for (const file of ['package.json', 'package-lock.json']) cpSync(path.join(root, file), path.join(dir, file));
  cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true });
  await run('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--strict-allow-scripts'], {
    cwd: dir,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  // As production starts it (package.json's `start`: the same node flags).
  server = spawn(
    process.execPath,
    [...serverNodeFlags(readFileSync(path.join(root, 'package.json'), 'utf8')), 'dist/server/main.js'],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: path.join(dir, 'data'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  await waitForHealth(`${origin}/api/health`, server, 120_000);
}, 900_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the server from the pruned production dependency tree', () => {
  it('has no browser-only packages installed', () => {
    for (const name of BROWSER_ONLY) expect(existsSync(path.join(dir, 'node_modules', name)), name).toBe(false);
    expect(
      existsSync(path.join(dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node')),
    ).toBe(true);
  });

  it('reports healthy after reading the document store', async () => {
    const response = await fetch(`${origin}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves the seeded home page and the script it loads', async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Український гідрометеорологічний інститут');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    expect((await fetch(`${origin}${script}`)).status).toBe(200);
  });

  it("names its account tool's commands as they run here, where there is no tsx", async () => {
    const tool = (command: string, args: string[]) =>
      run(command, args, {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: dir, DATA_DIR: path.join(dir, 'data') },
      }).then(
        () => ({ code: 0, stdout: '', stderr: '' }),
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
    const help = await run(process.execPath, ['dist/server/cli/user.js', '--help'], { cwd: dir });
    expect(help.stdout).toMatch(/^Usage: node dist\/server\/cli\/user\.js <command> \[arguments\]\n/);
    const direct = await tool(process.execPath, ['dist/server/cli/user.js', 'frobnicate']);
    expect(direct.code).toBe(2);
    expect(direct.stderr).toContain('Run "node dist/server/cli/user.js --help" for the commands.');
    const script = await tool('npm', ['run', '--silent', 'user:built', '--', 'frobnicate']);
    expect(script.stderr).toContain('Run "npm run user:built -- --help" for the commands.');
    const exportHelp = await run(process.execPath, ['dist/server/cli/export.js', '--help'], { cwd: dir });
    expect(exportHelp.stdout).toContain('Load it with "node dist/server/cli/import.js FILE".');
  });

  it('serves a seeded news item', async () => {
    const list = await (await fetch(`${origin}/News`)).text();
    const href = /href="(\/News\/[^"?#]+)"/.exec(list)?.[1];
    expect(href).toBeTruthy();
    expect((await fetch(`${origin}${href}`)).status).toBe(200);
  });
});
