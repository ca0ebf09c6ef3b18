/**
 * What the export and import CLIs share: the configuration (`.env` when present, then the
 * environment, as the server and `npm run user` read it), one-line errors, and exiting once the
 * output is flushed (which also ends firebase-admin's keep-alive connections).
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from '../config';

export class UsageError extends Error {}

export function cliConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig(process.env);
}

function finish(code: number): void {
  let pending = 2;
  const done = () => {
    pending -= 1;
    if (pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}

/** Runs the CLI's main: exit 0 done, 1 failed (one line on stderr), 2 wrong usage. */
export function runCli(name: string, main: () => Promise<void>): void {
  main().then(
    () => finish(0),
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(`Error: ${err.message}. Run "npm run ${name} -- --help" for the usage.`);
        finish(2);
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      console.error(err instanceof ConfigError ? message : `Error: ${message.split('\n')[0]!.trim() || 'unknown error'}`);
      finish(1);
    },
  );
}
