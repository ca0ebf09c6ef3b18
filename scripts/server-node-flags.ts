/**
 * The node flags production starts the server with, read from package.json's `start` script
 * (`node [flags] dist/server/main.js`). `npm run bench:ssr` starts its server with the same flags,
 * and tests/unit/deploy-config.test.ts checks that `serve` and the Dockerfile's CMD use them too.
 */

/** The `--…` flags between `node` and the script of a `node [flags] script` command line. */
export function nodeFlagsOf(command: string): string[] {
  const words = command.trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error(`not a node command: ${command}`);
  const flags: string[] = [];
  for (const word of words.slice(1)) {
    if (!word.startsWith('--')) break;
    flags.push(word);
  }
  return flags;
}

/** The node flags of package.json's `start` script (the text of package.json). */
export function serverNodeFlags(packageJson: string): string[] {
  const start = (JSON.parse(packageJson) as { scripts: Record<string, string> }).scripts.start;
  if (!start) throw new Error('package.json has no start script');
  return nodeFlagsOf(start);
}
