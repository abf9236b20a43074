import type { Redis } from "ioredis";
import type { Clock } from "../clock.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { bucketParams, decision } from "./token-bucket.ts";

/**
 * `takeToken` of token-bucket.ts as one Lua script, so read-refill-take-write is atomic across every
 * instance sharing the Redis. The time comes from the caller's clock, so instances sharing a budget
 * need synchronised clocks (NTP); a peer slightly behind refills nothing rather than rewinding.
 * Lua numbers are doubles: every value here is an integer below 2^53, so the arithmetic is exact.
 */
const TAKE_TOKEN_LUA = `
local capacity = tonumber(ARGV[1])
local refillPerMs = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local fullAfterMs = tonumber(ARGV[4])
local micro = 1000000
local tokens = capacity
local at = now
local stored = redis.call("HMGET", KEYS[1], "tokens", "at")
if stored[1] and stored[2] then
  local last = tonumber(stored[2])
  at = math.max(last, now)
  local elapsed = math.min(math.max(0, now - last), fullAfterMs)
  tokens = math.min(capacity, tonumber(stored[1]) + elapsed * refillPerMs)
end
local allowed = 0
local retryAfterMs = 0
if tokens >= micro then
  tokens = tokens - micro
  allowed = 1
else
  retryAfterMs = math.ceil((micro - tokens) / refillPerMs)
end
redis.call("HSET", KEYS[1], "tokens", string.format("%d", tokens), "at", string.format("%d", at))
redis.call("PEXPIRE", KEYS[1], fullAfterMs + 1000)
return { allowed, math.floor(tokens / micro), retryAfterMs }
`;

const COMMAND = "rgsRateLimitTake";

type RedisWithTake = Redis & {
  [COMMAND](key: string, ...args: number[]): Promise<[number, number, number]>;
};

/**
 * Buckets shared through Redis, one hash per key expiring once it would be full again. The script
 * runs by EVALSHA, falling back to EVAL when Redis has not cached it (ioredis `defineCommand`).
 * `close` leaves the Redis connection open: whoever created it closes it.
 */
export function createRedisRateLimiter(opts: {
  redis: Redis;
  ratePerSecond: number;
  burst: number;
  clock: Clock;
  keyPrefix?: string;
}): RateLimiter {
  const params = bucketParams(opts.ratePerSecond, opts.burst);
  const prefix = opts.keyPrefix ?? "rgs:rate:";
  opts.redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: TAKE_TOKEN_LUA });
  const redis = opts.redis as RedisWithTake;
  return {
    async take(key) {
      const now = Math.floor(opts.clock.now());
      const [allowed, remaining, retryAfterMs] = await redis[COMMAND](
        `${prefix}${key}`,
        params.capacity,
        params.refillPerMs,
        now,
        params.fullAfterMs,
      );
      return decision(allowed === 1, remaining, retryAfterMs);
    },
    async close() {},
  };
}
