import type { Redis } from "ioredis";
import type { Clock } from "../clock.ts";
import type { ReplayGuard } from "./replay-guard.ts";

/**
 * Check-and-record as one script, so two instances receiving the same request at once cannot both
 * see it first. The stored value is the expiry by the caller's clock, which decides (as in the
 * signature check itself); Redis's own expiry only removes the key once it is of no further use.
 */
const FIRST_USE_LUA = `
local stored = redis.call("GET", KEYS[1])
if stored and tonumber(stored) > tonumber(ARGV[1]) then return 0 end
redis.call("SET", KEYS[1], ARGV[2], "PX", ARGV[3])
return 1
`;

const COMMAND = "rgsReplayFirstUse";

type RedisWithFirstUse = Redis & {
  [COMMAND](key: string, now: number, expiresAt: number, ttlMs: number): Promise<number>;
};

/** Requests seen by every instance sharing the Redis. `close` leaves the connection to its creator. */
export function createRedisReplayGuard(opts: {
  redis: Redis;
  clock: Clock;
  keyPrefix?: string;
}): ReplayGuard {
  const prefix = opts.keyPrefix ?? "rgs:replay:";
  opts.redis.defineCommand(COMMAND, { numberOfKeys: 1, lua: FIRST_USE_LUA });
  const redis = opts.redis as RedisWithFirstUse;
  return {
    async firstUse(key, expiresAtMs) {
      const now = Math.floor(opts.clock.now());
      const expiresAt = Math.ceil(expiresAtMs);
      return (await redis[COMMAND](`${prefix}${key}`, now, expiresAt, Math.max(1, expiresAt - now))) === 1;
    },
    async close() {},
  };
}
