/**
 * Rate limits (fixed windows: `points` per `durationSeconds` from a key's first use) behind one
 * interface: in memory (rate-limiter-flexible) for the embedded mode, which runs one server process
 * per DATA_DIR (dataDirLock.ts), and in Firestore for firebase mode, so that any number of server
 * instances share one count.
 */
import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimit {
  /** A name of the limit (keys of different limits never meet). */
  name: string;
  points: number;
  durationSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface RateLimiter {
  /** Counts one use by `key`; `allowed: false` once the key has used up its points in the window. */
  consume(key: string): Promise<RateLimitResult>;
}

/** Creates the limiter of a named limit (the server's choice of memory or Firestore). */
export type RateLimiterFactory = (limit: RateLimit) => RateLimiter;

export const memoryRateLimiter: RateLimiterFactory = (limit) => {
  const limiter = new RateLimiterMemory({
    keyPrefix: limit.name,
    points: limit.points,
    duration: limit.durationSeconds,
  });
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (err) {
        if (err instanceof RateLimiterRes) return { allowed: false, retryAfterMs: err.msBeforeNext };
        throw err;
      }
    },
  };
};

/** The collection of the shared counters: `{name}:{sha256 of the key}` = {points, resetAt (ms), expireAt}. */
export const RATE_LIMITS_COLLECTION = '_rateLimits';

/**
 * Counters in Firestore, one document per limit and key, updated in a transaction (read, then
 * reset the window or count one more), so concurrent requests on any instance are counted exactly
 * once each. Windows are measured with the instances' clocks (`now`). `expireAt` lets a Firestore
 * TTL policy on `_rateLimits` remove finished windows.
 */
export function firestoreRateLimiter(db: Firestore, now: () => number = Date.now): RateLimiterFactory {
  return (limit) => ({
    async consume(key) {
      const id = `${limit.name}:${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
      const ref = db.collection(RATE_LIMITS_COLLECTION).doc(id);
      // A key past its limit is refused from a plain read, without a transaction: a client that
      // keeps sending does not contend for the counter (only an allowed use is decided in one).
      const seen = await ref.get();
      const seenReset = Number(seen.get('resetAt') ?? 0);
      if (seen.exists && seenReset > now() && Number(seen.get('points')) >= limit.points)
        return { allowed: false, retryAfterMs: seenReset - now() };
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await db.runTransaction(async (tx): Promise<RateLimitResult> => {
            const snap = await tx.get(ref);
            const t = now();
            const end = t + limit.durationSeconds * 1000;
            const window = { points: 1, resetAt: end, expireAt: new Date(end) }; // stored as a Timestamp (the TTL field)
            // A first window is created (fails if another instance created it meanwhile: counted again below).
            if (!snap.exists) {
              tx.create(ref, window);
              return { allowed: true };
            }
            const resetAt = Number(snap.get('resetAt'));
            const points = Number(snap.get('points'));
            if (!(resetAt > t)) {
              tx.set(ref, window);
              return { allowed: true };
            }
            if (points >= limit.points) return { allowed: false, retryAfterMs: resetAt - t };
            tx.update(ref, { points: points + 1 });
            return { allowed: true };
          });
        } catch (err) {
          // ALREADY_EXISTS (gRPC 6): a concurrent first use created the window; count this one in it.
          if ((err as { code?: unknown }).code === 6 && attempt < 5) continue;
          throw err;
        }
      }
    },
  });
}
