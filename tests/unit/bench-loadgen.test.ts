import { describe, expect, it } from 'vitest';
import { parseWrk, wrkMs } from '../../bench/loadgen';

// A report as wrk 4.1 (Debian) prints it with --latency, against a page that answered 404 twice.
const report = `Running 8s test @ http://127.0.0.1:4811/
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   412.50us  120.07us   4.12ms   91.20%
    Req/Sec    24.12k     1.02k   26.01k    80.00%
  Latency Distribution
     50%  398.00us
     75%  451.00us
     90%  512.00us
     99%    1.21ms
  192011 requests in 8.00s, 1.62GB read
  Socket errors: connect 0, read 1, write 0, timeout 2
  Non-2xx or 3xx responses: 2
Requests/sec:  24001.37
Transfer/sec:    207.51MB
`;

describe('bench:ssr reading wrk', () => {
  it('takes requests, req/s, p50 and p99 in ms, socket errors and non-2xx answers from its report', () => {
    expect(parseWrk(report)).toEqual({
      requests: 192011,
      rps: 24001.37,
      p50: 0.398,
      p99: 1.21,
      errors: 3,
      non2xx: 2,
    });
  });

  it('reads every unit wrk prints durations in', () => {
    expect(wrkMs('812.00us')).toBeCloseTo(0.812);
    expect(wrkMs('1.23ms')).toBe(1.23);
    expect(wrkMs('2.01s')).toBeCloseTo(2010);
    expect(() => wrkMs('3 parsecs')).toThrow(/unknown duration/);
  });

  it('refuses a report without a latency distribution instead of printing zeros', () => {
    expect(() => parseWrk(report.replace(/ {5}99%.*\n/, ''))).toThrow(/lacks/);
  });
});
