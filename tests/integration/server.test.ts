import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { startTestServer, type TestServer } from './helpers';
import { any } from '../support/matchers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ GA_MEASUREMENT_ID: 'G-TEST12345' });
});
afterAll(async () => {
  await server.dispose();
});

describe('server endpoints', () => {
  it('serves the Firebase web config at /__/firebase/init.json', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/__/firebase/init.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      projectId: 'uhmi-embedded',
      apiKey: any(String),
      storageBucket: any(String),
      measurementId: 'G-TEST12345',
    });
  });

  it('serves the build manifests without caching the latest one', async () => {
    const latest = await server.app.inject({ method: 'GET', url: `/builds/latest.json?${Date.now()}` });
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['cache-control']).toContain('no-cache');
    const { id } = latest.json<{ id: string }>();
    expect(id).toBeTruthy();
    const meta = await server.app.inject({ method: 'GET', url: `/builds/meta/${id}.json` });
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({ id });
    expect((await server.app.inject({ method: 'GET', url: '/builds/meta/..%2Fsecret.json' })).statusCode).toBe(404);
  });

  it('sends security headers with pages', async () => {
    const res = await server.get('/');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;| )/);
    expect(res.headers['content-security-policy']).not.toMatch(
      /nonce-|unsafe-inline'[^;]*;.*script-src|script-src[^;]*unsafe-inline/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses to read a private storage object without its token', async () => {
    const meta = await server.objects.putObject({
      bucket: server.config.firebase.storageBucket,
      name: 'private/x.txt',
      bytes: Buffer.from('x'),
    });
    const res = await server.app.inject({
      method: 'GET',
      url: `/v0/b/${meta.bucket}/o/${encodeURIComponent(meta.name)}?alt=media`,
    });
    expect(res.statusCode).toBe(403);
    const ok = await server.app.inject({
      method: 'GET',
      url: `/v0/b/${meta.bucket}/o/${encodeURIComponent(meta.name)}?alt=media&token=${meta.downloadTokens}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('x');
  });

  it('answers a Range request with 206 and the slice', async () => {
    const meta = await server.objects.putObject({
      bucket: server.config.firebase.storageBucket,
      name: 'public/range.txt',
      bytes: Buffer.from('0123456789'),
      contentType: 'text/plain',
    });
    const res = await server.app.inject({
      method: 'GET',
      url: `/v0/b/${meta.bucket}/o/${encodeURIComponent(meta.name)}?alt=media`,
      headers: { range: 'bytes=2-4' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 2-4/10');
    expect(res.body).toBe('234');
  });
});

describe('first start', () => {
  it('seeds once: a restart keeps what is there', async () => {
    const dir = server.dataDir;
    const before = await server.store.count('news');
    expect(before).toBeGreaterThanOrEqual(12);
    // A second server on the same DATA_DIR is refused while this one runs (dataDirLock.ts)…
    await expect(createServer(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), { logger: false })).rejects.toThrow(
      `Another server is already using DATA_DIR ${dir} (pid ${process.pid})`,
    );
    // …and after a restart it adds nothing.
    await server.close();
    const again = await createServer(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), { logger: false });
    expect(await again.store.count('news')).toBe(before);
    await again.close();
  });

  it('creates nothing when the configuration is invalid', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'uhmi-cfg-'));
    const dataDir = path.join(parent, 'data');
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: 'abc' },
        stdio: 'pipe',
      });
      expect.unreachable('the server must not start');
    } catch (err) {
      const e = err as { status: number; stderr: Buffer };
      expect(e.status).toBe(1);
      expect(e.stderr.toString().trim()).toMatch(/^Invalid configuration: PORT: .*"abc"$/);
    }
    expect(existsSync(dataDir)).toBe(false);
    rmSync(parent, { recursive: true, force: true });
  });
});
