/**
 * Upload benchmark (storage issue): the time to upload a file through the official firebase/storage
 * SDK (resumable upload, chunks of 256 KiB doubling below 32 MiB) to the embedded server over
 * loopback, against writing the same bytes to disk with a plain stream.
 *
 *   npm run bench:upload                 # 1 GiB
 *   BENCH_MB=256 npx tsx bench/upload.ts
 *
 * Steps: random bytes are written to a file with a plain write stream (the disk baseline, timed);
 * that file is then uploaded as a file-backed Blob (`fs.openAsBlob`, what a browser's File is) with
 * `uploadBytesResumable` by an editor signed in with firebase/auth (timed until the SDK reports
 * success; the stored size and md5Hash are checked). The server runs in a child process, as it would
 * beside a browser, on a temporary DATA_DIR in the OS temp folder (the same disk as the baseline).
 * `BENCH_SOURCE=memory` uploads the bytes from memory instead.
 *
 * Prints MB/s for both, the CPU seconds each process used during the upload, and the ratio
 * disk time / upload time (1 = as fast as the disk; the target is ≥ 0.5).
 * Not part of `npm test`.
 */
import { fork } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

const MiB = 1024 * 1024;

interface Ready {
  port: number;
  email: string;
  password: string;
  bucket: string;
}

/** Child process: the embedded server on a temporary DATA_DIR with one editor account. */
async function serve(): Promise<void> {
  const { createServer } = await import('../src/server/app');
  const { loadConfig } = await import('../src/server/config');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED: 'false', NODE_ENV: 'production', ADMIN_PASSWORD: 'bench-admin-password' });
  const server = await createServer(config, { logger: false });
  const email = 'bench-editor@uhmi.example.org';
  const password = 'bench-editor-password';
  await server.identity.createAccount({ email, password, role: 'editor' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.on('message', async (message) => {
    if (message === 'cpu') {
      const usage = process.cpuUsage();
      process.send!({ cpu: (usage.user + usage.system) / 1e6 });
    } else if (message === 'stop') {
      server.app.server.closeAllConnections(); // the SDK's keep-alive sockets would hold close() open
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({ port: address.port, email, password, bucket: config.firebase.storageBucket } satisfies Ready);
}

/** Writes `data` to `file` through a plain write stream, 16 MiB at a time; returns seconds. */
async function diskWrite(data: Buffer, file: string): Promise<number> {
  const start = performance.now();
  const ws = createWriteStream(file);
  for (let offset = 0; offset < data.length; offset += 16 * MiB) {
    if (!ws.write(data.subarray(offset, Math.min(offset + 16 * MiB, data.length)))) await once(ws, 'drain');
  }
  ws.end();
  await finished(ws);
  return (performance.now() - start) / 1000;
}

async function main(): Promise<void> {
  const mb = Number(process.env.BENCH_MB ?? 1024);
  if (!Number.isFinite(mb) || mb <= 0) throw new Error('BENCH_MB must be a positive number of MiB');
  const size = Math.round(mb * MiB);

  const child = fork(fileURLToPath(import.meta.url), ['--server'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [ready] = (await once(child, 'message')) as [Ready];
  const serverCpu = async () => {
    child.send('cpu');
    const [reply] = (await once(child, 'message')) as [{ cpu: number }];
    return reply.cpu;
  };

  process.stdout.write(`Preparing ${mb} MiB of random bytes… `);
  const data = Buffer.allocUnsafe(size);
  for (let offset = 0; offset < size; offset += 64 * MiB) randomFillSync(data, offset, Math.min(64 * MiB, size - offset));
  const md5 = createHash('md5').update(data).digest('base64');
  console.log('done.');

  const { initializeApp, deleteApp } = await import('firebase/app');
  const { connectAuthEmulator, getAuth, inMemoryPersistence, setPersistence, signInWithEmailAndPassword } = await import('firebase/auth');
  const { connectStorageEmulator, getStorage, ref, uploadBytesResumable } = await import('firebase/storage');

  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'uhmi-bench-disk-'));
  try {
    const file = path.join(tmpDir, 'baseline.bin');
    const diskSeconds = await diskWrite(data, file);
    const source = process.env.BENCH_SOURCE === 'memory' ? data : await openAsBlob(file);

    const app = initializeApp({ apiKey: 'embedded-uhmi-web-api-key', projectId: 'uhmi-embedded', authDomain: '127.0.0.1' }, 'bench');
    const auth = getAuth(app);
    connectAuthEmulator(auth, `http://127.0.0.1:${ready.port}`, { disableWarnings: true });
    await setPersistence(auth, inMemoryPersistence);
    await signInWithEmailAndPassword(auth, ready.email, ready.password);
    const storage = getStorage(app, `gs://${ready.bucket}`);
    connectStorageEmulator(storage, '127.0.0.1', ready.port);

    const serverCpuBefore = await serverCpu();
    const clientCpuBefore = process.cpuUsage();
    const start = performance.now();
    const snapshot = await uploadBytesResumable(ref(storage, 'bench/upload.bin'), source, { contentType: 'application/octet-stream' });
    const uploadSeconds = (performance.now() - start) / 1000;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpuSeconds = (await serverCpu()) - serverCpuBefore;
    if (snapshot.metadata.size !== size || snapshot.metadata.md5Hash !== md5) throw new Error('the stored object does not match the bytes sent');
    await deleteApp(app);

    const rate = (seconds: number) => (size / MiB / seconds).toFixed(0);
    console.log(`disk write (plain stream): ${diskSeconds.toFixed(2)} s, ${rate(diskSeconds)} MB/s`);
    console.log(`SDK upload over loopback:  ${uploadSeconds.toFixed(2)} s, ${rate(uploadSeconds)} MB/s (size and md5 verified)`);
    console.log(
      `CPU during the upload: server ${serverCpuSeconds.toFixed(2)} s, SDK client ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(2)} s ` +
        `(${os.availableParallelism()} CPUs)`,
    );
    console.log(`ratio (disk time / upload time): ${(diskSeconds / uploadSeconds).toFixed(2)} (target ≥ 0.5)`);
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
    const exited = once(child, 'exit');
    child.send('stop');
    const timer = setTimeout(() => child.kill(), 30_000);
    await exited;
    clearTimeout(timer);
  }
}

if (process.argv.includes('--server')) {
  void serve();
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
