/**
 * The HTTP load generator of bench:ssr: wrk (Debian's `wrk` package, C, one thread) when it is on
 * the PATH, otherwise autocannon (Node, single-threaded). `BENCH_LOADGEN=wrk|autocannon` chooses.
 *
 * Why wrk first: the bench runs the server and the load generator on the same two cores. autocannon
 * spends about 0.2 ms of its own CPU on a request, more than the server spends answering one from
 * its page cache, so against a cached page it saturates its core first and req/s measures
 * autocannon. wrk spends a few microseconds a request, so req/s measures the server.
 */
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';

/** One load run's figures: req/s, latency percentiles in ms, failed requests. */
export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx (wrk: other than 2xx or 3xx). */
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** Duration, s. */
  seconds: number;
  headers: Record<string, string>;
}

function wrkInstalled(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** 'wrk' or 'autocannon', as chosen by BENCH_LOADGEN or by what is installed. */
export const loadGenerator: 'wrk' | 'autocannon' =
  process.env.BENCH_LOADGEN === 'autocannon' || (process.env.BENCH_LOADGEN !== 'wrk' && !wrkInstalled())
    ? 'autocannon'
    : 'wrk';

/** A wrk duration ("812.00us", "1.23ms", "2.01s") in ms. */
export function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`wrk printed an unknown duration: ${text}`);
  const value = Number(m[1]);
  return { us: value / 1e3, ms: value, s: value * 1e3, m: value * 6e4 }[m[2] as 'us' | 'ms' | 's' | 'm'];
}

/** The figures of wrk's `--latency` report. Throws when the report lacks one. */
export function parseWrk(report: string): LoadResult {
  const pick = (re: RegExp) => {
    const m = re.exec(report);
    if (!m) throw new Error(`wrk's report lacks ${re.source}:\n${report}`);
    return m;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  return {
    requests: Number(pick(/(\d+) requests in/)[1]),
    rps: Number(pick(/Requests\/sec:\s+([\d.]+)/)[1]),
    p50: wrkMs(pick(/^\s+50%\s+(\S+)/m)[1]!),
    p99: wrkMs(pick(/^\s+99%\s+(\S+)/m)[1]!),
    errors: socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0),
  };
}

function runWrk(options: LoadOptions): Promise<LoadResult> {
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}: ${value}`);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [...args, options.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`wrk exited with ${code}`));
      else {
        try {
          resolve(parseWrk(out));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    });
  });
}

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const r = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
  });
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

/** Runs the chosen load generator against one URL for `seconds`. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return loadGenerator === 'wrk' ? runWrk(options) : runAutocannon(options);
}
