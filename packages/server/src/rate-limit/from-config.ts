import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { connectRedis } from "../redis-connection.ts";
import { createMemoryRateLimiter } from "./memory.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { createRedisRateLimiter } from "./redis.ts";

/**
 * The limiter the server runs with: in memory, or through Redis when REDIS_URL is set. Redis must be
 * reachable at start (a misconfiguration fails loudly). If it becomes unreachable later, each instance
 * falls back to its own in-memory buckets until Redis answers again, rather than refusing or failing
 * operator calls; `onRedisError` hears about it. `close` also closes the Redis connection.
 */
export async function createRateLimiter(opts: {
  config: Config;
  clock: Clock;
  onRedisError?: (error: Error) => void;
}): Promise<RateLimiter> {
  const { ratePerSecond, burst } = opts.config.rateLimit;
  const memory = createMemoryRateLimiter({ ratePerSecond, burst, clock: opts.clock });
  if (!opts.config.redisUrl) return memory;
  const onError = opts.onRedisError ?? (() => {});
  const redis = await connectRedis(opts.config.redisUrl, onError);
  const shared = createRedisRateLimiter({ redis, ratePerSecond, burst, clock: opts.clock });
  return {
    async take(key) {
      try {
        return await shared.take(key);
      } catch (error) {
        onError(error as Error);
        return memory.take(key);
      }
    },
    async close() {
      await Promise.all([shared.close(), memory.close()]);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
