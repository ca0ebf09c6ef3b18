/**
 * Server processes for the multi-instance suite: `node --import tsx src/server/main.ts` on a free
 * loopback port with its own DATA_DIR, only the environment the test gives (no developer `.env`, no
 * inherited emulators), ready once `/__/firebase/init.json` answers. Used by
 * tests/multi-instance/*.test.ts and the tests of how the server and CLIs stop (runToExit).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { STARTUP_TIMEOUT_MS } from '../integration/authEmulator';
import { freePort } from './freePort';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TSX = pathToFileURL(path.join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const MAIN = path.join(ROOT, 'src/server/main.ts');
/** The first administrator every spawned server is started with. */
export const ADMIN = { email: 'webmaster@uhmi.example.org', password: 'multi-instance-pass-1' };

export interface Instance {
  origin: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** Environment of a server process: only what the test sets (no developer `.env`, no inherited emulators). */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TSX_TSCONFIG_PATH: path.join(ROOT, 'tsconfig.json'),
  };
  return {
    ...env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extra,
  };
}

/** Spawns a server; `ready: false` returns at once (for a server expected to refuse to start). */
export async function spawnServer(dataDir: string, extra: Record<string, string>, ready = true): Promise<Instance> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // cwd = DATA_DIR: main.ts reads `.env` from the working folder, and there is none.
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd: dataDir,
    env: serverEnv({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: origin, ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const instance: Instance = {
    origin,
    dataDir,
    child,
    output: () => output,
    exited,
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  if (!ready) return instance;
  // A server from source (tsx) on a busy 2-core machine has taken over 100 s; the hooks allow 3× STARTUP_TIMEOUT_MS.
  const deadline = Date.now() + STARTUP_TIMEOUT_MS * 2;
  for (;;) {
    if (gone) throw new Error(`The server on ${origin} exited before it was ready:\n${output}`);
    try {
      if ((await fetch(`${origin}/__/firebase/init.json`, { signal: AbortSignal.timeout(2000) })).ok) return instance;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await instance.stop();
      throw new Error(`The server on ${origin} was not ready within ${STARTUP_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Runs a TypeScript entry point (`src/server/main.ts`, a CLI…) in `cwd` (a folder without `.env`) with
 * exactly `env`, until it exits; resolves with its exit code and what it wrote to stderr.
 */
export function runToExit(
  entry: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', TSX, path.join(ROOT, entry)], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

const dirs: string[] = [];
/** A new empty folder (a DATA_DIR, a working folder) under the system's temporary folder (removed by removeDataDirs). */
export function newDataDir(prefix = 'uhmi-multi-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** Removes every DATA_DIR made by newDataDir so far. */
export function removeDataDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Polls `check` until it returns true; returns the milliseconds it took, or throws after `timeoutMs`. */
export async function within(timeoutMs: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not seen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
