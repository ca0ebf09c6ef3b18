/**
 * What the command-line tools (`npm run user`, `export`, `import`) share: the configuration (`.env`
 * when present, then the environment, as the server reads it), the command that started them (for
 * their help and errors), argument parsing, one-line errors and exit codes, and exiting once the
 * output is flushed (which also ends firebase-admin's keep-alive connections).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';

/** Wrong usage: exit status 2 with a pointer to `--help`. */
export class UsageError extends Error {}

/** The server's configuration: `.env` beside package.json when present, then the environment. Throws ConfigError. */
export function cliConfig(): Config {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return loadConfig(process.env);
}

/**
 * The command that runs the tool `name` (user, export, import, seed) the way this one was started,
 * ready for arguments: `npm run user --` (source, through tsx), `npm run user:built --` (an npm script
 * of the build), or `node dist/server/cli/user.js` (the build run directly, as in the Docker image,
 * which has no tsx).
 */
export function commandOf(name: string): string {
  const script = /^(?:user|export|import|seed)(:built)?$/.exec(process.env.npm_lifecycle_event ?? '');
  if (script) return `npm run ${name}${script[1] ?? ''} --`;
  const entry = process.argv[1] ?? '';
  if (!entry.endsWith('.js')) return `npm run ${name} --`;
  const relative = path.relative(process.cwd(), path.join(path.dirname(entry), `${name}.js`));
  return `node ${relative.startsWith('..') ? path.resolve(relative) : relative}`;
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

/** The first line of an error's message (for one-line errors on stderr). */
export function oneLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.split('\n')[0]!.trim() || 'unknown error';
}

/**
 * Parses `FILE [--flag…]` strictly: `{file, flags}`, or null after printing `usage` for --help.
 * Throws UsageError for an unknown option, a missing FILE (`missing FILE (${what})`) or a second argument.
 */
export function fileArguments<F extends string>(
  usage: string,
  what: string,
  flags: readonly F[] = [],
): { file: string; flags: Record<F, boolean> } | null {
  let parsed;
  try {
    const options = Object.fromEntries([
      ['help', { type: 'boolean', short: 'h' }],
      ...flags.map((f) => [f, { type: 'boolean' }]),
    ]) as Record<string, { type: 'boolean'; short?: string }>;
    parsed = parseArgs({ args: process.argv.slice(2), allowPositionals: true, strict: true, options });
  } catch (err) {
    throw new UsageError((err as Error).message.split(/\.\s/)[0]);
  }
  if (parsed.values.help) {
    console.log(usage);
    return null;
  }
  const [file, extra] = parsed.positionals;
  if (!file) throw new UsageError(`missing FILE (${what})`);
  if (extra) throw new UsageError(`unexpected argument "${extra}"`);
  return { file, flags: Object.fromEntries(flags.map((f) => [f, parsed.values[f] === true])) as Record<F, boolean> };
}

/**
 * Runs the CLI's main: exit 0 done, 1 failed (one line on stderr), 2 wrong usage (`Run "npm run
 * {name} -- --help" for the {helpNoun}.`, naming the command as it was started: commandOf).
 */
export function runCli(name: string, main: () => Promise<void>, helpNoun = 'usage'): void {
  main().then(
    () => finish(0),
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(`Error: ${err.message}. Run "${commandOf(name)} --help" for the ${helpNoun}.`);
        finish(2);
        return;
      }
      console.error(err instanceof ConfigError ? err.message : `Error: ${oneLine(err)}`);
      finish(1);
    },
  );
}
