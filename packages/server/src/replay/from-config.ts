import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { connectRedis } from "../redis-connection.ts";
import { createMemoryReplayGuard } from "./memory.ts";
import { createRedisReplayGuard } from "./redis.ts";
import type { ReplayGuard } from "./replay-guard.ts";

/**
 * The guard the server runs with: in memory, or shared through Redis when REDIS_URL is set, so a
 * replay sent to another instance is refused too. Redis must be reachable at start. If it becomes
 * unreachable later the guard fails open to this instance's own memory (which records every request
 * in any case): a replay is then refused only by the instance that saw the original, and
 * `onRedisError` hears about it. Failing closed would refuse every signed POST, that is every game
 * launch of every operator, for as long as Redis is down, to stop an attack that needs a captured
 * request (TLS broken) used within the signature window; the signature and its window still apply.
 */
export async function createReplayGuard(opts: {
  config: Config;
  clock: Clock;
  onRedisError?: (error: Error) => void;
}): Promise<ReplayGuard> {
  const memory = createMemoryReplayGuard({ clock: opts.clock });
  if (!opts.config.redisUrl) return memory;
  const onError = opts.onRedisError ?? (() => {});
  const redis = await connectRedis(opts.config.redisUrl, onError);
  const shared = createRedisReplayGuard({ redis, clock: opts.clock });
  return {
    async firstUse(key, expiresAtMs) {
      const local = await memory.firstUse(key, expiresAtMs);
      try {
        return (await shared.firstUse(key, expiresAtMs)) && local;
      } catch (error) {
        onError(error as Error);
        return local;
      }
    },
    async close() {
      await Promise.all([shared.close(), memory.close()]);
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
