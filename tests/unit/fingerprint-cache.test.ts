/** The cache of the books of abstracts: kept per fingerprint, made once for concurrent asks, bounded in bytes. */
import { describe, expect, it } from 'vitest';
import { FingerprintCache } from '../../src/server/events/fingerprintCache';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('FingerprintCache', () => {
  it('keeps bytes until the fingerprint changes, then makes them anew', async () => {
    const cache = new FingerprintCache(1024);
    let made = 0;
    const make = (fill: number) => () => {
      made++;
      return Promise.resolve(bytes(10, fill));
    };
    expect(await cache.get('conf', 'v1', make(1))).toEqual({ bytes: bytes(10, 1), hit: false });
    expect(await cache.get('conf', 'v1', make(9))).toEqual({ bytes: bytes(10, 1), hit: true });
    expect(await cache.get('conf', 'v2', make(2))).toEqual({ bytes: bytes(10, 2), hit: false });
    expect(made).toBe(2);
    expect(cache.made).toBe(2);
  });

  it('makes once for concurrent requests of the same fingerprint', async () => {
    const cache = new FingerprintCache(1024);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const make = async () => {
      calls++;
      await gate;
      return bytes(5);
    };
    const asks = Promise.all([cache.get('c', 'f', make), cache.get('c', 'f', make), cache.get('c', 'f', make)]);
    release();
    const answers = await asks;
    expect(calls).toBe(1);
    expect(answers.every((a) => a.bytes.length === 5)).toBe(true);
  });

  it('drops the least recently used entries past its byte bound, and does not keep an entry over a quarter of it', async () => {
    const cache = new FingerprintCache(100);
    await cache.get('a', '1', () => Promise.resolve(bytes(20)));
    await cache.get('b', '1', () => Promise.resolve(bytes(20)));
    await cache.get('c', '1', () => Promise.resolve(bytes(20)));
    await cache.get('a', '1', () => Promise.resolve(bytes(20))); // a is now the most recent
    await cache.get('d', '1', () => Promise.resolve(bytes(20)));
    await cache.get('e', '1', () => Promise.resolve(bytes(20)));
    await cache.get('f', '1', () => Promise.resolve(bytes(20))); // 120 bytes asked: b goes
    expect((await cache.get('b', '1', () => Promise.resolve(bytes(20)))).hit).toBe(false);
    expect((await cache.get('a', '1', () => Promise.resolve(bytes(20)))).hit).toBe(true);
    await cache.get('big', '1', () => Promise.resolve(bytes(30)));
    expect((await cache.get('big', '1', () => Promise.resolve(bytes(30)))).hit).toBe(false);
  });

  it('reports an entry too large to keep once per key, with its size and the limit', async () => {
    const cache = new FingerprintCache(100);
    const reports: Array<[string, number, number]> = [];
    const ask = (key: string, n: number) =>
      cache.get(
        key,
        '1',
        () => Promise.resolve(bytes(n)),
        (size, limit) => reports.push([key, size, limit]),
      );
    await ask('big', 30);
    await ask('big', 30);
    await ask('small', 20);
    await ask('other', 26);
    expect(reports).toEqual([
      ['big', 30, 25],
      ['other', 26, 25],
    ]);
    expect(cache.made).toBe(4);
  });

  it('a failed making is not kept: the next request tries again', async () => {
    const cache = new FingerprintCache(1024);
    await expect(cache.get('c', 'f', () => Promise.reject(new Error('font missing')))).rejects.toThrow('font missing');
    expect(await cache.get('c', 'f', () => Promise.resolve(bytes(3)))).toEqual({ bytes: bytes(3), hit: false });
  });
});
