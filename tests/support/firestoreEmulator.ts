/**
 * Google's Cloud Firestore emulator for tests (Debian package google-cloud-cli-firestore-emulator,
 * Java 17+): started on a free loopback port, awaited until it answers, stopped afterwards.
 * A missing or broken emulator throws, so the run fails instead of skipping the Firestore tests.
 *
 * As a Vitest globalSetup, it provides `firestoreEmulatorHost` (`127.0.0.1:PORT`) to the tests
 * (`inject('firestoreEmulatorHost')`). FIRESTORE_EMULATOR_BIN overrides the launcher path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { freePort } from './freePort';

export const DEFAULT_EMULATOR_BIN =
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud_firestore_emulator';

declare module 'vitest' {
  export interface ProvidedContext {
    firestoreEmulatorHost: string;
  }
}

export interface RunningEmulator {
  host: string;
  stop(): Promise<void>;
}

/**
 * Starts the emulator on `port` (default: a free one) and resolves once it answers HTTP there
 * (within `timeoutMs`); `npm run emulators` passes the fixed port of firebase.json.
 */
export async function startFirestoreEmulator({
  port: fixedPort,
  rules,
  timeoutMs = 60_000,
}: {
  port?: number;
  /** a rules file the emulator enforces on client SDK requests */ rules?: string;
  timeoutMs?: number;
} = {}): Promise<RunningEmulator> {
  const bin = process.env.FIRESTORE_EMULATOR_BIN ?? DEFAULT_EMULATOR_BIN;
  if (!existsSync(bin)) {
    throw new Error(
      `Firestore emulator not found at ${bin}: install google-cloud-cli-firestore-emulator (or set FIRESTORE_EMULATOR_BIN)`,
    );
  }
  const port = fixedPort ?? (await freePort());
  const host = `127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    bin,
    ['start', '--host=127.0.0.1', `--port=${port}`, ...(rules ? [`--rules=${rules}`] : [])],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (exited || child.pid === undefined) return;
    const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // The launcher script starts java as a child: signal the whole process group it leads.
    process.kill(-child.pid, 'SIGTERM');
    const timer = setTimeout(() => !exited && child.pid !== undefined && process.kill(-child.pid, 'SIGKILL'), 5000);
    await done;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Firestore emulator exited before answering:\n${output}`);
    try {
      const res = await fetch(`http://${host}/`);
      if (res.ok) return { host, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`Firestore emulator did not answer on ${host} within ${timeoutMs} ms:\n${output}`);
}

/** Deletes every document of `projectId`'s default database in the emulator at `host` (the emulator's own REST endpoint). */
export async function clearFirestore(host: string, projectId: string): Promise<void> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  if (!res.ok)
    throw new Error(`Clearing the Firestore emulator's ${projectId} failed: ${res.status} ${await res.text()}`);
}

/** Vitest globalSetup: one emulator for the project's run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const emulator = await startFirestoreEmulator();
  project.provide('firestoreEmulatorHost', emulator.host);
  return () => emulator.stop();
}
