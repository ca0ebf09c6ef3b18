import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/freePort';

/**
 * Runs the server's entry point (src/server/main.ts through tsx) and waits for it to exit, as `uid`
 * when given; after `timeoutMs` it is killed (code null).
 */
function runServer(
  env: NodeJS.ProcessEnv,
  { uid, timeoutMs = 50_000 }: { uid?: number; timeoutMs?: number } = {},
): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/main.ts'],
      { env: { ...process.env, ...env }, timeout: timeoutMs, ...(uid === undefined ? {} : { uid, gid: uid }) },
      (_err, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('start-up on a port already in use', () => {
  let holder: net.Server;
  let port: number;
  let parent: string;

  beforeAll(async () => {
    holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen({ host: '127.0.0.1', port: 0 }, resolve));
    port = (holder.address() as net.AddressInfo).port;
    parent = mkdtempSync(path.join(os.tmpdir(), 'uhmi-port-'));
  });

  afterAll(async () => {
    await new Promise((resolve) => holder.close(resolve));
    rmSync(parent, { recursive: true, force: true });
  });

  it('stops with one line naming the address, exit 1, before DATA_DIR, the seed or the admin exist', async () => {
    const dataDir = path.join(parent, 'data');
    const { code, stderr, stdout } = await runServer({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Cannot listen on 127.0.0.1:${port}: the address is in use (set PORT or HOST)`,
    ]);
    expect(stdout).not.toContain('administrator');
    expect(existsSync(dataDir)).toBe(false);
  });

  it('leaves an existing empty DATA_DIR empty', async () => {
    const dataDir = mkdtempSync(path.join(parent, 'empty-'));
    const { code, stderr } = await runServer({ HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot listen on 127\.0\.0\.1:\d+: the address is in use \(set PORT or HOST\)\n$/);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('start-up on a DATA_DIR it cannot use', () => {
  let parent: string;

  beforeAll(() => {
    parent = mkdtempSync(path.join(os.tmpdir(), 'uhmi-datadir-'));
    chmodSync(parent, 0o755);
  });

  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('stops with one line naming a DATA_DIR that is a file, exit 1', async () => {
    const file = path.join(parent, 'a-file');
    writeFileSync(file, 'not a folder');
    const { code, stderr } = await runServer({ HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: file });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Invalid configuration: DATA_DIR: cannot use ${file}: it is a file, not a folder; move that file away or set DATA_DIR to another path`,
    ]);
    const below = await runServer({
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: path.join(file, 'data'),
    });
    expect(below.code).toBe(1);
    expect(below.stderr).toMatch(
      /^Invalid configuration: DATA_DIR: cannot create .*a folder above it is a file; .*\n$/,
    );
  });

  it('stops with one line naming a DATA_DIR it may not create, exit 1', async () => {
    // A folder this user may not write in (root ignores modes, so as root the server runs as nobody).
    const locked = path.join(parent, 'locked');
    mkdirSync(locked, { mode: 0o555 });
    const uid = process.getuid?.() === 0 ? 65534 : undefined;
    const dataDir = path.join(locked, 'data');
    const { code, stderr } = await runServer(
      { HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: dataDir },
      { uid },
    );
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Invalid configuration: DATA_DIR: cannot create or use ${dataDir} \\(permission denied\\); give the user running the server \\(uid \\d+\\) write access`,
        ),
      ),
    ]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it('stops with one line naming a DATA_DIR where the file system takes no new folders (/proc), exit 1', async () => {
    // Node's recursive mkdirSync loops forever there: the server is killed after a bounded wait.
    const dataDir = '/proc/1/uhmi-data';
    const { code, stderr } = await runServer(
      { HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: dataDir },
      { timeoutMs: 40_000 },
    );
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Invalid configuration: DATA_DIR: cannot create ${dataDir}: the file system there does not take new folders (as in /proc); set DATA_DIR to a folder on a writable disk`,
    ]);
  });
});

/** Starts the server's entry point, returns its output once it listens (then stops it with SIGTERM). */
function startServer(env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Server listening at/.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', () => (/Server listening at/.test(output) ? resolve(output) : reject(new Error(output))));
  });
}

describe('ADMIN_EMAIL / ADMIN_PASSWORD after the first start', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-admin-vars-'));
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the first administrator from them, and later says once that they were not used', async () => {
    const env = { HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'info' };
    const notUsed =
      /ADMIN_EMAIL\/ADMIN_PASSWORD were not used: accounts already exist.*npm run user -- create\|reset-password/;
    const first = await startServer({
      ...env,
      PORT: String(await freePort()),
      ADMIN_EMAIL: 'first@uhmi.example.org',
      ADMIN_PASSWORD: 'first-admin-pass-1',
    });
    expect(first).toContain('Created the first administrator first@uhmi.example.org');
    expect(first).not.toMatch(notUsed);
    const again = await startServer({
      ...env,
      PORT: String(await freePort()),
      ADMIN_EMAIL: 'you@uhmi.example.org',
      ADMIN_PASSWORD: 'Secret-pass-123',
    });
    expect(again.match(new RegExp(notUsed, 'g'))).toHaveLength(1);
    expect(again).not.toContain('Secret-pass-123');
    expect(await startServer({ ...env, PORT: String(await freePort()) })).not.toMatch(notUsed);
  });
});
