import type { Clock } from "../clock.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { type BucketState, bucketParams, decision, takeToken } from "./token-bucket.ts";

/**
 * Buckets of one process. At most `maxKeys` buckets are kept; the least recently used is forgotten
 * first. Those have usually been idle long enough to be full again, and a full bucket is the same as
 * no bucket, so eviction costs little accuracy and bounds memory whatever the number of client IPs.
 */
export function createMemoryRateLimiter(opts: {
  ratePerSecond: number;
  burst: number;
  clock: Clock;
  maxKeys?: number;
}): RateLimiter {
  const params = bucketParams(opts.ratePerSecond, opts.burst);
  const maxKeys = opts.maxKeys ?? 100_000;
  // Map iteration order is insertion order: re-inserting on every use keeps the oldest use first.
  const buckets = new Map<string, BucketState>();
  return {
    async take(key) {
      const result = takeToken(buckets.get(key), opts.clock.now(), params);
      buckets.delete(key);
      buckets.set(key, result.state);
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next();
        if (!oldest.done) buckets.delete(oldest.value);
      }
      return decision(result.allowed, result.remaining, result.retryAfterMs);
    },
    async close() {
      buckets.clear();
    },
  };
}
