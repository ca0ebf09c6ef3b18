/**
 * firebase-tools' Auth emulator for tests: started offline on free loopback ports (project
 * demo-uhmi), stopped with its process group. Used by identity-emulator.test.ts and the security tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/freePort';

export const PROJECT = 'demo-uhmi';
/** The emulator accepts any API key; our firebase-mode server is configured with this one. */
export const API_KEY = 'demo-uhmi-web-api-key';
/** The environment of our server (or a CLI) in firebase mode against `project`; the emulators' hosts are added by each test. */
export function firebaseModeEnv(project: string) {
  return {
    BACKEND: 'firebase',
    FIREBASE_API_KEY: `${project}-web-api-key`,
    FIREBASE_PROJECT_ID: project,
    FIREBASE_APP_ID: `1:000000000000:web:${project}`,
  } as const;
}
/** firebaseModeEnv of this project (its API key is API_KEY). */
export const FIREBASE_MODE_ENV = firebaseModeEnv(PROJECT);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIREBASE_CLI = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');
export const STARTUP_TIMEOUT_MS = 60_000;

// ---- the emulator ---------------------------------------------------------------------------

export interface Emulator {
  host: string;
  origin: string;
  /** Calls the emulator's own REST endpoints (/emulator/v1/projects/demo-uhmi/...). */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * Starts `firebase emulators:start --only auth --project demo-uhmi` (firebase-tools from
 * node_modules, the binary `npx firebase` runs) in a temporary directory with a generated
 * firebase.json on free loopback ports, offline: CI=true skips the message-of-the-day fetch and the
 * update check, NO_UPDATE_NOTIFIER as well, and a private XDG_CONFIG_HOME keeps usage reporting off
 * (it is opt-in, stored there) and leaves the user's configuration alone. Ready when its root answers
 * `authEmulator.ready`.
 */
export async function startEmulator(): Promise<Emulator> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-auth-emulator-'));
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  writeFileSync(
    path.join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CI: 'true',
    NO_UPDATE_NOTIFIER: '1',
    XDG_CONFIG_HOME: path.join(dir, 'config'),
  };
  for (const key of [
    'FIREBASE_AUTH_EMULATOR_HOST',
    'GOOGLE_APPLICATION_CREDENTIALS',
    'FIREBASE_TOKEN',
    'FIREBASE_CLI_EXPERIMENTS',
    'NODE_OPTIONS',
  ])
    delete env[key];
  const child: ChildProcess = spawn(
    process.execPath,
    [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', PROJECT],
    {
      cwd: dir,
      env,
      detached: true, // its own process group, so stop() ends the CLI and anything it started
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  let exited: number | string | null = null;
  const exit = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = code ?? signal ?? 'unknown';
      resolve();
    });
    child.on('error', (err) => {
      exited = err.message;
      resolve();
    });
  });

  const host = `127.0.0.1:${auth}`;
  const origin = `http://${host}`;
  const stop = async () => {
    if (exited === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const killed = await Promise.race([
        exit.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
      ]);
      if (!killed) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
        await exit;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (exited !== null) {
      await stop();
      throw new Error(
        `The firebase-tools Auth emulator exited (${String(exited)}) before it was ready. Its output:\n${output}`,
      );
    }
    try {
      const res = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) });
      const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
      if (body.authEmulator?.ready) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The firebase-tools Auth emulator was not ready within ${STARTUP_TIMEOUT_MS / 1000} s on ${host}. Its output:\n${output}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    host,
    origin,
    async control(method, route, body) {
      const res = await fetch(`${origin}/emulator/v1/projects/${PROJECT}${route}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`emulator ${method} ${route}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    },
    stop,
  };
}

/** Starts the emulator, once more on other ports if one of the chosen ones was taken meanwhile. */
export async function startEmulatorWithRetry(): Promise<Emulator> {
  try {
    return await startEmulator();
  } catch (err) {
    if (!/is not open|EADDRINUSE|already in use/i.test((err as Error).message)) throw err;
    return startEmulator();
  }
}
