/**
 * Entry point: loads `.env` when present, validates the configuration and checks HOST:PORT can be
 * bound (one clear line and exit 1 otherwise, before anything is created), starts the server and
 * stops it on SIGINT/SIGTERM.
 */
import { existsSync } from 'node:fs';
import { createServer } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './dataDirLock';
import { AuthUnreachableError } from './identity/unreachable';
import { checkCanListen, ListenError, listenErrorOf } from './listenCheck';
import { StorageUnreachableError } from './storage/unreachable';

async function main(): Promise<void> {
  // Whatever the server writes (database, keys, stored files) is for this user only; the modes are
  // also set explicitly where files are created (dataDir.ts), so the tests' servers get them too.
  process.umask(0o077);
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await checkCanListen(config.host, config.port);
  const server = await createServer(config);
  const stop = async (signal: string) => {
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  try {
    await server.app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await server.close();
    throw listenErrorOf(err, config.host, config.port) ?? err;
  }
}

main().catch((err: unknown) => {
  // An unusable or busy DATA_DIR, a port it cannot take, a seed's unreachable bucket or Auth: one line, no stack.
  const oneLine =
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof ListenError ||
    err instanceof StorageUnreachableError ||
    err instanceof AuthUnreachableError;
  console.error(oneLine ? err.message : err);
  process.exit(1);
});
