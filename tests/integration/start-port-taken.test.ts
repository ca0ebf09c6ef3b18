import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Runs the server's entry point (src/server/main.ts through tsx) and waits for it to exit. */
function runServer(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/main.ts'],
      { env: { ...process.env, ...env }, timeout: 60_000 },
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
