/**
 * What Redis holds for the instances (rate-limit budgets, signed requests already received) when Redis
 * restarts: while it is down each instance falls back to its own memory (fail open), and once the same
 * Redis answers again, empty, the instances share their state again without being restarted.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisServerAvailable } from "../../../../test-support/services.ts";
import { freePort } from "../../scripts/cluster/cluster.ts";
import { manualClock } from "../../src/clock.ts";
import { loadConfig } from "../../src/config.ts";
import { createRateLimiter } from "../../src/rate-limit/from-config.ts";
import { createReplayGuard } from "../../src/replay/from-config.ts";
import { eventually } from "../e2e/support/reconcile.ts";
import { PrivateRedis } from "./support/world.ts";

const available = await redisServerAvailable();

describe.skipIf(!available)("a Redis restart under two instances", () => {
  let redis: PrivateRedis;
  const clock = manualClock(Date.now());
  const errors: Error[] = [];
  const onRedisError = (error: Error) => errors.push(error);

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
  });
  afterAll(async () => {
    await redis?.kill();
  });

  function config() {
    const loaded = loadConfig({ REDIS_URL: redis.url, RATE_LIMIT_PER_SECOND: "1", RATE_LIMIT_BURST: "1" });
    if (!loaded.ok) throw new Error(loaded.errors.join("; "));
    return loaded.config;
  }

  it("shares the rate-limit budget again once Redis is back", async () => {
    const a = await createRateLimiter({ config: config(), clock, onRedisError });
    const b = await createRateLimiter({ config: config(), clock, onRedisError });
    try {
      const key = `client:${randomUUID()}`;
      expect((await a.take(key)).allowed).toBe(true);
      expect((await b.take(key)).allowed, "one budget for both").toBe(false);

      await redis.kill();
      // Fail open: each instance counts in its own memory (b has not spent its own bucket yet).
      expect((await b.take(key)).allowed).toBe(true);
      expect((await b.take(key)).allowed).toBe(false);
      expect(errors.length).toBeGreaterThan(0);

      await redis.start();
      const fresh = `client:${randomUUID()}`;
      // The connection comes back by itself: wait until a's take reaches Redis again.
      await eventually(
        "the rate limiter back on Redis",
        async () => {
          const before = errors.length;
          const taken = await a.take(fresh);
          return errors.length === before && taken.allowed ? true : undefined;
        },
        15_000,
      );
      expect((await b.take(fresh)).allowed, "one budget for both again").toBe(false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 40_000);

  it("refuses a replay on every instance again once Redis is back", async () => {
    const a = await createReplayGuard({ config: config(), clock, onRedisError });
    const b = await createReplayGuard({ config: config(), clock, onRedisError });
    try {
      const expiry = clock.now() + 31_000;
      const seen = `request:${randomUUID()}`;
      expect(await a.firstUse(seen, expiry)).toBe(true);
      expect(await b.firstUse(seen, expiry)).toBe(false);

      await redis.kill();
      const during = `request:${randomUUID()}`;
      // Fail open: only the instance that received a request refuses its replay.
      expect(await a.firstUse(during, expiry)).toBe(true);
      expect(await a.firstUse(during, expiry)).toBe(false);
      expect(await b.firstUse(during, expiry)).toBe(true);

      await redis.start();
      const after = `request:${randomUUID()}`;
      await eventually(
        "the replay guard back on Redis",
        async () => {
          const before = errors.length;
          const first = await a.firstUse(`${after}:${randomUUID()}`, expiry);
          return errors.length === before && first ? true : undefined;
        },
        15_000,
      );
      expect(await a.firstUse(after, expiry)).toBe(true);
      expect(await b.firstUse(after, expiry), "refused by the other instance again").toBe(false);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 40_000);
});
